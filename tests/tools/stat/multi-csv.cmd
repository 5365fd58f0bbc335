$BUILD/pidle-stat --before $TMP/multi-before --after $TMP/multi-after --elapsed 2 --csv
