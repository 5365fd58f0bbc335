$BUILD/pidle-stat --before $TMP/before --after $TMP/badpcpu --elapsed 1
