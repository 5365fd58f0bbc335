// SPDX-License-Identifier: GPL-2.0
/*
 * cmocka tests of pidle-bench's trace side (tools/pidle_bench_trace.c):
 * fixed tracefs text in, the interrupt latencies out. The lines are as the
 * Debian kernels print them (6.12's hrtimer_start was seen in a guest;
 * 6.1 orders hrtimer_expire_entry's fields now= then function=).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "unit.h"
/* tests/unit/ sees the model's include path, not tools/ */
#include "../../tools/pidle_bench_trace.h"

#define START_612 "     pidle-bench-156     [001] d..1.    11.724193: hrtimer_start: hrtimer=00000000066e6bff function=hrtimer_wakeup expires=11725188903 softexpires=11725188903 mode=ABS was_armed=0\n"
#define EXPIRE_612 "          <idle>-0       [001] d.h1.    11.725190: hrtimer_expire_entry: hrtimer=00000000066e6bff function=hrtimer_wakeup now=11725190403\n"
#define EXPIRE_61 "          <idle>-0       [001] d.h1.    11.725190: hrtimer_expire_entry: hrtimer=00000000066e6bff now=11725190403 function=hrtimer_wakeup\n"

static void test_trace_parse_hrtimer_start(void **state)
{
	struct pidle_trace_event ev;

	assert_int_equal(pidle_trace_parse(START_612, &ev), 0);
	assert_int_equal(ev.kind, PIDLE_TEV_HRT_START);
	assert_int_equal(ev.pid, 156);
	assert_true(ev.ts_ns == 11724193000LL);
	assert_string_equal(ev.hrtimer, "00000000066e6bff");
	assert_true(ev.wakeup);
	assert_true(ev.expires_ns == 11725188903LL);
}

static void test_trace_parse_expire_both_orders(void **state)
{
	static const char *const lines[] = { EXPIRE_612, EXPIRE_61 };
	struct pidle_trace_event ev;
	int i;

	for (i = 0; i < 2; i++) {
		assert_int_equal(pidle_trace_parse(lines[i], &ev), 0);
		assert_int_equal(ev.kind, PIDLE_TEV_HRT_EXPIRE);
		assert_int_equal(ev.pid, 0);
		assert_string_equal(ev.hrtimer, "00000000066e6bff");
		assert_true(ev.now_ns == 11725190403LL);
		assert_true(ev.wakeup);
	}
}

/* A comm with blanks and dashes, no irq-info flags, an IPI entry. */
static void test_trace_parse_odd_comm_no_flags(void **state)
{
	struct pidle_trace_event ev;

	assert_int_equal(pidle_trace_parse("   kworker/1:0-my job-42      [001]   123.000001: reschedule_entry: vector=253\n", &ev), 0);
	assert_int_equal(ev.kind, PIDLE_TEV_IPI);
	assert_int_equal(ev.pid, 42);
	assert_true(ev.ts_ns == 123000001000LL);
	assert_int_equal(pidle_trace_parse("  <idle>-0 [000] d.h2. 7.5: call_function_single_entry: vector=251\n", &ev), 0);
	assert_int_equal(ev.kind, PIDLE_TEV_IPI);
	assert_true(ev.ts_ns == 7500000000LL);
}

static void test_trace_parse_other_lines(void **state)
{
	static const char *const lines[] = {
		"# tracer: nop\n",
		"#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n",
		"          <idle>-0       [001] d.h1.    11.725191: hrtimer_expire_exit: hrtimer=00000000066e6bff\n",
		"          <idle>-0       [001] d.h1.    11.725191: local_timer_entry: vector=236\n",
		"\n",
	};
	struct pidle_trace_event ev;
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		assert_int_equal(pidle_trace_parse(lines[i], &ev), 0);
		assert_int_equal(ev.kind, PIDLE_TEV_OTHER);
	}
}

/* An event of interest with a field missing or bad is an error. */
static void test_trace_parse_malformed(void **state)
{
	static const char *const lines[] = {
		"  x-1 [001] d..1. 1.000000: hrtimer_start: hrtimer=01 function=hrtimer_wakeup softexpires=5 mode=ABS\n",
		"  x-1 [001] d..1. 1.000000: hrtimer_start: hrtimer=01 function=hrtimer_wakeup expires=5x mode=ABS\n",
		"  x-1 [001] d..1. 1.000000: hrtimer_expire_entry: hrtimer=01 function=hrtimer_wakeup\n",
		"  x-1 [001] d..1. 1.0a0000: reschedule_entry: vector=253\n",
		"  nopid [001] d..1. 1.000000: reschedule_entry: vector=253\n",
	};
	struct pidle_trace_event ev;
	size_t i;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++)
		assert_int_equal(pidle_trace_parse(lines[i], &ev), -1);
}

/*
 * A measuring task (pid 156) sleeping three times; between its sleeps
 * another task's sleep and the tick fire on the same CPU, one sleep is
 * re-armed before it fires (the second expiry counts), one is cancelled
 * (no expiry: no sample).
 */
static const char *const timer_trace[] = {
	"# tracer: nop\n",
	"  pidle-bench-156 [001] d..1. 10.000000: hrtimer_start: hrtimer=aa function=hrtimer_wakeup expires=10001000000 softexpires=10001000000 mode=ABS\n",
	"  other-200 [001] d..1. 10.000100: hrtimer_start: hrtimer=bb function=hrtimer_wakeup expires=10000500000 softexpires=10000500000 mode=ABS\n",
	"  <idle>-0 [001] d.h1. 10.000502: hrtimer_expire_entry: hrtimer=bb function=hrtimer_wakeup now=10000502000\n",
	"  <idle>-0 [001] d.h1. 10.001001: hrtimer_expire_entry: hrtimer=cc function=tick_nohz_handler now=10001001000\n",
	"  <idle>-0 [001] d.h1. 10.001101: hrtimer_expire_entry: hrtimer=aa function=hrtimer_wakeup now=10001101500\n",
	/* a tick armed by our task is not a sleep */
	"  pidle-bench-156 [001] d..1. 10.001200: hrtimer_start: hrtimer=cc function=tick_nohz_handler expires=10005000000 softexpires=10005000000 mode=ABS|PINNED\n",
	"  pidle-bench-156 [001] d..1. 10.001300: hrtimer_start: hrtimer=aa function=hrtimer_wakeup expires=10002000000 softexpires=10002000000 mode=ABS\n",
	"  pidle-bench-156 [001] d..1. 10.001400: hrtimer_start: hrtimer=aa function=hrtimer_wakeup expires=10002300000 softexpires=10002300000 mode=ABS\n",
	"  <idle>-0 [001] d.h1. 10.002310: hrtimer_expire_entry: hrtimer=aa function=hrtimer_wakeup now=10002310000\n",
	"  pidle-bench-156 [001] d..1. 10.003000: hrtimer_start: hrtimer=aa function=hrtimer_wakeup expires=10004000000 softexpires=10004000000 mode=ABS\n",
	"  pidle-bench-156 [001] d..1. 10.003500: hrtimer_cancel: hrtimer=aa\n",
	"  pidle-bench-156 [001] d..1. 10.003600: hrtimer_start: hrtimer=dd function=hrtimer_wakeup expires=10005000000 softexpires=10005000000 mode=ABS\n",
	"  <idle>-0 [001] d.h1. 10.005000: hrtimer_expire_entry: hrtimer=dd now=10004999900 function=hrtimer_wakeup\n",
};

static void test_trace_timer_samples(void **state)
{
	static const long long want[] = { 101500, 10000, -100 };
	struct pidle_trace_timer t = { .tid = 156 };
	struct pidle_trace_event ev;
	long long got[8], ns;
	size_t i;
	int n = 0;

	for (i = 0; i < sizeof(timer_trace) / sizeof(timer_trace[0]); i++) {
		assert_int_equal(pidle_trace_parse(timer_trace[i], &ev), 0);
		switch (pidle_trace_timer_feed(&t, &ev, &ns)) {
		case PIDLE_TRACE_NONE:
			break;
		case PIDLE_TRACE_OWN:	/* the tick ran in an interrupt of its own */
			got[n++] = ns;
			break;
		default:
			fail();
		}
	}
	assert_int_equal(n, 3);
	for (i = 0; i < 3; i++)
		assert_true(got[i] == want[i]);
}

/*
 * The tick began the exit: it expired first and the sleep, expired while
 * the CPU was still waking, ran after it in the same interrupt (the same
 * now=): shared. Then the other way round: the sleep expired first and
 * the tick after it, in one interrupt: the sleep's own.
 */
static void test_trace_timer_shared_with_tick(void **state)
{
	static const char *const lines[] = {
		"  pidle-bench-156 [001] d..1. 20.000000: hrtimer_start: hrtimer=aa function=hrtimer_wakeup expires=20001000000 softexpires=20001000000 mode=ABS\n",
		"  <idle>-0 [001] d.h1. 20.001400: hrtimer_expire_entry: hrtimer=cc function=tick_nohz_handler now=20001400000\n",
		"  <idle>-0 [001] d.h1. 20.001400: hrtimer_expire_entry: hrtimer=aa function=hrtimer_wakeup now=20001400000\n",
		"  pidle-bench-156 [001] d..1. 20.002000: hrtimer_start: hrtimer=aa function=hrtimer_wakeup expires=20003000000 softexpires=20003000000 mode=ABS\n",
		"  <idle>-0 [001] d.h1. 20.004000: hrtimer_expire_entry: hrtimer=aa function=hrtimer_wakeup now=20004000000\n",
		"  <idle>-0 [001] d.h1. 20.004000: hrtimer_expire_entry: hrtimer=cc function=tick_nohz_handler now=20004000000\n",
	};
	static const int want_kind[] = { PIDLE_TRACE_SHARED, PIDLE_TRACE_OWN };
	static const long long want_ns[] = { 400000, 1000000 };
	struct pidle_trace_timer t = { .tid = 156 };
	struct pidle_trace_event ev;
	size_t i;
	long long ns;
	int n = 0, r;

	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		assert_int_equal(pidle_trace_parse(lines[i], &ev), 0);
		r = pidle_trace_timer_feed(&t, &ev, &ns);
		if (r == PIDLE_TRACE_NONE)
			continue;
		assert_int_equal(r, want_kind[n]);
		assert_true(ns == want_ns[n]);
		n++;
	}
	assert_int_equal(n, 2);
}

/*
 * Three rounds: an IPI inside each of the first two (the first stamped in
 * the microsecond the signal was sent in, so 0.5 us is taken), a stray
 * IPI before the first, none in the third (a polling CPU).
 */
static void test_trace_ipi_match(void **state)
{
	static const long long sig[] = { 1000400, 2000000, 3000000 };
	static const long long recv[] = { 1020000, 2120000, 3020000 };
	static const long long ipi[] = { 990000, 1000000, 2100000, 2110000 };
	long long lat[3];

	assert_int_equal(pidle_trace_ipi_match(sig, recv, 3, ipi, 4, lat), 2);
	assert_true(lat[0] == 100);
	assert_true(lat[1] == 100500);
	/* an IPI after the wake-up was seen belongs to no round */
	assert_int_equal(pidle_trace_ipi_match(sig, recv, 1,
					       (long long[]){ 1030000 }, 1, lat), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_parse_hrtimer_start),
		cmocka_unit_test(test_trace_parse_expire_both_orders),
		cmocka_unit_test(test_trace_parse_odd_comm_no_flags),
		cmocka_unit_test(test_trace_parse_other_lines),
		cmocka_unit_test(test_trace_parse_malformed),
		cmocka_unit_test(test_trace_timer_samples),
		cmocka_unit_test(test_trace_timer_shared_with_tick),
		cmocka_unit_test(test_trace_ipi_match),
	};

	return pidle_unit_run("bench_trace", tests);
}
