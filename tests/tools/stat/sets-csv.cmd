$BUILD/pidle-stat --before $TMP/sbefore --after $TMP/safter --elapsed 1 --csv
