$BUILD/pidle-stat --sysfs-root $TMP/after -n 2 -i 0.01 --csv | cut -d, -f1,3-
