$BUILD/pidle-stat --sysfs-root $TMP/after -n 2 -I 0.01 | grep -c "^pidle-stat: "
