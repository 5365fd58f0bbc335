#!/bin/sh
# A real (tiny) run on a fake tree: disable files must come back as they were.
set -e
r=$TMP/restore; sh $DATA/tree.sub $r
echo 1 >$r/sys/devices/system/cpu/cpu1/cpuidle/state1/disable
$BUILD/pidle-bench --sysfs-root $r -n 5 -I 100 --csv >$TMP/restore.csv
test "$(wc -l <$TMP/restore.csv)" = 5	# header + 2 states x 2 tests
grep -q '^1,"C1",2,ipi,5,' $TMP/restore.csv
test "$(cat $r/sys/devices/system/cpu/cpu0/cpuidle/state0/disable)" = 0
test "$(cat $r/sys/devices/system/cpu/cpu0/cpuidle/state1/disable)" = 0
test "$(cat $r/sys/devices/system/cpu/cpu1/cpuidle/state1/disable)" = 1
