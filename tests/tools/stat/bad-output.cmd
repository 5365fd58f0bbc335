$BUILD/pidle-stat --sysfs-root $TMP/after -o $TMP/no/such/dir/out -n 1
