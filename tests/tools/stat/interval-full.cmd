$BUILD/pidle-stat --sysfs-root $TMP/after -n 2 -I 1ms --csv >/dev/full
