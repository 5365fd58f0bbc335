$BUILD/pidle-stat --before $TMP/before --after $TMP/exponent --elapsed 1
