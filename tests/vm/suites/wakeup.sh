#!/bin/busybox sh
# wakeup: what an interrupt does to an idle CPU (issue 11). CPU 1 idles in
# one state; the test module /pidle_wake_probe.ko, run from CPU 0, times
# how late a handler runs there (tests/vm/kmod/pidle_wake_probe.c).
# smp: 2
# icount: shift=2,sleep=off
# timeout: 400
# The timing cases hold under -icount only, where guest time does not
# depend on the host's load: free-running TCG on a loaded 2-core host
# delays a timer interrupt by up to 100 ms whatever the driver does.
# run.sh boots 6.1 without -icount (it stops 0.3 s into such a boot) and
# says so with pidle_icount=none; there they are reported as skipped.
. /lib.sh
PROBE=/sys/module/pidle_wake_probe/parameters
PARAMS=/sys/module/$MOD/parameters
# A 0-latency non-polling baseline and a deep state of its own core
# (topology core=0,1): differences between them are the simulated
# latency, free of the guest's own wake-up cost.
LAT_US=1000
TABLE=POLL:0:0,NOLAT:0:1,DEEP:$LAT_US:2000:core
ICOUNT=$(arg pidle_icount none)

# probe MODE: run the trials; sets LMIN LMED LMAX (ns, "-" when it failed)
probe() {
	LMIN=-; LMED=-; LMAX=-
	echo $1 > $PROBE/run || return 1
	_r=$(cat $PROBE/result); diag "$_r"
	set -- $(echo "$_r" | sed 's/.*min_ns=\(-*[0-9]*\) median_ns=\(-*[0-9]*\) max_ns=\(-*[0-9]*\)/\1 \2 \3/')
	LMIN=$1; LMED=$2; LMAX=$3
}
# only K: every CPU may use state K alone
only() {
	_k=0
	while [ $_k -lt $(nstates) ]; do
		[ $_k -eq $1 ] && set_disable $_k 0 || set_disable $_k 1
		_k=$((_k + 1))
	done
}
all() {
	_k=0
	while [ $_k -lt $(nstates) ]; do set_disable $_k 0; _k=$((_k + 1)); done
}
# diff_med MODE K: DIFF = median lateness of MODE from state K minus that
# from NOLAT (state 1), ns
diff_med() {
	only 1; probe $1; _base=$LMED
	only $2; probe $1; _deep=$LMED
	all
	DIFF=-
	[ "$_base" != - ] && [ "$_deep" != - ] || return 1
	DIFF=$((_deep - _base))
	diag "$1: median lateness NOLAT $_base ns, state$2 $_deep ns, difference $DIFF ns"
}
# within X LO HI
within() { [ "$1" != - ] && [ "$1" -ge $2 ] && [ "$1" -le $3 ]; }
# NOTIME: why a timing case is skipped, empty under -icount
NOTIME=
[ "$ICOUNT" = none ] && NOTIME="not under -icount (this kernel does not boot so): free-running TCG timing is noise"
loaded_with() { unload >/dev/null; load "$@"; }

# Every interrupt ends idle. An IPI that arms a pinned timer and wakes no
# task must send the CPU back through the idle loop, which programs the
# timer; a driver that stays in its state fires it whenever something
# else wakes the CPU (408 ms late measured on 6.12 before the fix).
# The median of the ten trials is within 1 ms of the expiry, and every
# trial within one tick (4 ms at HZ=250) and 1 ms: under -icount the woken
# CPU's timer event and CPU 0's tick, which updates jiffies, fall on the
# same virtual nanosecond, and when the woken CPU runs first it finds
# jiffies not yet at the expiry and waits for its next tick (seen with
# wait=halt, whose handler runs at once: one trial in 10-40 late by
# 4.01 ms); and the probe's expiry, inferred from jiffies edges after an
# idle period, was once 1.3 ms off.
pinned_on_time() {
	loaded_with wait=$1 || return 1
	probe pinned
	within "$LMED" -1000000 1000000 &&
		within "$LMIN" -5000000 5000000 && within "$LMAX" -5000000 5000000 ||
		{ why "late min $LMIN median $LMED max $LMAX ns"; return 1; }
}

# wait=poll delays the handler by the exit latency (tolerance: 15% of the
# latency and 100 us; under -icount the error is a few us).
LO=$((LAT_US * 850 - 100000)); HI=$((LAT_US * 1150 + 100000))
late_by_latency() {
	loaded_with states=$TABLE topology=core=0,1 wait=poll || return 1
	echo 2000 > $PROBE/delay_us
	diff_med $1 2
	echo 4000 > $PROBE/delay_us
	within "$DIFF" $LO $HI || { why "difference $DIFF ns, want $LO..$HI"; return 1; }
}

# Pre-wake: the CPU's own timer pays (nearly) nothing, an IPI all of it.
prewake_timer_only() {
	loaded_with states=$TABLE topology=core=0,1 wait=poll prewake=on || return 1
	echo 2000 > $PROBE/delay_us
	diff_med hrtimer 2; _t=$DIFF
	diff_med ipi 2; _i=$DIFF
	echo 4000 > $PROBE/delay_us
	within "$_t" -100000 $((LAT_US * 200)) && within "$_i" $LO $HI ||
		{ why "timer difference $_t ns (want < $((LAT_US * 200))), ipi $_i ns (want $LO..$HI)"; return 1; }
}

# wait=halt runs the handler at once (the halt enables interrupts); only
# what runs after the handler, the woken task, pays the latency.
halt_not_delayed() {
	loaded_with states=$TABLE topology=core=0,1 wait=halt || return 1
	echo 2000 > $PROBE/delay_us
	diff_med hrtimer 2
	echo 4000 > $PROBE/delay_us
	within "$DIFF" -200000 $((LAT_US * 300)) ||
		{ why "difference $DIFF ns, want under $((LAT_US * 300))"; return 1; }
}

# A wake-up pending at entry leaves without voting. Function calls back
# to back keep CPU 1 re-entering idle, and some may arrive on the way in
# (none did under -icount on 6.12: 0 of 311 entries; a deterministic
# trigger would need ->enter called with an interrupt pending, which a
# test module cannot reach; free-running 6.1 saw 3 of 44). So these check
# the invariants that an abort
# that voted, or was counted as a request, would break. CPU 1 is a core
# of its own: each entry into DEEP that votes takes core1 down once.
storm() {
	loaded_with states=$TABLE topology=core=0,1 wait=poll || return 1
	only 2
	echo 300000 > $PROBE/delay_us
	probe storm
	echo 4000 > $PROBE/delay_us
	CALLS=$(sed -n 's/^storm n=\([0-9]*\) .*/\1/p' $PROBE/result)
	# From here CPU 1 enters DEEP no more; an entry in progress is in
	# requested and not yet in cpuidle's usage nor in core1's.
	only 1
	AB=$(cval 1 2 aborted); RQ=$(cval 1 2 requested)
	CU=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state2/usage)
	DU=$(dval core1 2 usage)
	all
	diag "cpu1 DEEP: cpuidle usage $CU, requested $RQ, aborted $AB; core1 DEEP usage $DU; calls $CALLS"
}
# Every interrupt ends the idle period: calls spaced 2 ms apart find
# CPU 1 back in DEEP (only state enabled), and each that arrives as an
# interrupt must send it back through the idle loop into DEEP once more:
# at least as many entries as interrupt-delivered calls. With the wait
# that handled such interrupts and went on waiting, it entered only at
# its timer ticks. (Calls sent back to back instead land in the idle
# loop's polling window between two entries and run without an
# interrupt: 2608 calls, 92 entries on free-running 6.1.)
spaced() {
	loaded_with states=$TABLE topology=core=0,1 wait=poll || return 1
	only 2
	echo 300000 > $PROBE/delay_us
	_c0=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state2/usage)
	probe spaced
	_c1=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state2/usage)
	echo 4000 > $PROBE/delay_us
	all
	SCALLS=$(sed -n 's/^spaced n=[0-9]* irq=\([0-9]*\) .*/\1/p' $PROBE/result)
	SENTRIES=$((_c1 - _c0))
	diag "spaced: $SCALLS calls by interrupt, $SENTRIES entries into DEEP"
}
every_ipi_ends_idle() {
	# 300 ms at one call per 3 ms: about 100
	[ -n "$SCALLS" ] && [ "$SCALLS" -ge 10 ] || { why "only ${SCALLS:-no} calls by interrupt"; return 1; }
	[ "$SENTRIES" -ge "$SCALLS" ] || { why "$SENTRIES entries into DEEP for $SCALLS calls by interrupt"; return 1; }
}
usage_is_requested_plus_aborted() {
	within $((RQ + AB - CU)) 0 1 || { why "usage $CU, requested $RQ + aborted $AB"; return 1; }
}
core_usage_is_requested() {
	within "$DU" $((RQ - 1)) $RQ || { why "core1 usage $DU, requested $RQ"; return 1; }
}

# The exit-latency cap, at load and at run time.
cap_refused_at_load() {
	unload >/dev/null
	if load "states=POLL:0:0,HUGE:20001:30000"; then why "loaded"; return 1; fi
	dmesg | tail -n 5 | grep -q 'state 1 (HUGE): exit latency "20001": more than 20000 us' ||
		{ why "no log line: $(dmesg | tail -n 1)"; return 1; }
}
cap_refused_at_run_time() {
	loaded_with "states=POLL:0:0,CAP:20000:10000000" || return 1
	if echo "POLL:0:0,HUGE:50000:60000" > $PARAMS/states; then why "the write was accepted"; return 1; fi
	grep -q CAP:20000:10000000 $PARAMS/states || { why "states now $(cat $PARAMS/states)"; return 1; }
}

ktap_header
ktap_plan 11
diag "icount: $ICOUNT"
insmod /pidle_wake_probe.ko trials=10 delay_us=4000 ||
	diag "the test module did not load: the cases that use it fail"
for w in poll halt; do
	ktap_test_unless "$NOTIME" "pinned +4 ms timer armed by an IPI on an idle CPU fires within 1 ms of its expiry, wait=$w" \
		pinned_on_time $w
done
for m in hrtimer ipi; do
	ktap_test_unless "$NOTIME" "wait=poll: a $m interrupt on a CPU in a ${LAT_US} us state runs late by that latency" \
		late_by_latency $m
done
ktap_test_unless "$NOTIME" "prewake=on: a timer wake-up pays under a fifth of the latency, an IPI all of it" \
	prewake_timer_only
ktap_test_unless "$NOTIME" "wait=halt: a timer interrupt is not delayed, as the admin guide says" \
	halt_not_delayed
spaced
storm
ktap_test "every IPI ends the idle period: CPU 1 re-enters its state once per function call" \
	every_ipi_ends_idle
ktap_test "entries aborted by a pending wake-up are in cpuidle's usage, not in requested" \
	usage_is_requested_plus_aborted
ktap_test "aborted entries take no domain down: core1's usage is CPU 1's requested" \
	core_usage_is_requested
ktap_test "an exit latency over 20000 us is refused at load, naming the state and the field" \
	cap_refused_at_load
ktap_test "20000 us is accepted; a write over it is refused and the table stays" \
	cap_refused_at_run_time
unload >/dev/null
rmmod pidle_wake_probe
ktap_finished
