$BUILD/pidle-stat --before $TMP/ebefore --after $TMP/eafter --elapsed 1 --json
