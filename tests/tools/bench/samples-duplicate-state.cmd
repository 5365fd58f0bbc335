printf 'state POLL 0\nstate C1 2\nstate POLL 4\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
