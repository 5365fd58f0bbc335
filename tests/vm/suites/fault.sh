#!/bin/busybox sh
# fault: init's error path, driven by the module's test build
# (/fault/pseudo_cpuidle.ko, built with PIDLE_FAULT=y) whose
# fault_online_cpu=N makes CPU N's cpuhp online callback fail. cpuhp then
# rolls back every CPU it had brought up, each unregistering its device
# and waking the CPUs still idle in a pseudo state, which spin a long exit
# latency; init must drain them and tear down as exit does. A failed load
# leaves nothing behind: no module, no driver, no sysfs tree, no cpuhp
# state, nothing for a delayed kobject release to find after the module's
# memory is gone (the debug kernel: KASAN, DEBUG_KOBJECT_RELEASE; any
# splat fails the run). Two vCPUs: under DEBUG_KOBJECT_RELEASE every
# cpuidle kobject removal waits out its delay, one after another.
# kernels: debug
# icount-debug: shift=0,sleep=off
# smp: 2
# timeout: 400
. /lib.sh
FKO=/fault/pseudo_cpuidle.ko
LAST=$(($(ncpus) - 1))
# A 5 ms exit latency: a CPU woken by the rollback is still spinning it
# when the rollback ends, unless init waits for it.
LONG=POLL:0:0,LONG:5000:10000
NFAIL=10

# left_behind: what a failed load or an unload left; empty when nothing.
left_behind() {
	l=
	loaded && l="$l module-loaded"
	[ -e $SYS ] && l="$l $SYS"
	[ "$(driver)" = none ] || l="$l driver=$(driver)"
	grep -q 'cpuidle/pseudo' /sys/devices/system/cpu/hotplug/states &&
		l="$l cpuhp-state"
	[ -e /sys/devices/system/cpu/cpu0/cpuidle/state0 ] && l="$l cpu0/cpuidle/state0"
	echo $l
}

# fail_once ARGS...: one load of the fault build that must fail with EIO
# and log the fault.
fail_once() {
	d0=$(dmesg | wc -l)
	if out=$(/modload $FKO "$@" 2>&1); then
		why "loaded"; unload >/dev/null; return 1
	fi
	err=
	case "$out" in *"Input/output error"*) ;; *) err="'$out', want EIO" ;; esac
	dmesg | tail -n +$((d0 + 1)) | grep -q "cpu$LAST's online callback fails" ||
		err="$err no fault line in the log"
	reasons "$err"
}

# 1
first_fault() {
	[ -e $FKO ] || { why "no $FKO in the image"; return 1; }
	fail_once fault_online_cpu=$LAST wait=halt
}

# 2 (after the delayed kobject releases of a debug kernel, 1-4 s)
nothing_left() {
	sleep 5
	lb=$(left_behind)
	[ -z "$lb" ] || { why "left:$lb"; return 1; }
}

# 3: CPUs spinning a 5 ms exit latency while the rollback runs
long_latency_faults() {
	i=0
	while [ $i -lt $NFAIL ]; do
		fail_once fault_online_cpu=$LAST wait=halt states=$LONG || { why "load $i"; return 1; }
		lb=$(left_behind)
		[ -z "$lb" ] || { why "load $i: left$lb"; return 1; }
		i=$((i + 1))
	done
	nothing_left
}

# 4: the fault build without the fault, then the real module, load and
# idle through their states; neither leaves anything behind.
clean_loads() {
	err=
	if ! /modload $FKO wait=halt >/dev/null 2>&1; then
		err="fault build without fault_online_cpu refused"
	else
		sleep 1
		[ "$(deep_usage)" -gt 0 ] || err="fault build: no state used"
		unload >/dev/null || err="$err; fault build: rmmod failed"
	fi
	if load wait=halt; then
		sleep 1
		[ "$(deep_usage)" -gt 0 ] || err="$err; no state used"
		[ -e /sys/module/$MOD/parameters/fault_online_cpu ] &&
			err="$err; the real module has fault_online_cpu"
		unload >/dev/null || err="$err; rmmod failed"
	else
		err="$err; real module refused"
	fi
	sleep 5
	lb=$(left_behind)
	[ -z "$lb" ] || err="$err; left$lb"
	reasons "$err"
}

ktap_header
leak_start
diag "cpus: $(ncpus), fault on cpu$LAST, driver before: $(driver)"
ktap_test "online callback fault: load fails with EIO" first_fault
ktap_test "failed load leaves nothing behind" nothing_left
ktap_test "$NFAIL failed loads with a 5 ms exit latency, nothing left" long_latency_faults
ktap_test "loads after the failures, unloads clean; fault hook only in the test build" clean_loads
leak_result
ktap_finished
