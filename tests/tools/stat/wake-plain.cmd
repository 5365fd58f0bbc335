$BUILD/pidle-stat  --before $TMP/wbefore --after $TMP/wafter --elapsed 1
