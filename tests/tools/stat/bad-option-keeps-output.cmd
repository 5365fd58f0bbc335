echo old > $TMP/kept; $BUILD/pidle-stat -o $TMP/kept --bogus; cat $TMP/kept
