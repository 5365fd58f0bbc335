echo kept > $TMP/keep && $BUILD/pidle-stat --before $TMP/before --after $TMP/garbage --elapsed 1 -o $TMP/keep; echo "exit $?"; cat $TMP/keep
