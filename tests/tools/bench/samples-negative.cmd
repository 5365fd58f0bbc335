printf 'state POLL 0\ntimer 0 1000 -3\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
