printf 'state POLL 0\nipi 0 5 5.5\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
