#!/bin/busybox sh
# bench-poll-pseudo: make bench's polling comparison, the module's side
# (not run by make check): the pseudo polling state POLL alone, measured
# by pidle-bench; bench-poll-kernel.sh is the same with the kernel's
# idle=poll. Command line: bench_n= samples, bench_test= timer|ipi|both.
# smp: 2
. /ktap.sh
. /module.sh
. /suites/bench-lib.sh
SAMPLES=$(arg bench_n 2000); TEST=$(arg bench_test both)
ktap_header
ktap_plan 1
ROWS=2; [ "$TEST" = both ] || ROWS=1
if load states=POLL:0:0,NOLAT:0:1; then
	bench_run 1000 poll "pseudo polling state measured" $ROWS -s 0 -t $TEST -n $SAMPLES -I 1000
	unload >/dev/null
else
	ktap_result "pseudo polling state measured" 1 "insmod failed: $OUT"
fi
