$BUILD/pidle-stat --before $TMP/before --after $TMP/binary --elapsed 1
