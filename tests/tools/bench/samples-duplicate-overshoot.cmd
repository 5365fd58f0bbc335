printf 'state POLL 0\ntimer 0 5\novershoot 0 1 2 3\novershoot 0 1 2 3\n' > $TMP/s.txt; $BUILD/pidle-bench --samples-from $TMP/s.txt
