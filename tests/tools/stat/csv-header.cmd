$BUILD/pidle-stat --sysfs-root $TMP/after --csv -- sh -c "exit 3" | head -1
