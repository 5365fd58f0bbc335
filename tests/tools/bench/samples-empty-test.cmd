printf 'state POLL 0\ntimer 0\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
