$BUILD/pidle-stat --sysfs-root $TMP/nonexistent --no-module -n 1
