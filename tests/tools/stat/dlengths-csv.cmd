$BUILD/pidle-stat --before $TMP/dlbefore --after $TMP/dlafter --elapsed 1 --csv
