printf 'state POLL 0\ntimer 0 1000 12345678901234567890123\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
