#!/bin/bash
# make check-experiments-vm: experiments/tiny.exp for real, in a 2-vCPU
# guest under -icount (about a minute once the guest lock is free).
# Table POLL/C1 2 us/C6 100 us exit latency, 400 us target residency;
# the RTC interrupts every 1000 us. Asserts, from results.csv:
#   all three cells ok (the guest's own checks passed: the workload ended
#     in time, no disabled state entered);
#   the reference (menu, no QoS) chose C6 on the workload's CPU, and its
#     wake-up took at least C6's 100 us exit latency;
#   under PM QoS 20 us and with C6 disabled, C6 was never entered there,
#     and the wake-up is at least 50 us shorter than the reference's.
# Then the linux-pm workloads' smoke (below), in a second tiny guest.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$TOP/build/tests-experiments-tiny
rm -rf "$OUT"
PASS=0 FAIL=0
check() { if [ -z "$2" ]; then echo "ok - $1"; PASS=$((PASS + 1)); else echo "not ok - $1: $2"; FAIL=$((FAIL + 1)); fi; }
"$TOP/experiments/run.sh" -o "$OUT" "$TOP/experiments/tiny.exp"
# fig CELL KEY: one figure of the cell's row of results.json (the row's
# own keys are flat and come before pidle-stat's object, "stat")
fig() {
	grep -F "{\"id\":\"6.12/small/$1/rtc/r1\"," "$OUT/results.json" 2>/dev/null |
		sed 's/,"stat":.*//' | grep -o "\"$2\":[^,}]*" | head -n 1 | cut -d: -f2 | tr -d '"'
}
why=
for c in menu/none/none menu/none/dma20 menu/only-c1/none; do
	[ "$(fig $c status)" = ok ] || why="$why $c: $(fig $c status) $(fig $c reason)"
done
check "tiny: every cell ran and passed the guest's checks" "$why"
ref_c6=$(fig menu/none/none cpu1_C6_usage) ref_wake=$(fig menu/none/none work_wake_p50_us)
why=
[ "${ref_c6:-0}" -gt 0 ] || why="C6 entered ${ref_c6:-no} times on CPU 1"
awk -v w="${ref_wake:-0}" 'BEGIN { exit !(w >= 100) }' || why="$why wake p50 ${ref_wake:-none} us < 100"
check "tiny: menu picks C6 and the wake-up pays its 100 us" "$why"
for c in menu/none/dma20 menu/only-c1/none; do
	c6=$(fig $c cpu1_C6_usage) wake=$(fig $c work_wake_p50_us)
	why=
	[ "${c6:-x}" = 0 ] || why="C6 entered ${c6:-?} times on CPU 1"
	awk -v w="${wake:-1e9}" -v r="${ref_wake:-0}" 'BEGIN { exit !(w + 50 <= r) }' ||
		why="$why wake p50 ${wake:-none} us, reference $ref_wake us"
	check "tiny: $c keeps CPU 1 out of C6 and wakes faster" "$why"
done

# The linux-pm workloads' smoke (tests/experiments/linuxpm-smoke.exp,
# a second tiny guest): the ring over both CPUs and hackbench ran, each
# reports its own figure in the report, and the figures hold together:
#   ring2: 200 rounds, the rate within a factor 2 of 1 / the round's
#     p50 (rate x p50 is the mean round over the median one), and CPU 1
#     idled at least once per two rounds (it waits for the token);
#   hackbench: 1 x 2 x 2 x 20 = 80 messages, a time above zero.
SOUT=$TOP/build/tests-experiments-linuxpm-smoke
rm -rf "$SOUT"
"$TOP/experiments/run.sh" -o "$SOUT" "$TOP/tests/experiments/linuxpm-smoke.exp"
sfig() {
	grep -F "{\"id\":\"6.12/small/menu/none/none/$1/r1\"," "$SOUT/results.json" 2>/dev/null |
		sed 's/,"stat":.*//' | grep -o "\"$2\":[^,}]*" | head -n 1 | cut -d: -f2 | tr -d '"'
}
why=
for w in ring2 hackbench; do
	[ "$(sfig $w status)" = ok ] || why="$why $w: $(sfig $w status) $(sfig $w reason)"
	grep -qE "^small/menu/none/none/$w +work_" "$SOUT/report.txt" 2>/dev/null ||
		why="$why $w: no row in the report's workload figures"
done
check "linuxpm smoke: the ring and hackbench ran, each figure in the report" "$why"
rate=$(sfig ring2 work_round_trips_per_s) p50=$(sfig ring2 work_resp_p50_us) rounds=$(sfig ring2 work_rounds)
idles=$(grep -F '"id":"6.12/small/menu/none/none/ring2/r1"' "$SOUT/results.json" 2>/dev/null |
	sed 's/,"stat":.*//' | grep -o '"cpu1_[A-Za-z0-9]*_usage":[0-9]*' | cut -d: -f2 | paste -sd+ | bc)
why=
[ "${rounds:-0}" = 200 ] || why="rounds ${rounds:-none}, want 200"
awk -v r="${rate:-0}" -v p="${p50:-0}" 'BEGIN { x = r * p / 1e6; exit !(x >= 0.5 && x <= 2) }' ||
	why="$why $rate round trips/s against a round p50 of $p50 us"
[ "${idles:-0}" -ge 100 ] || why="$why CPU 1 idled ${idles:-no} times in 200 rounds"
check "linuxpm smoke: ring2's $rate round trips/s agree with its round p50 ($p50 us), CPU 1 idled $idles times" "$why"
msgs=$(sfig hackbench work_messages) t=$(sfig hackbench work_time_s)
why=
[ "${msgs:-0}" = 80 ] || why="messages ${msgs:-none}, want 80"
awk -v t="${t:-0}" 'BEGIN { exit !(t > 0) }' || why="$why time ${t:-none} s"
check "linuxpm smoke: hackbench passed 80 messages in $t s" "$why"
echo "$PASS passed, $FAIL failed"
[ $FAIL -eq 0 ]
