$BUILD/pidle-stat --before $TMP/before --after $TMP/garbage --elapsed 1
