$BUILD/pidle-stat --sysfs-root $TMP/after -n 2 -I 10ms --csv | cut -d, -f1,3-
