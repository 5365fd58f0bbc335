// SPDX-License-Identifier: GPL-2.0
/*
 * model_bench: what one enter+exit pair of the model core costs, against
 * a floor of the bare atomic operations the pair must do.
 *
 * The machine is one package of 8 CPUs in four 2-CPU cores and two 4-CPU
 * clusters; every pair asks for the package state PC6, so it votes at all
 * three levels. Thread t plays CPU t. The CPUs no thread plays are either
 * offline (an offline CPU votes as idle in the deepest state, so the
 * threads' domains complete: single-threaded, every entry is last man and
 * every exit first man at all three levels, the most work a pair can do)
 * or busy (they never vote, no domain ever completes: votes only).
 *
 * The floor does, per pair and on the same number of cache-line-aligned
 * words, what the word protocol of pidle_model.c cannot do without: per
 * level one compare-and-exchange loop to vote (setting ENTERING when it
 * completes the domain, cleared by one release fetch-and), the same to
 * withdraw (setting and clearing WAKING), and the waits on a flag another
 * CPU holds. It keeps no statistics, chooses no state, computes no latency.
 * Both use the same <linux/atomic.h> shim, so the same instructions.
 *
 * Modes:
 *   model_bench [-p PAIRS] [-r REPS]   time it; one table row per case
 *   model_bench -s [-p PAIRS] [-r REPS]  the scale rows (pidle_mb_scale())
 *   model_bench -b [-p PAIRS] [-r REPS]  the non-last-man rows; -b -g PAIRS
 *                                      for callgrind
 *   model_bench -s -g PAIRS            the scale rows for callgrind
 *   model_bench -g PAIRS               for callgrind: each case once,
 *                                      single-threaded, model then floor,
 *                                      with a stats dump after each
 * Timings are each thread's CPU time (CLOCK_THREAD_CPUTIME_ID) over its
 * pairs, so a thread waiting for a host CPU is not charged; the figure is
 * the median over REPS runs, model and floor alternating.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <valgrind/callgrind.h>
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/cache.h>
#include <linux/limits.h>
#include <linux/processor.h>
#include <pidle/model.h>

#define PIDLE_MB_CPUS		8
#define PIDLE_MB_LEVELS		3
#define PIDLE_MB_MAX_REPS	31

static const char *pidle_mb_states =
	"POLL:0:0,C1:2:2,CC6:50:100:core,CL6:100:300:cluster,PC6:200:600:package";
static const char *pidle_mb_topo =
	"core=0-1,2-3,4-5,6-7;cluster=0-3,4-7;package=0-7";
#define PIDLE_MB_STATE		4	/* PC6 */

/* The floor's domain word: counter of voters, then the two flags. */
#define PIDLE_MB_COUNT		0xffffULL
#define PIDLE_MB_ENTERING	(1ULL << 62)
#define PIDLE_MB_WAKING		(1ULL << 61)

struct pidle_mb_word {
	atomic64_t word;
	unsigned long long nr_cpus;
} ____cacheline_aligned_in_smp;

struct pidle_mb_floor {
	struct pidle_mb_word core[4], cluster[2], package[1];
	struct pidle_mb_word *dom[PIDLE_MB_CPUS][PIDLE_MB_LEVELS];
	unsigned int nr_levels;
};

/* Vote at every level, bottom-up, as pidle_domain_vote() does. */
__attribute__((noinline))
void pidle_mb_floor_enter(struct pidle_mb_floor *f, unsigned int cpu)
{
	unsigned int l;

	for (l = 0; l < f->nr_levels; l++) {
		struct pidle_mb_word *d = f->dom[cpu][l];
		s64 old = atomic64_read(&d->word), new;
		bool last;

		do {
			new = old + 1;
			last = (new & PIDLE_MB_COUNT) == d->nr_cpus;
			if (last)
				new |= PIDLE_MB_ENTERING;
		} while (!atomic64_try_cmpxchg(&d->word, &old, new));
		if (last)
			atomic64_fetch_andnot_release(PIDLE_MB_ENTERING, &d->word);
	}
}

/* Withdraw top-down, as pidle_domain_leave() does, flags included. */
__attribute__((noinline))
void pidle_mb_floor_exit(struct pidle_mb_floor *f, unsigned int cpu)
{
	int l;

	for (l = f->nr_levels - 1; l >= 0; l--) {
		struct pidle_mb_word *d = f->dom[cpu][l];
		s64 old = atomic64_read_acquire(&d->word), new;
		bool full;

		for (;;) {
			if (old & PIDLE_MB_ENTERING) {
				cpu_relax();
				old = atomic64_read_acquire(&d->word);
				continue;
			}
			full = (old & PIDLE_MB_COUNT) == d->nr_cpus;
			new = old - 1;
			if (full)
				new |= PIDLE_MB_WAKING;
			if (atomic64_try_cmpxchg(&d->word, &old, new))
				break;
		}
		if (full)
			atomic64_fetch_andnot_release(PIDLE_MB_WAKING, &d->word);
		else if (old & PIDLE_MB_WAKING)
			while (atomic64_read_acquire(&d->word) & PIDLE_MB_WAKING)
				cpu_relax();
	}
}

static void pidle_mb_floor_init(struct pidle_mb_floor *f, unsigned int nr_on,
				bool offline_rest)
{
	unsigned int cpu, l;

	memset(f, 0, sizeof(*f));
	f->nr_levels = PIDLE_MB_LEVELS;
	for (cpu = 0; cpu < PIDLE_MB_CPUS; cpu++) {
		f->dom[cpu][0] = &f->core[cpu / 2];
		f->dom[cpu][1] = &f->cluster[cpu / 4];
		f->dom[cpu][2] = &f->package[0];
		for (l = 0; l < PIDLE_MB_LEVELS; l++) {
			f->dom[cpu][l]->nr_cpus++;
			/* An offline CPU's standing vote, as in the model. */
			if (cpu >= nr_on && offline_rest)
				atomic64_add(1, &f->dom[cpu][l]->word);
		}
	}
}

enum pidle_mb_impl { PIDLE_MB_MODEL, PIDLE_MB_FLOOR };

struct pidle_mb_case {
	const char *name;
	unsigned int threads;
	bool offline_rest;
};

static const struct pidle_mb_case pidle_mb_cases[] = {
	{ "1 thread, 7 CPUs offline", 1, true },
	{ "1 thread, 7 CPUs busy", 1, false },
	{ "2 threads (1 core)", 2, true },
	{ "4 threads (1 cluster)", 4, true },
	{ "8 threads (package)", 8, true },
};

struct pidle_mb_run {
	enum pidle_mb_impl impl;
	struct pidle_model *m;
	struct pidle_mb_floor *f;
	unsigned long pairs;
	pthread_barrier_t start;
};

struct pidle_mb_thread {
	struct pidle_mb_run *run;
	unsigned int cpu;
	long long cpu_ns;
};

static long long pidle_mb_clock(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void pidle_mb_loop(struct pidle_mb_run *r, unsigned int cpu)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	u64 now_ns = 0;
	unsigned long i;

	if (r->impl == PIDLE_MB_FLOOR) {
		for (i = 0; i < r->pairs; i++) {
			pidle_mb_floor_enter(r->f, cpu);
			pidle_mb_floor_exit(r->f, cpu);
		}
		return;
	}
	for (i = 0; i < r->pairs; i++) {
		/* As the driver calls it; time goes in, no clock is read. */
		pidle_enter(r->m, cpu, PIDLE_MB_STATE, now_ns, U64_MAX, &ei);
		now_ns += 1000;
		pidle_exit(r->m, cpu, now_ns, &xi);
		now_ns += 1000;
	}
}

static void *pidle_mb_thread_fn(void *arg)
{
	struct pidle_mb_thread *t = arg;
	long long t0;

	pthread_barrier_wait(&t->run->start);
	t0 = pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID);
	pidle_mb_loop(t->run, t->cpu);
	t->cpu_ns = pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID) - t0;
	return NULL;
}

static int pidle_mb_setup(const struct pidle_mb_case *c,
			  enum pidle_mb_impl impl, struct pidle_mb_run *r,
			  struct pidle_mb_floor *f)
{
	struct pidle_states st;
	struct pidle_topology tp;
	struct pidle_err err;
	unsigned int cpu;
	int ret;

	r->impl = impl;
	r->f = f;
	r->m = NULL;
	if (impl == PIDLE_MB_FLOOR) {
		pidle_mb_floor_init(f, c->threads, c->offline_rest);
		return 0;
	}
	ret = pidle_states_parse(pidle_mb_states, &st, &err);
	if (!ret) {
		ret = pidle_topology_parse(pidle_mb_topo, 0, &tp, &err);
		if (!ret) {
			ret = pidle_model_create(&st, &tp, PIDLE_POLICY_AUTO,
						 &r->m, &err);
			pidle_topology_free(&tp);
		}
	}
	if (ret) {
		fprintf(stderr, "model_bench: %s\n", err.msg);
		return ret;
	}
	if (c->offline_rest)
		for (cpu = c->threads; cpu < PIDLE_MB_CPUS; cpu++)
			pidle_cpu_offline(r->m, cpu, 0);
	return 0;
}

/* One timed run of a case: the threads' mean CPU ns per pair. */
static double pidle_mb_time(const struct pidle_mb_case *c,
			    enum pidle_mb_impl impl, unsigned long pairs)
{
	struct pidle_mb_thread th[PIDLE_MB_CPUS];
	pthread_t tid[PIDLE_MB_CPUS];
	static struct pidle_mb_floor f;
	struct pidle_mb_run r = { .pairs = pairs };
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	double sum_ns = 0;
	unsigned int t;

	if (pidle_mb_setup(c, impl, &r, &f))
		exit(2);
	pthread_barrier_init(&r.start, NULL, c->threads);
	for (t = 0; t < c->threads; t++) {
		pthread_attr_t attr;
		cpu_set_t set;

		/* Spread over the host's CPUs, so 2 threads do contend. */
		CPU_ZERO(&set);
		CPU_SET(t % (ncpu > 0 ? ncpu : 1), &set);
		pthread_attr_init(&attr);
		pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
		th[t] = (struct pidle_mb_thread){ .run = &r, .cpu = t };
		if (pthread_create(&tid[t], &attr, pidle_mb_thread_fn, &th[t])) {
			fprintf(stderr, "model_bench: cannot start thread %u\n", t);
			exit(2);
		}
		pthread_attr_destroy(&attr);
	}
	for (t = 0; t < c->threads; t++) {
		pthread_join(tid[t], NULL);
		sum_ns += th[t].cpu_ns;
	}
	pthread_barrier_destroy(&r.start);
	pidle_model_destroy(r.m);
	return sum_ns / c->threads / pairs;
}

static int pidle_mb_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void pidle_mb_callgrind(unsigned long pairs)
{
	static struct pidle_mb_floor f;
	unsigned int i;

	/* Single-threaded cases only: the count is then exact. */
	for (i = 0; i < 2; i++) {
		const struct pidle_mb_case *c = &pidle_mb_cases[i];
		struct pidle_mb_run r = { .pairs = pairs };
		char name[64];

		if (pidle_mb_setup(c, PIDLE_MB_MODEL, &r, &f))
			exit(2);
		CALLGRIND_ZERO_STATS;
		pidle_mb_loop(&r, 0);
		snprintf(name, sizeof(name), "model %u", i);
		CALLGRIND_DUMP_STATS_AT(name);
		pidle_model_destroy(r.m);

		pidle_mb_setup(c, PIDLE_MB_FLOOR, &r, &f);
		CALLGRIND_ZERO_STATS;
		pidle_mb_loop(&r, 0);
		snprintf(name, sizeof(name), "floor %u", i);
		CALLGRIND_DUMP_STATS_AT(name);
		printf("case %u %s\n", i, c->name);
	}
}

/*
 * Scale rows: one package of N CPUs in 2-CPU cores (N = 2: one core that
 * is the package), CPU 0 the only one playing, every other CPU offline:
 * each entry is last man at core and package, each exit first man, the
 * most a pair does, and with domain_policy=timer the last man's timer
 * scan of the package is in every pair. The floor does the same two
 * levels' bare atomics on words holding the offline CPUs' votes.
 */
static const unsigned int pidle_mb_scale_cpus[] = { 2, 8, 32, 96, 256, 8192 };
#define PIDLE_MB_NR_SCALE \
	(sizeof(pidle_mb_scale_cpus) / sizeof(pidle_mb_scale_cpus[0]))

static struct pidle_model *pidle_mb_scale_model(unsigned int n,
						enum pidle_policy policy)
{
	struct pidle_model *m = NULL;
	struct pidle_topology tp;
	struct pidle_states st;
	struct pidle_err err;
	char topo[64];
	unsigned int cpu;

	snprintf(topo, sizeof(topo), "core=0-1*%u;package=0-%u", n / 2, n - 1);
	/* PC6 is state PIDLE_MB_STATE, as in the 8-CPU cases. */
	if (pidle_states_parse("POLL:0:0,C1:2:2,C1E:10:20,CC6:50:100:core,PC6:200:600:package",
			       &st, &err) ||
	    pidle_topology_parse(topo, 0, &tp, &err)) {
		fprintf(stderr, "model_bench: %s\n", err.msg);
		exit(2);
	}
	if (pidle_model_create(&st, &tp, policy, &m, &err)) {
		fprintf(stderr, "model_bench: %s\n", err.msg);
		exit(2);
	}
	pidle_topology_free(&tp);
	for (cpu = 1; cpu < n; cpu++)
		pidle_cpu_offline(m, cpu, 0);
	return m;
}

static void pidle_mb_scale_floor(struct pidle_mb_floor *f, unsigned int n)
{
	memset(f, 0, sizeof(*f));
	f->nr_levels = 2;
	f->dom[0][0] = &f->core[0];
	f->dom[0][1] = &f->package[0];
	f->core[0].nr_cpus = 2;
	f->package[0].nr_cpus = n;
	atomic64_set(&f->core[0].word, 1);
	atomic64_set(&f->package[0].word, n - 1);
}

static double pidle_mb_scale_time(unsigned int n, enum pidle_policy policy,
				  enum pidle_mb_impl impl, unsigned long pairs)
{
	static struct pidle_mb_floor f;
	struct pidle_mb_run r = { .impl = impl, .f = &f, .pairs = pairs };
	long long t0;

	if (impl == PIDLE_MB_MODEL)
		r.m = pidle_mb_scale_model(n, policy);
	else
		pidle_mb_scale_floor(&f, n);
	t0 = pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID);
	pidle_mb_loop(&r, 0);
	t0 = pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID) - t0;
	pidle_model_destroy(r.m);
	return (double)t0 / pairs;
}

/* "scale POLICY|N|MODEL_NS|FLOOR_NS", or under callgrind a dump each. */
static void pidle_mb_scale(unsigned long pairs, unsigned int reps, bool cg)
{
	static const enum pidle_policy pol[] = { PIDLE_POLICY_AUTO, PIDLE_POLICY_TIMER };
	double model[PIDLE_MB_MAX_REPS], floor[PIDLE_MB_MAX_REPS];
	unsigned int p, i, k;

	for (p = 0; p < 2; p++) {
		for (i = 0; i < PIDLE_MB_NR_SCALE; i++) {
			unsigned int n = pidle_mb_scale_cpus[i];
			const char *pn = pidle_policy_name(pol[p]);
			static struct pidle_mb_floor f;
			struct pidle_mb_run r = { .f = &f, .pairs = pairs };
			char name[64];

			if (!cg) {
				for (k = 0; k < reps; k++) {
					model[k] = pidle_mb_scale_time(n, pol[p], PIDLE_MB_MODEL, pairs);
					floor[k] = pidle_mb_scale_time(n, pol[p], PIDLE_MB_FLOOR, pairs);
				}
				qsort(model, reps, sizeof(double), pidle_mb_cmp);
				qsort(floor, reps, sizeof(double), pidle_mb_cmp);
				printf("scale %s|%u|%.1f|%.1f\n", pn, n, model[reps / 2],
				       floor[reps / 2]);
				fflush(stdout);
				continue;
			}
			r.impl = PIDLE_MB_MODEL;
			r.m = pidle_mb_scale_model(n, pol[p]);
			CALLGRIND_ZERO_STATS;
			pidle_mb_loop(&r, 0);
			snprintf(name, sizeof(name), "scale-model %s %u", pn, n);
			CALLGRIND_DUMP_STATS_AT(name);
			pidle_model_destroy(r.m);
			r.m = NULL;
			r.impl = PIDLE_MB_FLOOR;
			pidle_mb_scale_floor(&f, n);
			CALLGRIND_ZERO_STATS;
			pidle_mb_loop(&r, 0);
			snprintf(name, sizeof(name), "scale-floor %s %u", pn, n);
			CALLGRIND_DUMP_STATS_AT(name);
			printf("scale %s %u\n", pn, n);
		}
	}
}

/*
 * Non-last-man rows (model_bench -b): the same packages of N = 2, 256,
 * 8192 CPUs, CPU 0 playing and every other CPU busy, so that no vote ever
 * completes a domain: what a CPU that is not a last man pays, which must
 * not grow with N. Kinds: domain_policy=auto and timer (PC6 votes at core
 * and package), and the OSI mode with a governor (the deepest CPU state
 * votes in the core only; the governor is never called). The floor: the
 * same levels' bare votes and withdrawals.
 */
static const unsigned int pidle_mb_nonlast_cpus[] = { 2, 256, 8192 };

static int pidle_mb_gov_select(struct pidle_dgov_domain *d,
			       const struct pidle_dgov_input *in)
{
	return in->deepest;
}

static const struct pidle_dgov_ops pidle_mb_gov = {
	.name = "bench", .select = pidle_mb_gov_select,
};

static struct pidle_model *pidle_mb_nonlast_model(unsigned int n,
						  unsigned int kind)
{
	struct pidle_model_opts o = { .policy = kind == 1 ? PIDLE_POLICY_TIMER :
						    PIDLE_POLICY_AUTO };
	struct pidle_model *m = NULL;
	struct pidle_topology tp;
	struct pidle_states st;
	struct pidle_err err;
	char topo[64];

	if (kind == 2) {
		o.mode = PIDLE_MODE_OSI;
		o.dgov[1] = o.dgov[2] = &pidle_mb_gov;
	}
	snprintf(topo, sizeof(topo), "core=0-1*%u;package=0-%u", n / 2, n - 1);
	if (pidle_states_parse("POLL:0:0,C1:2:2,C1E:10:20,CC6:50:100:core,PC6:200:600:package",
			       &st, &err) ||
	    pidle_topology_parse(topo, 0, &tp, &err) ||
	    pidle_model_create_opts(&st, &tp, &o, &m, &err)) {
		fprintf(stderr, "model_bench: %s\n", err.msg);
		exit(2);
	}
	pidle_topology_free(&tp);
	return m;
}

static void pidle_mb_nonlast_loop(struct pidle_model *m, unsigned int state,
				  unsigned long pairs)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	u64 now_ns = 0;
	unsigned long i;

	for (i = 0; i < pairs; i++) {
		pidle_enter(m, 0, state, now_ns, U64_MAX, &ei);
		now_ns += 1000;
		pidle_exit(m, 0, now_ns, &xi);
		now_ns += 1000;
	}
}

static void pidle_mb_nonlast_floor(struct pidle_mb_floor *f, unsigned int n,
				   unsigned int levels)
{
	memset(f, 0, sizeof(*f));
	f->nr_levels = levels;
	f->dom[0][0] = &f->core[0];
	f->dom[0][1] = &f->package[0];
	f->core[0].nr_cpus = 2;
	f->package[0].nr_cpus = n;
}

/* "nonlast KIND|N|MODEL_NS|FLOOR_NS", or under callgrind a dump each. */
static void pidle_mb_nonlast(unsigned long pairs, unsigned int reps, bool cg)
{
	static const char *const kind_name[] = { "auto", "timer", "osi-gov" };
	double model[PIDLE_MB_MAX_REPS], floor[PIDLE_MB_MAX_REPS];
	static struct pidle_mb_floor f;
	unsigned int kind, i, k;

	for (kind = 0; kind < 3; kind++) {
		/* PC6 in PC mode; in OSI the deepest CPU state, C1E. */
		unsigned int state = kind == 2 ? 2 : PIDLE_MB_STATE;
		unsigned int levels = kind == 2 ? 1 : 2;

		for (i = 0; i < sizeof(pidle_mb_nonlast_cpus) / sizeof(pidle_mb_nonlast_cpus[0]); i++) {
			unsigned int n = pidle_mb_nonlast_cpus[i];
			struct pidle_mb_run r = { .impl = PIDLE_MB_FLOOR, .f = &f, .pairs = pairs };
			struct pidle_model *m;
			char name[64];
			long long t0;

			for (k = 0; k < (cg ? 1 : reps); k++) {
				m = pidle_mb_nonlast_model(n, kind);
				if (cg)
					CALLGRIND_ZERO_STATS;
				t0 = pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID);
				pidle_mb_nonlast_loop(m, state, pairs);
				model[k] = (double)(pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID) - t0) / pairs;
				if (cg) {
					snprintf(name, sizeof(name), "nonlast-model %s %u",
						 kind_name[kind], n);
					CALLGRIND_DUMP_STATS_AT(name);
				}
				pidle_model_destroy(m);
				pidle_mb_nonlast_floor(&f, n, levels);
				if (cg)
					CALLGRIND_ZERO_STATS;
				t0 = pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID);
				pidle_mb_loop(&r, 0);
				floor[k] = (double)(pidle_mb_clock(CLOCK_THREAD_CPUTIME_ID) - t0) / pairs;
				if (cg) {
					snprintf(name, sizeof(name), "nonlast-floor %s %u",
						 kind_name[kind], n);
					CALLGRIND_DUMP_STATS_AT(name);
				}
			}
			if (cg) {
				printf("nonlast %s %u\n", kind_name[kind], n);
				continue;
			}
			qsort(model, reps, sizeof(double), pidle_mb_cmp);
			qsort(floor, reps, sizeof(double), pidle_mb_cmp);
			printf("nonlast %s|%u|%.1f|%.1f\n", kind_name[kind], n,
			       model[reps / 2], floor[reps / 2]);
			fflush(stdout);
		}
	}
}

int main(int argc, char **argv)
{
	unsigned long pairs = 1000000, cg_pairs = 0;
	unsigned int i, reps = 7, k;
	bool scale = false, nonlast = false;
	int c;

	while ((c = getopt(argc, argv, "p:r:g:sb")) != -1) {
		switch (c) {
		case 'p':
			pairs = strtoul(optarg, NULL, 10);
			break;
		case 'r':
			reps = strtoul(optarg, NULL, 10);
			break;
		case 'g':
			cg_pairs = strtoul(optarg, NULL, 10);
			break;
		case 's':
			scale = true;
			break;
		case 'b':
			nonlast = true;
			break;
		default:
			fprintf(stderr, "usage: model_bench [-s] [-p PAIRS] [-r REPS] | [-s] -g PAIRS\n");
			return 2;
		}
	}
	if (!pairs || !reps || reps > PIDLE_MB_MAX_REPS) {
		fprintf(stderr, "model_bench: PAIRS must be > 0 and REPS 1 to %d\n",
			PIDLE_MB_MAX_REPS);
		return 2;
	}
	if (nonlast) {
		pidle_mb_nonlast(cg_pairs ? cg_pairs : pairs, reps, cg_pairs);
		return pidle_shim_warnings ? 1 : 0;
	}
	if (scale) {
		pidle_mb_scale(cg_pairs ? cg_pairs : pairs, reps, cg_pairs);
		return pidle_shim_warnings ? 1 : 0;
	}
	if (cg_pairs) {
		pidle_mb_callgrind(cg_pairs);
		return pidle_shim_warnings ? 1 : 0;
	}
	/* "case NAME|THREADS|MODEL_NS|FLOOR_NS": bench/model.sh makes the table. */
	for (i = 0; i < sizeof(pidle_mb_cases) / sizeof(pidle_mb_cases[0]); i++) {
		const struct pidle_mb_case *mc = &pidle_mb_cases[i];
		/* Fewer pairs per thread with more threads: same total work. */
		unsigned long n = pairs / mc->threads;
		double model[PIDLE_MB_MAX_REPS], floor[PIDLE_MB_MAX_REPS];

		for (k = 0; k < reps; k++) {
			model[k] = pidle_mb_time(mc, PIDLE_MB_MODEL, n);
			floor[k] = pidle_mb_time(mc, PIDLE_MB_FLOOR, n);
		}
		qsort(model, reps, sizeof(double), pidle_mb_cmp);
		qsort(floor, reps, sizeof(double), pidle_mb_cmp);
		printf("case %s|%u|%.1f|%.1f\n", mc->name, mc->threads,
		       model[reps / 2], floor[reps / 2]);
		fflush(stdout);
	}
	if (pidle_shim_warnings) {
		fprintf(stderr, "model_bench: %lu model warnings\n",
			pidle_shim_warnings);
		return 1;
	}
	return 0;
}
