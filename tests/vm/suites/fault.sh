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
# kernels: rt debug
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
# and log the fault; sets REASON on failure.
fail_once() {
	d0=$(dmesg | wc -l)
	if out=$(/modload $FKO "$@" 2>&1); then
		REASON="loaded"; unload >/dev/null; return 1
	fi
	REASON=
	case "$out" in *"Input/output error"*) ;; *) REASON="'$out', want EIO" ;; esac
	dmesg | tail -n +$((d0 + 1)) | grep -q "cpu$LAST's online callback fails" ||
		REASON="$REASON no fault line in the log"
	[ -z "$REASON" ]
}

echo "KTAP version 1"
echo "1..5"
leak_start
diag "cpus: $(ncpus), fault on cpu$LAST, driver before: $(driver)"

# 1
if [ ! -e $FKO ]; then
	nok "online callback fault: load fails with EIO" "no $FKO in the image"
elif fail_once fault_online_cpu=$LAST wait=halt; then
	ok "online callback fault: load fails with EIO"
else
	nok "online callback fault: load fails with EIO" "$REASON"
fi

# 2 (after the delayed kobject releases of a debug kernel, 1-4 s)
sleep 5
lb=$(left_behind)
if [ -z "$lb" ]; then ok "failed load leaves nothing behind"
else nok "failed load leaves nothing behind" "left:$lb"; fi

# 3: CPUs spinning a 5 ms exit latency while the rollback runs
i=0; bad=
while [ $i -lt $NFAIL ]; do
	fail_once fault_online_cpu=$LAST wait=halt states=$LONG || { bad="$i: $REASON"; break; }
	lb=$(left_behind)
	[ -z "$lb" ] || { bad="$i: left$lb"; break; }
	i=$((i + 1))
done
sleep 5
lb=$(left_behind)
[ -n "$bad" ] || [ -z "$lb" ] || bad="after the loads: left$lb"
if [ -z "$bad" ]; then ok "$NFAIL failed loads with a 5 ms exit latency, nothing left"
else nok "$NFAIL failed loads with a 5 ms exit latency, nothing left" "load $bad"; fi

# 4: the fault build without the fault, then the real module, load and
# idle through their states; neither leaves anything behind.
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
	err="$err; real module refused: $OUT"
fi
sleep 5
lb=$(left_behind)
[ -z "$lb" ] || err="$err; left$lb"
if [ -z "$err" ]; then ok "loads after the failures, unloads clean; fault hook only in the test build"
else nok "loads after the failures, unloads clean; fault hook only in the test build" "$err"; fi

# 5: kmemleak, where the kernel has it (the debug kernel)
if leaks=$(leak_check); then
	ok "no leak reported by kmemleak # $leaks"
else
	nok "no leak reported by kmemleak" "$leaks"
fi
