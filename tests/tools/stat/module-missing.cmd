$BUILD/pidle-stat --sysfs-root $TMP/nomod -n 1 -I 0.01
