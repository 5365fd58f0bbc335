echo kept > $TMP/keep2 && $BUILD/pidle-stat --sysfs-root $TMP/no-such-tree -n 1 -o $TMP/keep2; echo "exit $?"; cat $TMP/keep2
