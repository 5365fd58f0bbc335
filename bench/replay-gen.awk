# replay-gen.awk: a standard trace (trace-cmd report -t text) of N idle
# periods on CPUS CPUs, for make bench's replay part (bench/replay.sh):
# each CPU sleeps 200 to 3000 us (a fixed pseudo-random sequence), woken
# by its own hrtimer, then runs 20 us; with -v periodic=1, timers
# restarted from their callbacks besides. Usage:
#   awk -v n=1000000 -v cpus=4 -f bench/replay-gen.awk |
#	LC_ALL=C sort -s -k1,1 | cut -f2- > big.trace
# (each line is printed after its time, zero-padded, and a tab: sort
# merges the CPUs' events in time order)
function ts(t) { return sprintf("%d.%09.0f", int(t / 1e9), t - int(t / 1e9) * 1e9) }
function key(t) { return sprintf("%020.0f\t", t) }
# restarted(C, ID, FN, PERIOD, T, END): a timer of CPU C armed at T and
# restarted from its callback every PERIOD ns until END: one hrtimer_start,
# then expiries only (HRTIMER_RESTART), then its cancel
function restarted(c, id, fn, period, t, end) {
	printf key(t) "          <idle>-0 [%03d] %s: hrtimer_start:        hrtimer=%s function=%s expires=%.0f softexpires=%.0f mode=ABS\n", c, ts(t), id, fn, t + period, t + period
	for (t += period; t < end; t += period)
		printf key(t) "          <idle>-0 [%03d] %s: hrtimer_expire_entry: hrtimer=%s now=%.0f function=%s/0x0\n", c, ts(t), id, t, fn
	printf key(end) "          <idle>-0 [%03d] %s: hrtimer_cancel:       hrtimer=%s\n", c, ts(end), id
}
BEGIN {
	srand(42)
	print key(0) "version = 6"
	print key(0) "cpus=" cpus
	t0 = 1000e9
	for (c = 0; c < cpus; c++)
		next_t[c] = t0 + c * 1000
	for (k = 0; k < n; k++) {
		# the CPU whose next entry is earliest: a time-ordered trace
		c = 0
		for (i = 1; i < cpus; i++)
			if (next_t[i] < next_t[c])
				c = i
		t = next_t[c]
		sleep = 200000 + int(rand() * 2800000)
		printf key(t) "       task-%d [%03d] %s: hrtimer_start:        hrtimer=0xffff%08x function=hrtimer_wakeup expires=%.0f softexpires=%.0f mode=ABS\n", 100 + c, c, ts(t), c, t + 1000 + sleep, t + 1000 + sleep
		printf key(t + 1000) "          <idle>-0 [%03d] %s: cpu_idle:             state=2 cpu_id=%d\n", c, ts(t + 1000), c
		w = t + 1000 + sleep
		printf key(w) "          <idle>-0 [%03d] %s: cpu_idle:             state=4294967295 cpu_id=%d\n", c, ts(w), c
		printf key(w + 200) "          <idle>-0 [%03d] %s: local_timer_entry:    vector=236\n", c, ts(w + 200)
		printf key(w + 300) "          <idle>-0 [%03d] %s: hrtimer_expire_entry: hrtimer=0xffff%08x now=%.0f function=hrtimer_wakeup/0x0\n", c, ts(w + 300), c, w + 300
		printf key(w + 400) "          <idle>-0 [%03d] %s: sched_wakeup:         comm=task pid=%d prio=120 target_cpu=%03d\n", c, ts(w + 400), 100 + c, c
		next_t[c] = w + 20000
		if (k == n - 1)
			printf key(w + 500) "          <idle>-0 [%03d] %s: hrtimer_cancel:       hrtimer=0xffff%08x\n", c, ts(w + 500), c
	}
	# -v periodic=1 (tests/replay/run.sh): each CPU's tick every 4 ms,
	# and an itimer of CPU 0 every 7 ms, besides
	if (periodic) {
		for (c = 0; c < cpus; c++)
			restarted(c, sprintf("0xffff1%07x", c), "tick_nohz_handler", 4000000, t0 + 500 + 250 * c, w)
		restarted(0, "0xffff20000000", "it_real_fn", 7000000, t0 + 3300, w)
	}
}
