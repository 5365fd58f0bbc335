#!/bin/busybox sh
# bench-icount: make bench's deterministic fidelity (not run by make
# check), booted under QEMU -icount shift=N,sleep=off by bench/vm.sh: each
# state of a table from 10 us to 5 ms alone, against the 0-latency NOLAT,
# measured by pidle-bench --irq, so that each state has four rows: the
# interrupt's latency and the task's wake-up, for a timer and for an IPI.
# Both vCPUs idle in the state measured (no busy loop beside them: under
# single-threaded TCG a vCPU that spins without PAUSE keeps the host thread
# for its whole time slice, and the other vCPU's interrupt waits; see
# Documentation/pidle-bench.rst). Sleeps of 1 to 5 ms (-j 4000): at one
# fixed length the sleep/wake-up cycle locks in phase with the 4 ms tick
# under -icount, and the same few tick phases bias every sample (the
# samples whose wake-up the tick began are left out by --irq). Command line: bench_n= samples,
# bench_wait= the module's wait= (default: the module's own default).
# smp: 2
# timeout: 900
. /ktap.sh
. /module.sh
. /suites/bench-lib.sh
TABLE=POLL:0:0,NOLAT:0:1,L10:10:20,L100:100:200,L1MS:1000:2000,L5MS:5000:10000
SAMPLES=$(arg bench_n 200); WAIT=$(arg bench_wait "")
ktap_header
ktap_plan 4
if load states=$TABLE ${WAIT:+wait=$WAIT}; then
	diag "wait=$(cat /sys/module/pseudo_cpuidle/parameters/wait)"
	# A warm-up on the first run only: soon after boot the CPUs still
	# have other work (bench-lib.sh).
	WARM=100
	for k in 2 3 4 5; do
		name=$(cat /sys/devices/system/cpu/cpu0/cpuidle/state$k/name)
		bench_run $WARM icount "$name against NOLAT measured" 8 \
			--irq -P 1 -e 1,$k -n $SAMPLES -I 1000 -j 4000
		WARM=0
	done
	unload >/dev/null
else
	for k in 2 3 4 5; do ktap_result "state $k against NOLAT measured" 1 "insmod failed: $OUT"; done
fi
ktap_finished
