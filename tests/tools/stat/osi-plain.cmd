$BUILD/pidle-stat --before $TMP/obefore --after $TMP/oafter --elapsed 1
