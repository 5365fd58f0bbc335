#!/bin/busybox sh
# bench-poll-kernel: make bench's polling comparison, the kernel's side
# (not run by make check): no module, idle=poll, pidle-bench --as-is. The
# "idle=poll" appended comes after host.sh's "idle=halt"; the last idle=
# is the one in force (x86 early_param handlers run in command-line
# order), and case 1 checks that it took.
# smp: 2
# append: idle=poll
. /ktap.sh
. /module.sh
. /suites/bench-lib.sh
ktap_header
ktap_plan 2
if [ "$(driver)" = none ] && dmesg | grep -q 'using polling idle threads'; then
	ktap_result "kernel polls in idle (idle=poll, no cpuidle driver)" 0
else
	ktap_result "kernel polls in idle (idle=poll, no cpuidle driver)" 1 "cpuidle driver '$(driver)'"
fi
bench_poll "idle=poll measured" --as-is
