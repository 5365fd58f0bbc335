$BUILD/pidle-stat --csv --before $TMP/wbefore --after $TMP/wafter --elapsed 1
