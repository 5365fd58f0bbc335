$BUILD/pidle-stat --sysfs-root $TMP/after -o /dev/null -- /no/such/command
