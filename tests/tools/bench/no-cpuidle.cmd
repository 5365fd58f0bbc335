$BUILD/pidle-bench --sysfs-root $TMP/none
