#!/bin/busybox sh
# bench-poll-kernel: make bench's polling comparison, the kernel's side
# (not run by make check): no module, idle=poll, pidle-bench --as-is. The
# "idle=poll" appended comes after host.sh's "idle=halt"; the last idle=
# is the one in force (x86 early_param handlers run in command-line
# order), and case 1 checks that it took.
# smp: 2
# append: idle=poll
. /lib.sh
. /suites/bench-lib.sh
SAMPLES=$(arg bench_n 2000); TEST=$(arg bench_test both)
echo "KTAP version 1"
echo "1..2"
if [ "$(driver)" = none ] && dmesg | grep -q 'using polling idle threads'; then
	ok "kernel polls in idle (idle=poll, no cpuidle driver)"
else
	nok "kernel polls in idle (idle=poll, no cpuidle driver)" "cpuidle driver '$(driver)'"
fi
ROWS=2; [ "$TEST" = both ] || ROWS=1
bench_run 1000 poll "idle=poll measured" $ROWS --as-is -t $TEST -n $SAMPLES -I 1000
