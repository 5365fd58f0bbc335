$BUILD/pidle-stat --before $TMP/before --after $TMP/after --elapsed 1 --json >/dev/full
