printf '# nothing\n\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
