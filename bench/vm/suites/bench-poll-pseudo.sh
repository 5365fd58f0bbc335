#!/bin/busybox sh
# bench-poll-pseudo: make bench's polling comparison, the module's side
# (not run by make check): the pseudo polling state POLL alone, measured
# by pidle-bench; bench-poll-kernel.sh is the same with the kernel's
# idle=poll. Command line: bench_n= samples, bench_test= timer|ipi|both.
# smp: 2
. /ktap.sh
. /module.sh
. /suites/bench-lib.sh
ktap_header
ktap_plan 1
if load states=POLL:0:0,NOLAT:0:1; then
	bench_poll "pseudo polling state measured" -e 0
	unload >/dev/null
else
	ktap_result "pseudo polling state measured" 1 "insmod failed: $OUT"
fi
