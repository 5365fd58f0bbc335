#!/bin/busybox sh
# polling: the polling flag. A wake-up from another CPU reaches a CPU in the
# polling state (0 us exit latency, CPUIDLE_FLAG_POLLING) without an IPI,
# as the kernel's own POLL state; from a deeper pseudo state it costs an
# IPI, as on hardware. CPU 1 waits, CPU 0 wakes it (tests/vm/guest/ipiwake).
# kernels: rt debug eval kcsan lockdep compat
# smp: 2
. /lib.sh
ROUNDS=200
INTERVAL_US=2000

# IPIs taken by CPU 1: reschedule plus function-call interrupts (a remote
# wake-up of an idle CPU is queued on its wake list and sent as either).
ipis_cpu1() {
	awk '$1 == "RES:" || $1 == "CAL:" { s += $3 } END { print s + 0 }' /proc/interrupts
}

# only_state K: CPU 1 may enter state K only
only_state() {
	for d in /sys/devices/system/cpu/cpu1/cpuidle/state[0-9]*; do
		k=${d##*state}
		[ "$k" -eq "$1" ] && echo 0 > $d/disable || echo 1 > $d/disable
	done
}

# wake_in K: wake CPU 1 ROUNDS times in state K; prints "IPIS USE", the
# IPIs it took and state K's usage growth
wake_in() {
	only_state $1
	sleep 1
	i0=$(ipis_cpu1); u0=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state$1/usage)
	done_rounds=$(/ipiwake $ROUNDS $INTERVAL_US 1 0)
	i1=$(ipis_cpu1); u1=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state$1/usage)
	diag "CPU 1 in state$1 only: $done_rounds remote wake-ups, $((i1 - i0)) IPIs, state$1 usage +$((u1 - u0))" >&2
	echo $((i1 - i0)) $((u1 - u0))
}

# 1: POLL. Few IPIs (other kernel work may send some), far fewer than wakes.
# An instrumented kernel's own work sends more (run.sh: pidle_instrumented=1
# on debug, kcsan, lockdep61; debug, 2026-12-05: 29 for 200 wake-ups).
POLL_MAX_IPIS=$((ROUNDS / 10))
instrumented && POLL_MAX_IPIS=$((ROUNDS / 5))
poll_no_ipi() {
	set -- $(wake_in 0)
	[ "$2" -ge $((ROUNDS / 2)) ] && [ "$1" -le $POLL_MAX_IPIS ] ||
		{ why "$1 IPIs for $ROUNDS wake-ups, POLL usage +$2"; return 1; }
}

# 2: C1. Every wake-up from C1 is an IPI.
c1_ipi() {
	set -- $(wake_in 1)
	[ "$2" -ge $((ROUNDS / 2)) ] && [ "$1" -ge $((ROUNDS * 9 / 10)) ] ||
		{ why "$1 IPIs for $ROUNDS wake-ups, C1 usage +$2"; return 1; }
}

ktap_header
ktap_plan 2
load states=POLL:0:0,C1:1:1 wait=halt || ktap_finished
ktap_test "remote wake-ups of the polling state need no IPI" poll_no_ipi
ktap_test "remote wake-ups of a deeper state cost an IPI" c1_ipi
for d in /sys/devices/system/cpu/cpu1/cpuidle/state[0-9]*; do echo 0 > $d/disable; done
unload >/dev/null
ktap_finished
