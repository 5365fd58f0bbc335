printf 'state POLL -1\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
