$BUILD/pidle-stat --before $TMP/gbefore --after $TMP/gafter --elapsed 1
