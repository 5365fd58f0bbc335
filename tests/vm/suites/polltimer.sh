#!/bin/busybox sh
# polltimer: the polling state's limit with no deeper state enabled. With
# the tick stopped, a timer-wheel timer queued from an interrupt during
# the poll is programmed only when the idle loop runs again: the poll ends
# at TICK_NSEC/16, as the kernel's poll_idle() does, so the timer fires on
# time (tests/vm/kmod/pidle_poll_timer; issue 28, item 3). Under -icount:
# guest time is instructions, so the lateness does not depend on the
# host's load.
# smp: 2
# icount: shift=2,sleep=off
# timeout: 180
. /lib.sh

# only_state K: CPU 1 may enter state K only
only_state() {
	for d in /sys/devices/system/cpu/cpu1/cpuidle/state[0-9]*; do
		k=${d##*state}
		[ "$k" -eq "$1" ] && echo 0 > $d/disable || echo 1 > $d/disable
	done
}

# POLL alone, tick stopped. Each round: CPU 1 idles in C1 (its tick
# stops), C1 is disabled behind its back, then an hrtimer 5 ms ahead
# interrupts CPU 1's poll and queues a wheel timer 2 jiffies ahead. Nothing
# but the idle loop programs that timer: a poll without limit held it back
# until a task woke CPU 1. On time: at most LATE_US (two ticks at HZ=250)
# after it was due (measured with the limit, under -icount: 0.5-5.3 ms;
# without it, free-running: 6.8-196 ms, and unbounded in principle).
LATE_US=8000
poll_timer() {
	PT=/sys/module/pidle_poll_timer/parameters
	insmod /pidle_poll_timer.ko cpu=1 || { why "insmod pidle_poll_timer"; return 1; }
	taskset -p 1 $$ > /dev/null	# this shell and its children off CPU 1
	bad=
	for i in 1 2 3 4 5; do
		for d in /sys/devices/system/cpu/cpu1/cpuidle/state[0-9]*; do echo 0 > $d/disable; done
		sleep 0.5
		only_state 0
		echo 1 > $PT/round || { bad="$bad round $i refused;"; continue; }
		sleep 0.3
		l=$(cat $PT/late_us)
		diag "round $i: wheel timer $l us after due"
		[ "$l" -ge 0 ] && [ "$l" -le $LATE_US ] ||
			bad="$bad round $i: $([ "$l" -lt 0 ] && echo "not fired after 300 ms" || echo "$l us late");"
	done
	taskset -p 3 $$ > /dev/null
	rmmod pidle_poll_timer
	reasons "$bad"
}

ktap_header
ktap_plan 1
load states=POLL:0:0,C1:1:1 wait=halt || ktap_finished
ktap_test "POLL alone, tick stopped: a wheel timer queued from an interrupt fires on time" poll_timer
for d in /sys/devices/system/cpu/cpu1/cpuidle/state[0-9]*; do echo 0 > $d/disable; done
unload >/dev/null
ktap_finished
