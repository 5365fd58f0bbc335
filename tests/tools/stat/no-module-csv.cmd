$BUILD/pidle-stat --before $TMP/nomod --after $TMP/nomod2 --elapsed 2 --no-module --csv
