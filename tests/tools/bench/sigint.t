#!/bin/sh
# SIGINT during a run restores the disable files and exits 130.
r=$TMP/sigint; sh $DATA/tree.sub $r
$BUILD/pidle-bench --sysfs-root $r -n 100000 -I 1000 -t timer >/dev/null &
pid=$!
i=0
while [ "$(cat $r/sys/devices/system/cpu/cpu0/cpuidle/state1/disable)" != 1 ]; do
	i=$((i + 1)); [ $i -lt 500 ] || { kill $pid; exit 1; }; sleep 0.01
done
kill -INT $pid
wait $pid; rc=$?
[ $rc = 130 ] || { echo "exit $rc, want 130"; exit 1; }
for f in $r/sys/devices/system/cpu/cpu*/cpuidle/state*/disable; do
	[ "$(cat $f)" = 0 ] || { echo "$f not restored"; exit 1; }
done
