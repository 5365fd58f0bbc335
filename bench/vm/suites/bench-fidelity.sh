#!/bin/busybox sh
# bench-fidelity: make bench's latency fidelity (not run by make check):
# each state of a table from 10 us to 5 ms alone, against the halting
# 0-latency state NOLAT, measured by pidle-bench (which also reads the
# module's spin overshoot). wait=halt: no vCPU spins while it waits (see
# tests/vm/suites/timing.sh). Command line: bench_n= samples.
# Each state gets its own run, NOLAT then the state, so that its baseline
# is measured next to it: with one NOLAT run for all, a baseline taken in
# a noisy stretch shifted every state's error alike (seen: NOLAT's timer
# median 193 us, L10's 153 us, every timer error near -45 us).
# smp: 2
# timeout: 400
. /ktap.sh
. /module.sh
. /suites/bench-lib.sh
TABLE=POLL:0:0,NOLAT:0:1,L10:10:20,L30:30:60,L100:100:200,L300:300:600,L1MS:1000:2000,L2MS:2000:4000,L5MS:5000:10000
SAMPLES=$(arg bench_n 500)
ktap_header
ktap_plan 7
if load states=$TABLE wait=halt; then
	for k in 2 3 4 5 6 7 8; do
		name=$(cat /sys/devices/system/cpu/cpu0/cpuidle/state$k/name)
		bench_run 0 fidelity "$name against NOLAT measured" 4 -e 1,$k -n $SAMPLES -I 1000
	done
	unload >/dev/null
else
	for k in 2 3 4 5 6 7 8; do ktap_result "state $k against NOLAT measured" 1 "insmod failed: $OUT"; done
fi
