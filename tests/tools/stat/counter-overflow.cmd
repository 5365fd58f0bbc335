$BUILD/pidle-stat --before $TMP/before --after $TMP/overflow --elapsed 1
