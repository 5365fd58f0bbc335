$BUILD/pidle-stat --sysfs-root $TMP/garbage -n 1 -I 1ms
