#!/bin/sh
# A --cpu without cpuidle states is refused, naming it and the CPUs that
# have states, and no disable file is touched.
r=$TMP/nocpu; sh $DATA/tree.sub $r
err=$($BUILD/pidle-bench --sysfs-root $r -c 5 2>&1 >/dev/null); rc=$?
[ $rc = 1 ] || { echo "exit $rc, want 1"; exit 1; }
want="pidle-bench: invalid CPU '5': only CPUs 0-1 have cpuidle states."
[ "$(echo "$err" | head -n 1)" = "$want" ] || { echo "stderr: $err"; exit 1; }
for f in $r/sys/devices/system/cpu/cpu*/cpuidle/state*/disable; do
	[ "$(cat $f)" = 0 ] || { echo "$f touched"; exit 1; }
done
