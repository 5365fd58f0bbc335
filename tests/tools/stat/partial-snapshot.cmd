$BUILD/pidle-stat --before $TMP/before --elapsed 1
