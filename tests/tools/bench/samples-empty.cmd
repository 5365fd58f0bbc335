printf '' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
