#!/bin/busybox sh
# bench-fidelity: make bench's latency fidelity (not run by make check):
# each state of a table from 10 us to 5 ms alone, against the halting
# 0-latency state NOLAT, measured by pidle-bench (which also reads the
# module's spin overshoot). wait=halt: no vCPU spins while it waits (see
# tests/vm/suites/timing.sh). Command line: bench_n= samples.
# smp: 2
# timeout: 400
. /lib.sh
. /suites/bench-lib.sh
TABLE=POLL:0:0,NOLAT:0:1,L10:10:20,L30:30:60,L100:100:200,L300:300:600,L1MS:1000:2000,L2MS:2000:4000,L5MS:5000:10000
SAMPLES=$(arg bench_n 500)
echo "KTAP version 1"
echo "1..1"
if load states=$TABLE wait=halt; then
	bench_run 0 fidelity "fidelity table measured" 16 -s 1,2,3,4,5,6,7,8 -n $SAMPLES -I 1000
	unload >/dev/null
else
	nok "fidelity table measured" "insmod failed: $OUT"
fi
