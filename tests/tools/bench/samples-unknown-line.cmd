printf 'state POLL 0\ntimers 0 5\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
