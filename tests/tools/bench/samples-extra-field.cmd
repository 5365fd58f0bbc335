printf 'state POLL 0 7\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
