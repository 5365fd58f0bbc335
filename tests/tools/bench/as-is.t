#!/bin/sh
# --as-is measures without any cpuidle tree (as under idle=poll): one row
# per test, named as-is, with the requested sample count.
set -e
$BUILD/pidle-bench --sysfs-root $TMP/none --as-is -n 4 -I 100 --csv >$TMP/as-is.csv
test "$(wc -l <$TMP/as-is.csv)" = 3	# header + timer + ipi
grep -q '^0,"as-is",0,timer,4,' $TMP/as-is.csv
grep -q '^0,"as-is",0,ipi,4,' $TMP/as-is.csv
