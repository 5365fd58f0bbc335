$BUILD/pidle-stat --sysfs-root $TMP/after -o /dev/full -- true
