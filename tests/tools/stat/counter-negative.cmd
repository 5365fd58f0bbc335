$BUILD/pidle-stat --before $TMP/before --after $TMP/negative --elapsed 1
