$BUILD/pidle-stat --sysfs-root $TMP/after -o /dev/null -- sh -c "exit 3"
