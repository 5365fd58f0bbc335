$BUILD/pidle-stat --sysfs-root $TMP/nomod -n 1 -i 0.01
