/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-bench --irq: a tracefs instance of its own recording, on the
 * measured CPU, the kernel's hrtimer and IPI-entry tracepoints, from which
 * pidle_bench_trace.c takes the interrupt latencies.
 */
#ifndef _PIDLE_BENCH_IRQ_H
#define _PIDLE_BENCH_IRQ_H

#include "pidle_bench_stats.h"

/*
 * Create the instance under @root's tracefs, trace clock "mono" (the
 * CLOCK_MONOTONIC of the samples), and enable the events with every other
 * CPU kept busy. @cpu: the measured CPU. Returns 0, or -1 with a message.
 */
int pidle_irq_start(const char *root, int cpu);
/* Disable the events and remove the instance (also after a failed start). */
void pidle_irq_stop(void);
/* Only rmdir(): for the signal handler. */
void pidle_irq_stop_signal(void);
/* Empty the instance's buffer, before a test. */
int pidle_irq_clear(void);
/*
 * The timer-irq samples of task @tid's @n sleeps since the last clear,
 * whose task-side samples are the last @n of the timer row. A sleep whose
 * wake-up another timer began (pidle_bench_trace.h, "shared") is left
 * out of both rows, and counted in s->left_out.
 */
int pidle_irq_timer(struct pidle_bench_state *s, int tid, int n);
/* The ipi-irq samples of @n rounds signalled at @sig_ns, seen at @recv_ns. */
int pidle_irq_ipi(struct pidle_bench_state *s, const long long *sig_ns,
		  const long long *recv_ns, int n);

#endif
