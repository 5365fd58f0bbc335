#!/bin/busybox sh
# lifetime: what the debug kernel checks (lockdep, KASAN,
# DEBUG_KOBJECT_RELEASE, which delays every kobject's release by 1-4 s),
# run on every kernel. The sysfs tree across reconfigurations (no
# "duplicate filename"; a file held open across one reads nothing of the
# new model); CPU hotplug with the module loaded (the model's lock-free
# protocol runs with interrupts off, which lockdep asserts); rmmod, then
# a wait for the delayed releases (the host fails the run on any splat
# in the log, and a release after rmmod would Oops in the module's freed
# text); the same with powercap zones, read, rebuilt and removed (issue
# 28: their releases came after rmmod). Two vCPUs: each cpuidle kobject
# removal waits out its delay.
# kernels: debug
# icount-debug: shift=0,sleep=off
# smp: 2
# timeout: 600
. /lib.sh
P=/sys/module/$MOD/parameters
T2=POLL:0:0,C1:2:2,C6:100:400:core,PC6:300:1200:package
T1=POLL:0:0,C1:2:2

# tree_matches NSTATES: cpuN/stateK directories exactly 0..NSTATES-1 and
# every file readable
tree_matches() {
	for c in $SYS/cpu[0-9]*; do
		n=$(ls -d $c/state[0-9]* | wc -l)
		[ "$n" -eq "$1" ] || { why "${c##*/}: $n state directories, want $1"; return 1; }
	done
	bad=$(find $SYS -type f -perm -0400 | while read -r f; do cat "$f" > /dev/null 2>&1 || echo "$f"; done)
	[ -z "$bad" ] || { why "unreadable: $bad"; return 1; }
}

no_dup() {
	! dmesg | grep -q 'duplicate filename' || { why "$(dmesg | grep -m1 'duplicate filename')"; return 1; }
}

case_reconfig() {
	load wait=halt || return 1
	for t in $T1 $T2 $T1 $T2; do
		echo "$t" > $P/states || { why "write $t refused"; return 1; }
		n=$(echo "$t" | tr ',' '\n' | wc -l)
		tree_matches $n || return 1
	done
	no_dup
}

# A file held open while the table shrinks: cpu0/state3 is gone from the
# new model; reading the old file must fail, never show the new model.
case_stale() {
	echo "$T2" > $P/states || { why "write refused"; return 1; }
	exec 4< $SYS/cpu0/state3/name
	echo "$T1" > $P/states || { exec 4<&-; why "write refused"; return 1; }
	if got=$(cat <&4 2>/dev/null); then
		exec 4<&-
		why "the removed cpu0/state3/name still reads '$got'"
		return 1
	fi
	exec 4<&-
	[ ! -e $SYS/cpu0/state3 ] || { why "cpu0/state3 still exists"; return 1; }
}

case_hotplug() {
	c=/sys/devices/system/cpu/cpu1/online
	[ -w $c ] || { why "cpu1 cannot go offline"; return 1; }
	for i in 1 2; do
		echo 0 > $c || { why "offline $i failed"; return 1; }
		sleep 1
		echo 1 > $c || { why "online $i failed"; return 1; }
		sleep 1
	done
	u0=$(deep_usage); sleep 1
	[ "$(deep_usage)" -gt "$u0" ] || { why "no state used after hotplug"; return 1; }
}

case_rmmod() {
	unload > /dev/null || { why "rmmod failed"; return 1; }
	[ ! -e $SYS ] || { why "$SYS still there"; return 1; }
	# DEBUG_KOBJECT_RELEASE's delays are 1-4 s: let any release run now.
	sleep 5
	! dmesg | grep -qE 'BUG:|Oops|Call Trace' || { why "$(dmesg | grep -m1 -E 'BUG:|Oops|Call Trace')"; return 1; }
	load wait=halt || { why "reload"; return 1; }
	unload > /dev/null || { why "second rmmod failed"; return 1; }
	sleep 5
}

# Issue 28's reproduction: the powercap zones (a table with power, a
# package zone with a core zone per CPU) read, rebuilt by a power= write,
# and removed by rmmod; then the 1-4 s of DEBUG_KOBJECT_RELEASE and one
# more. A zone's release after its parent's, or after rmmod, is a KASAN
# report (slab-use-after-free in idr_remove) or an Oops in freed text.
PCT=POLL:0:0:cpu:4000,C1:2:2:cpu:1500,C6:100:400:core:100,PC6:300:1200:package:1000
PCP=cpu:4000,core:1500,package:6000
case_powercap() {
	pc=/sys/class/powercap/pseudo-cpuidle
	for i in 1 2 3; do
		load states=$PCT power=$PCP "topology=core=0,1;package=0-1" wait=halt || return 1
		n=0
		# /sys/class/powercap lists every zone, nested ones included
		for f in $pc:*/energy_uj; do
			cat $f > /dev/null 2>&1 && n=$((n + 1))
		done
		[ $n -eq 3 ] || { why "cycle $i: $n zones read, want 3"; return 1; }
		echo $PCP > $P/power || { why "cycle $i: power= write refused"; return 1; }
		cat $pc:*/energy_uj > /dev/null
		unload > /dev/null || { why "cycle $i: rmmod failed"; return 1; }
		sleep 6
		! dmesg | grep -qE 'BUG:|Oops|Call Trace' ||
			{ why "cycle $i: $(dmesg | grep -m1 -E 'BUG:|Oops|Call Trace')"; return 1; }
	done
}

ktap_header
ktap_plan 5
ktap_test "reconfigurations rebuild the sysfs tree, no duplicate filename" case_reconfig
ktap_test "a sysfs file held open across a reconfiguration reads nothing" case_stale
ktap_test "CPU hotplug with the module loaded" case_hotplug
ktap_test "rmmod, reload, rmmod; no splat after the delayed releases" case_rmmod
ktap_test "with powercap zones: read, reconfigure, rmmod, 6 s; no splat, three times" case_powercap
ktap_finished
