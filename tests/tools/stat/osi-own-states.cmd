$BUILD/pidle-stat --before $TMP/dbefore --after $TMP/dafter --elapsed 1
