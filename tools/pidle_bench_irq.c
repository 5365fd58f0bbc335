// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-bench --irq: the tracefs side of the interrupt latencies.
 *
 * The events are recorded in an instance of our own
 * (instances/pidle-bench), so that a user's tracing is left alone, with
 * the "mono" trace clock: ktime_get_mono_fast_ns(), the CLOCK_MONOTONIC
 * the ipi test's signal times are taken in. The timer figure needs no
 * trace clock at all: hrtimer_start's expires= and hrtimer_expire_entry's
 * now= are both the hrtimer's own clock. Only the measured CPU's buffer is
 * read, and given room for a whole test; an overrun fails the test rather
 * than reporting the samples that happen to be left.
 *
 * Enabling a tracepoint patches its call sites. Multi-threaded TCG now and
 * then runs a stale copy of a site another vCPU is patching (an int3 Oops
 * on 6.12, a soft lockup on 6.1, see tests/vm/suites/trace.sh): the
 * events are switched with every other CPU kept busy by a spinning thread,
 * so that no CPU runs the idle path while it is patched.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pidle_bench_irq.h"
#include "pidle_bench_trace.h"
#include "pidle_common.h"

#define PIDLE_IRQ_BUF_KB	"8192"	/* the measured CPU's buffer */

static const char *const pidle_irq_events[] = {
	"timer/hrtimer_start",
	"timer/hrtimer_expire_entry",
	/* x86 only: without them there is no ipi-irq row */
	"irq_vectors/reschedule_entry",
	"irq_vectors/call_function_single_entry",
};
#define PIDLE_IRQ_NR_EVENTS	(sizeof(pidle_irq_events) / sizeof(pidle_irq_events[0]))
#define PIDLE_IRQ_NEEDED	2	/* the first two must exist */

static char pidle_irq_dir[256];		/* the instance, "" when none */
static int pidle_irq_cpu;
static bool pidle_irq_enabled[PIDLE_IRQ_NR_EVENTS];

static int pidle_irq_spin_stop;
static int pidle_irq_spinning;

static void *pidle_irq_spinner(void *arg)
{
	__atomic_add_fetch(&pidle_irq_spinning, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&pidle_irq_spin_stop, __ATOMIC_ACQUIRE))
		;
	return NULL;
}

/*
 * Write @val to the event enable files @on[] selects, with every CPU
 * other than ours running a spinning thread (the caller is pinned, so its
 * own CPU is busy with the write). CPUs that are offline get no thread.
 */
static int pidle_irq_quiet_enable(const char *val, const bool *on)
{
	long nr = sysconf(_SC_NPROCESSORS_CONF), c, started = 0;
	pthread_t *t = calloc(nr > 0 ? nr : 1, sizeof(*t));
	bool *made = calloc(nr > 0 ? nr : 1, sizeof(*made));
	int self = sched_getcpu(), ret = 0;
	char path[512];
	size_t i;

	if (!t || !made) {
		free(t);
		free(made);
		return pidle_errorf(-1, "tracefs: %s.", strerror(ENOMEM));
	}
	__atomic_store_n(&pidle_irq_spin_stop, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&pidle_irq_spinning, 0, __ATOMIC_RELAXED);
	for (c = 0; c < nr; c++) {
		pthread_attr_t attr;
		cpu_set_t set;

		if (c == self)
			continue;
		CPU_ZERO(&set);
		CPU_SET(c, &set);
		pthread_attr_init(&attr);
		pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
		made[c] = !pthread_create(&t[c], &attr, pidle_irq_spinner, NULL);
		pthread_attr_destroy(&attr);
		started += made[c];
	}
	while (__atomic_load_n(&pidle_irq_spinning, __ATOMIC_ACQUIRE) < started)
		;
	for (i = 0; i < PIDLE_IRQ_NR_EVENTS; i++) {
		int e;

		if (!on[i])
			continue;
		snprintf(path, sizeof(path), "%s/events/%s/enable",
			 pidle_irq_dir, pidle_irq_events[i]);
		e = pidle_write_file(path, val, 1);
		if (e && !ret)
			ret = pidle_errorf(-1, "%s: %s.", path, strerror(-e));
	}
	__atomic_store_n(&pidle_irq_spin_stop, 1, __ATOMIC_RELEASE);
	for (c = 0; c < nr; c++)
		if (made[c])
			pthread_join(t[c], NULL);
	free(t);
	free(made);
	return ret;
}

static int pidle_irq_set(const char *file, const char *val)
{
	char path[512];
	int e;

	snprintf(path, sizeof(path), "%s/%s", pidle_irq_dir, file);
	e = pidle_write_file(path, val, strlen(val));
	if (e)
		return pidle_errorf(-1, "%s: %s.", path, strerror(-e));
	return 0;
}

int pidle_irq_start(const char *root, int cpu)
{
	static const char *const where[] = { "/sys/kernel/tracing",
					     "/sys/kernel/debug/tracing" };
	bool want[PIDLE_IRQ_NR_EVENTS] = { false };
	char base[256], path[512], file[64];
	struct stat st;
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(base, sizeof(base), "%s%s", root, where[i]);
		snprintf(path, sizeof(path), "%s/instances", base);
		if (!stat(path, &st))
			break;
	}
	if (i == 2)
		return pidle_errorf(-1, "--irq: %s%s/instances: not found: tracefs is not mounted or the kernel has no tracing.",
				    root, where[0]);
	snprintf(pidle_irq_dir, sizeof(pidle_irq_dir), "%s/pidle-bench", path);
	if (mkdir(pidle_irq_dir, 0755)) {
		int e = errno;

		pidle_irq_dir[0] = '\0';
		return pidle_errorf(-1, "--irq: %s/pidle-bench: %s%s.", path,
				    strerror(e), e == EEXIST ?
				    " (another pidle-bench runs, or one was killed: rmdir it)" : "");
	}
	pidle_irq_cpu = cpu;
	for (i = 0; i < PIDLE_IRQ_NR_EVENTS; i++) {
		snprintf(path, sizeof(path), "%s/events/%s/enable",
			 pidle_irq_dir, pidle_irq_events[i]);
		want[i] = !access(path, W_OK);
		if (!want[i] && i < PIDLE_IRQ_NEEDED) {
			pidle_errorf(-1, "--irq: %s: not found: the kernel has no such tracepoint.",
				     path);
			goto fail;
		}
	}
	snprintf(file, sizeof(file), "per_cpu/cpu%d/buffer_size_kb", cpu);
	/* A small buffer for the CPUs that are not read, room for ours. */
	if (pidle_irq_set("trace_clock", "mono") ||
	    pidle_irq_set("buffer_size_kb", "16") ||
	    pidle_irq_set(file, PIDLE_IRQ_BUF_KB))
		goto fail;
	if (pidle_irq_quiet_enable("1", want))
		goto fail;
	memcpy(pidle_irq_enabled, want, sizeof(want));
	return 0;
fail:
	pidle_irq_stop();
	return -1;
}

void pidle_irq_stop(void)
{
	if (!pidle_irq_dir[0])
		return;
	pidle_irq_quiet_enable("0", pidle_irq_enabled);
	memset(pidle_irq_enabled, 0, sizeof(pidle_irq_enabled));
	pidle_irq_stop_signal();
}

void pidle_irq_stop_signal(void)
{
	if (pidle_irq_dir[0])
		rmdir(pidle_irq_dir);	/* disables what is still on */
	pidle_irq_dir[0] = '\0';
}

int pidle_irq_clear(void)
{
	return pidle_irq_set("trace", "\n");	/* opened O_TRUNC: emptied */
}

/* Calls @fn on each event of the measured CPU's buffer; -1 on overrun. */
static int pidle_irq_read(void (*fn)(const struct pidle_trace_event *,
				     void *), void *arg)
{
	char path[512], *line = NULL;
	struct pidle_trace_event ev;
	size_t size = 0;
	long long overrun = -1;
	FILE *f;

	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/trace", pidle_irq_dir,
		 pidle_irq_cpu);
	f = fopen(path, "r");
	if (!f)
		return pidle_errorf(-1, "%s: %s.", path, strerror(errno));
	while (getline(&line, &size, f) > 0) {
		if (pidle_trace_parse(line, &ev)) {
			pidle_errorf(-1, "%s: unexpected line: %s", path, line);
			continue;
		}
		if (ev.kind != PIDLE_TEV_OTHER)
			fn(&ev, arg);
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", pidle_irq_dir,
		 pidle_irq_cpu);
	f = fopen(path, "r");
	while (f && getline(&line, &size, f) > 0)
		if (sscanf(line, "overrun: %lld", &overrun) == 1)
			break;
	if (f)
		fclose(f);
	free(line);
	if (overrun)
		return pidle_errorf(-1, "%s: %lld events lost (overrun): the trace buffer was too small.",
				    path, overrun);
	return 0;
}

struct pidle_irq_timer_arg {
	struct pidle_trace_timer m;
	struct pidle_bench_state *s;
	bool *shared;		/* per sleep, @n of them */
	int n, k;		/* sleeps, samples the trace gave */
};

static void pidle_irq_timer_ev(const struct pidle_trace_event *ev, void *arg)
{
	struct pidle_irq_timer_arg *a = arg;
	long long ns;

	switch (pidle_trace_timer_feed(&a->m, ev, &ns)) {
	case PIDLE_TRACE_OWN:
		pidle_bench_add(a->s, PIDLE_TEST_TIMER_IRQ, ns);
		break;
	case PIDLE_TRACE_SHARED:
		if (a->k < a->n)
			a->shared[a->k] = true;
		break;
	default:
		return;
	}
	a->k++;
}

/*
 * The k-th expiry in the trace is the k-th sleep: the task's own samples
 * of shared sleeps go too, when the trace has exactly one per sleep (a
 * trace that lost some cannot say which; then none is taken out of the
 * task's row, and the shared ones are still left out of timer-irq).
 */
int pidle_irq_timer(struct pidle_bench_state *s, int tid, int n)
{
	struct pidle_irq_timer_arg a = { .m = { .tid = tid }, .s = s, .n = n };
	long long *row = s->ns[PIDLE_TEST_TIMER] + s->n[PIDLE_TEST_TIMER] - n;
	int i, kept = 0, ret;

	a.shared = calloc(n ? n : 1, sizeof(*a.shared));
	if (!a.shared)
		return pidle_errorf(-1, "%d samples: %s.", n, strerror(ENOMEM));
	ret = pidle_irq_read(pidle_irq_timer_ev, &a);
	for (i = 0; i < n; i++)
		s->left_out += a.shared[i];
	if (!ret && a.k == n) {
		for (i = 0; i < n; i++)
			if (!a.shared[i])
				row[kept++] = row[i];
		s->n[PIDLE_TEST_TIMER] -= n - kept;
	}
	free(a.shared);
	return ret;
}

struct pidle_irq_ipi_arg {
	long long *ns;
	int n, cap;
};

static void pidle_irq_ipi_ev(const struct pidle_trace_event *ev, void *arg)
{
	struct pidle_irq_ipi_arg *a = arg;

	if (ev->kind != PIDLE_TEV_IPI)
		return;
	if (a->n == a->cap) {
		long long *p = realloc(a->ns, (a->cap * 2 + 64) * sizeof(*p));

		if (!p)
			return;	/* counted below as missing samples */
		a->ns = p;
		a->cap = a->cap * 2 + 64;
	}
	a->ns[a->n++] = ev->ts_ns;
}

int pidle_irq_ipi(struct pidle_bench_state *s, const long long *sig_ns,
		  const long long *recv_ns, int n)
{
	struct pidle_irq_ipi_arg a = { NULL, 0, 0 };
	long long *lat = malloc((n ? n : 1) * sizeof(*lat));
	int i, got, ret = -1;

	if (!lat)
		return pidle_errorf(-1, "%d samples: %s.", n, strerror(ENOMEM));
	if (!pidle_irq_read(pidle_irq_ipi_ev, &a)) {
		got = pidle_trace_ipi_match(sig_ns, recv_ns, n, a.ns, a.n, lat);
		for (i = 0; i < got; i++)
			pidle_bench_add(s, PIDLE_TEST_IPI_IRQ, lat[i]);
		ret = 0;
	}
	free(a.ns);
	free(lat);
	return ret;
}
