#!/bin/busybox sh
# bench-irq: make bench's deterministic fidelity table (not run by make
# check), run under QEMU -icount: each state of a table from 10 us to 5 ms
# alone, against the 0-latency NOLAT, by pidle-bench --irq (interrupt and
# task wake-up, timer and ipi). Command line: bench_n= samples,
# bench_wait= the module's wait=, bench_spin=1 keeps CPU 0 busy (nice 19)
# so that guest time always advances by instructions.
# smp: 2
# timeout: 600
. /lib.sh
. /suites/bench-lib.sh
TABLE=POLL:0:0,NOLAT:0:1,L10:10:20,L100:100:200,L1MS:1000:2000,L5MS:5000:10000
SAMPLES=$(arg bench_n 200); WAIT=$(arg bench_wait poll); SPIN=$(arg bench_spin 0)
echo "KTAP version 1"
echo "1..4"
if load states=$TABLE wait=$WAIT; then
	[ "$SPIN" = 1 ] && { nice -n 19 /spin 0 & SPINS=$!; sleep 0.2; }
	WARM=100	# the first run only: soon after boot the CPUs have other work
	for k in 2 3 4 5; do
		name=$(cat /sys/devices/system/cpu/cpu0/cpuidle/state$k/name)
		bench_run $WARM irq "$name against NOLAT measured" 8 --irq -p 1 -s 1,$k -n $SAMPLES -I 1000
		WARM=0
	done
	spin_stop
	unload >/dev/null
else
	for k in 2 3 4 5; do nok "state $k against NOLAT measured" "insmod failed: $OUT"; done
fi
