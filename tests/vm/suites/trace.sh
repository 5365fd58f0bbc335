#!/bin/busybox sh
# trace: the module's tracepoints (pidle_enter, pidle_exit) in the trace.
# Booted single-threaded: switching the first event on also hooks the
# scheduler's sched_switch (the trace's command-line record), and
# multi-threaded TCG then now and then runs a half-patched __schedule (an
# int3 Oops on 6.12, seen in the 8-vCPU main suite even with every other
# CPU kept busy while it was switched).
# kernels: rt eval compat
# smp: 2
# single-thread: the stale int3 of multi-threaded TCG
. /lib.sh

tracepoints() {
	ev=$TR/events/pseudo_cpuidle
	load || return 1
	[ -d $ev/pidle_enter ] && [ -d $ev/pidle_exit ] ||
		{ why "no $ev/pidle_enter and pidle_exit ($(ls $ev 2>&1 | tr '\n' ' '))"; return 1; }
	echo > $TR/trace
	echo 1 > $ev/enable
	sleep 1
	echo 0 > $ev/enable
	n=$(grep -c pidle_exit: $TR/trace)
	diag "pidle_exit lines: $n"
	grep -m 2 pidle_exit: $TR/trace | sed 's/^/# /'
	[ "$n" -gt 0 ] || { why "no pidle_exit lines in the trace"; return 1; }
}

ktap_header
ktap_test "tracepoints" tracepoints
unload >/dev/null
ktap_finished
