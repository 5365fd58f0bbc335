$BUILD/pidle-stat --before $TMP/lbefore --after $TMP/lafter --elapsed 1 --json
