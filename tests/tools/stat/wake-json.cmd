$BUILD/pidle-stat --json --before $TMP/wbefore --after $TMP/wafter --elapsed 1
