/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-bench: the interrupt side, read from the kernel's own tracepoints
 * in tracefs' text format. No I/O here: the parser and the matchers take
 * lines and return latencies, so that fixed traces test them.
 */
#ifndef _PIDLE_BENCH_TRACE_H
#define _PIDLE_BENCH_TRACE_H

#include <stdbool.h>

enum pidle_trace_kind {
	PIDLE_TEV_OTHER,	/* an event of no interest, or a comment */
	PIDLE_TEV_HRT_START,	/* timer:hrtimer_start */
	PIDLE_TEV_HRT_EXPIRE,	/* timer:hrtimer_expire_entry */
	PIDLE_TEV_IPI,		/* irq_vectors:{reschedule,call_function_single}_entry */
};

struct pidle_trace_event {
	enum pidle_trace_kind kind;
	int pid;		/* the task current when it fired */
	long long ts_ns;	/* the trace clock, microseconds in the text */
	char hrtimer[24];	/* the hrtimer's (hashed) address */
	bool wakeup;		/* function=hrtimer_wakeup: a sleeping task's */
	long long expires_ns;	/* hrtimer_start: the hard expiry */
	long long now_ns;	/* hrtimer_expire_entry: the handler's clock read */
};

/*
 * One line of a tracefs "trace" file. Returns 0 with @ev filled, or -1
 * when the line is an event of interest that cannot be read (a missing or
 * malformed field). Comments and other events are PIDLE_TEV_OTHER.
 */
int pidle_trace_parse(const char *line, struct pidle_trace_event *ev);

/*
 * Timer interrupt latency: the sleeping task @tid arms its hrtimer
 * (hrtimer_start, function=hrtimer_wakeup, expires = the hard expiry in
 * CLOCK_MONOTONIC); the interrupt handler expires it (hrtimer_expire_entry,
 * now = the clock the handler read on entry, the same clock). A sample is
 * now - expires. Feed the lines in order.
 *
 * A sample is *shared* when another timer expired just before it in the
 * same interrupt (the same now=: one pass over a clock base reads the
 * clock once and runs its timers in expiry order): that timer, the tick
 * mostly, expired first and began the CPU's exit, and the sample measures
 * only what was left of it (Documentation/pidle-bench.rst, benchmark 3).
 */
struct pidle_trace_timer {
	int tid;
	bool armed;
	char hrtimer[24];
	long long expires_ns;
	/* the last expiry of any timer on the CPU */
	char last_hrtimer[24];
	long long last_now_ns;
};

enum {
	PIDLE_TRACE_NONE,	/* @ev completes no sample */
	PIDLE_TRACE_OWN,	/* a sample, its own timer began the wake-up */
	PIDLE_TRACE_SHARED,	/* a sample, another timer began it */
};

/* PIDLE_TRACE_OWN or _SHARED with *@lat_ns set, or PIDLE_TRACE_NONE. */
int pidle_trace_timer_feed(struct pidle_trace_timer *t,
			   const struct pidle_trace_event *ev,
			   long long *lat_ns);

/*
 * IPI interrupt latency: round i was signalled at @sig_ns[i] and seen by
 * the woken task at @recv_ns[i] (CLOCK_MONOTONIC, as the "mono" trace
 * clock); its sample is the first IPI entry on the woken CPU inside
 * (sig - 1 us, recv] (the text gives whole microseconds, so an entry
 * stamped ts happened in [ts, ts + 1 us): ts + 0.5 us is taken) minus the
 * signal.
 * A round without one (a polling CPU is woken without an IPI) gives no
 * sample. @ipi_ns: the IPI entries' timestamps, in order. Returns the
 * number of samples written to @lat_ns (room for @n).
 */
int pidle_trace_ipi_match(const long long *sig_ns, const long long *recv_ns,
			  int n, const long long *ipi_ns, int nr_ipi,
			  long long *lat_ns);

#endif
