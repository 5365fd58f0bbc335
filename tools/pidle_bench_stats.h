/* SPDX-License-Identifier: GPL-2.0 */
/* pidle-bench: samples per state and test, and their report. */
#ifndef _PIDLE_BENCH_STATS_H
#define _PIDLE_BENCH_STATS_H

#include <stdbool.h>
#include <stdio.h>

#define PIDLE_BENCH_STATES	10
/* samples per state and test: -n's limit, and a samples file's */
#define PIDLE_BENCH_MAX_SAMPLES	10000000

/*
 * The task's wake-up (timer, ipi), and the interrupt's own latency from
 * the kernel's tracepoints (timer-irq: expiry to handler; ipi-irq: signal
 * to the IPI's entry), taken during the same samples (--irq).
 */
enum pidle_bench_test {
	PIDLE_TEST_TIMER,
	PIDLE_TEST_IPI,
	PIDLE_TEST_TIMER_IRQ,
	PIDLE_TEST_IPI_IRQ,
	PIDLE_NR_TESTS
};
enum pidle_bench_fmt { PIDLE_BFMT_PLAIN, PIDLE_BFMT_CSV, PIDLE_BFMT_JSON };

struct pidle_bench_state {
	char name[32];
	long long latency_us;		/* configured exit latency */
	bool measured[PIDLE_NR_TESTS];
	long long *ns[PIDLE_NR_TESTS];	/* latency samples, nanoseconds */
	int n[PIDLE_NR_TESTS];
	int cap[PIDLE_NR_TESTS];	/* room in ns[], see pidle_bench_reserve() */
	/* in-module: exits and overshoot sum over the run, worst overshoot */
	bool has_ovs;
	unsigned long long exits, ovs_ns, ovs_max_ns;
	/* --irq: timer samples whose wake-up another timer began, left out */
	int left_out;
};

struct pidle_bench {
	int nr_states;
	struct pidle_bench_state st[PIDLE_BENCH_STATES];
};

extern const char *const pidle_test_name[PIDLE_NR_TESTS];

/*
 * Room for @n more samples, so that pidle_bench_add() does not allocate
 * (and cannot fail) inside a measurement loop.
 */
int pidle_bench_reserve(struct pidle_bench_state *s, int test, int n);
int pidle_bench_add(struct pidle_bench_state *s, int test, long long ns);
/* Nearest-rank percentile (0 < p <= 100) of the sorted samples. */
long long pidle_bench_pct(const long long *sorted, int n, double p);
void pidle_bench_report(FILE *out, enum pidle_bench_fmt fmt,
			struct pidle_bench *b);
/* Read/write the samples file format (see pidle-bench.rst). */
int pidle_bench_load(const char *path, struct pidle_bench *b);
int pidle_bench_dump(const char *path, const struct pidle_bench *b);

#endif
