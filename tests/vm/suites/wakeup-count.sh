#!/bin/busybox sh
# wakeup-count: what the counters say of interrupts on an idle CPU
# (issue 11): every IPI ends the idle period, an entry aborted by a
# pending wake-up neither votes nor counts as a request, and the exit
# latency cap. The timing of the same wake-ups: wakeup.
# smp: 2
# icount: shift=2,sleep=off
# timeout: 300
. /lib.sh
. /wake.sh

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
	only_state 2
	echo 300000 > $PROBE/delay_us
	probe storm
	echo 4000 > $PROBE/delay_us
	CALLS=$(sed -n 's/^storm n=\([0-9]*\) .*/\1/p' $PROBE/result)
	# From here CPU 1 enters DEEP no more; an entry in progress is in
	# requested and not yet in cpuidle's usage nor in core1's.
	only_state 1
	AB=$(cval 1 2 aborted); RQ=$(cval 1 2 requested)
	CU=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state2/usage)
	DU=$(dval core1 2 usage)
	all_states
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
	only_state 2
	echo 300000 > $PROBE/delay_us
	_c0=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state2/usage)
	probe spaced
	_c1=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state2/usage)
	echo 4000 > $PROBE/delay_us
	all_states
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

# A wake-up pending at entry, made to happen: the test build's
# fault_pending_entries=N (drivers/fault/) raises a self-IPI, with
# interrupts masked, in the next N entries into DEEP, on either CPU, just
# before the enter path looks at the local APIC. Each must leave at once:
# counted in aborted, not in requested, no core taken down.
PEND=20
pending_at_entry() {
	unload >/dev/null
	KO=/fault/pseudo_cpuidle.ko
	load states=$TABLE topology=core=0,1 wait=poll; _st=$?
	KO=/pseudo_cpuidle.ko
	[ $_st -eq 0 ] || return 1
	# The counters are read with DEEP disabled, where they stand still
	# (CPU 1 in NOLAT, once its tick has ended an entry in progress);
	# the triggers are set with DEEP alone enabled, where they all land.
	only_state 1; sleep 0.2
	set -- $(pend_counts)
	only_state 2
	echo $PEND > $PARAMS/fault_pending_entries
	_t=0
	while [ "$(cat $PARAMS/fault_pending_entries)" -gt 0 ] && [ $_t -lt 50 ]; do
		sleep 0.1; _t=$((_t + 1))
	done
	only_state 1; sleep 0.2
	_left=$(cat $PARAMS/fault_pending_entries)
	set -- "$@" $(pend_counts)
	all_states
	diag "pending: aborted, requested, usage, core usage: cpu0 $1 $2 $3 $4 -> $9 ${10} ${11} ${12}, cpu1 $5 $6 $7 $8 -> ${13} ${14} ${15} ${16}; $_left left"
	_err=
	[ "$_left" -eq 0 ] || _err="$_err $_left triggers not consumed;"
	[ $(( ${9} - $1 + ${13} - $5 )) -eq $PEND ] ||
		_err="$_err aborted +$(( ${9} - $1 )) +$(( ${13} - $5 )), want $PEND in all;"
	# per CPU: usage grew by requested + aborted; its core by requested
	[ $(( ${11} - $3 )) -eq $(( ${10} - $2 + ${9} - $1 )) ] || _err="$_err cpu0 usage;"
	[ $(( ${15} - $7 )) -eq $(( ${14} - $6 + ${13} - $5 )) ] || _err="$_err cpu1 usage;"
	[ $(( ${12} - $4 )) -eq $(( ${10} - $2 )) ] || _err="$_err core0 usage +$(( ${12} - $4 )) for requested +$(( ${10} - $2 ));"
	[ $(( ${16} - $8 )) -eq $(( ${14} - $6 )) ] || _err="$_err core1 usage +$(( ${16} - $8 )) for requested +$(( ${14} - $6 ));"
	reasons "$_err"
}
# pend_counts: DEEP's aborted, requested, cpuidle usage and core usage,
# for CPU 0 then CPU 1
pend_counts() {
	for _c in 0 1; do
		echo $(cval $_c 2 aborted) $(cval $_c 2 requested) \
			$(cat /sys/devices/system/cpu/cpu$_c/cpuidle/state2/usage) $(dval core$_c 2 usage)
	done
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
ktap_plan 6
diag "icount: $ICOUNT"
probe_load
spaced
storm
ktap_test "every IPI ends the idle period: CPU 1 re-enters its state once per function call" \
	every_ipi_ends_idle
ktap_test "entries aborted by a pending wake-up are in cpuidle's usage, not in requested" \
	usage_is_requested_plus_aborted
ktap_test "aborted entries take no domain down: core1's usage is CPU 1's requested" \
	core_usage_is_requested
ktap_test "a wake-up pending at entry ($PEND made by the test build) leaves without voting: aborted, no core down" \
	pending_at_entry
ktap_test "an exit latency over 20000 us is refused at load, naming the state and the field" \
	cap_refused_at_load
ktap_test "20000 us is accepted; a write over it is refused and the table stays" \
	cap_refused_at_run_time
unload >/dev/null
rmmod pidle_wake_probe
ktap_finished
