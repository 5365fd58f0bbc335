// SPDX-License-Identifier: GPL-2.0
/*
 * Threaded stress of the model's counters: 8 threads, each a CPU, doing
 * random enter/exit cycles on a core/cluster/package hierarchy, under both
 * domain policies, the timer policy also with vote groups of 2 and 3 (a
 * tree of groups inside the cluster and the package), and in OSI mode
 * (cores vote in clusters, clusters in the package, each only down in
 * its deepest state) with the built-in choice and with a governor whose
 * lock-free per-domain history checks that its calls never overlap. The invariants are checked after every run:
 *  - per domain, last men == first men == the usage counters' sum;
 *  - with every CPU busy again, no domain is down;
 *  - residency never negative, never more than the elapsed fake time;
 *  - per CPU, exits achieved == entries requested;
 *  - a reader thread, during the run: a domain's residency up to now
 *    (pidle_domain_residency_ns()) never more than the time; after it,
 *    equal to the completed periods' residency;
 *  - no WARN_ON_ONCE of the model fired;
 *  - hotplug: one CPU cycles offline and online (every power-up of its
 *    domains unpaid) while a reader reads, and a resetter resets, the
 *    domains' counters: a domain's latency paid is 0 at every read and
 *    after every trial, however the reset and the power-up interleave.
 * Usage: stress [cycles per thread]   (prints "N passed, N failed").
 */
#include <pthread.h>
#include <sched.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <linux/bug.h>
#include <pidle/model.h>

#define NR_THREADS	8
#define LEVELS		3

static const char *states = "POLL:0:0,C1:2:2,CC6:50:100:core,CL6:100:300:cluster,"
			    "PC6:200:600:package,PC10:400:2000:package";
static const char *topo = "core=0-1,2-3,4-5,6-7;cluster=0-3,4-7;package=0-7";

static struct pidle_model *m;
static unsigned long long fake_clock_ns;	/* only goes forward */
static unsigned long cycles = 200000;
/* Ask for the deepest state every other entry: packages go down often. */
static bool deep_bias;

struct worker {
	unsigned int cpu;
	unsigned long long seed;
	unsigned long down[LEVELS + 1][4];	/* last men, per level, domain */
	unsigned long up[LEVELS + 1][4];	/* first men */
	unsigned long exits;
};

static struct worker workers[NR_THREADS];

static unsigned long long rnd(unsigned long long *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Stay in a phase for a while, so that siblings' idle periods overlap. */
static void dwell(unsigned long long *s, unsigned int max_spins)
{
	unsigned int n = rnd(s) % max_spins;

	while (n--)
		__asm__ __volatile__("" ::: "memory");
}

static unsigned long long tick(unsigned long long *s)
{
	return __atomic_add_fetch(&fake_clock_ns, rnd(s) % 5000 + 1, __ATOMIC_RELAXED);
}

static void *worker_fn(void *arg)
{
	struct worker *w = arg;
	unsigned int nr_states = pidle_model_nr_states(m), l;
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned long i;

	for (i = 0; i < cycles; i++) {
		unsigned int state = rnd(&w->seed) % nr_states;
		if (deep_bias && rnd(&w->seed) % 2)
			state = nr_states - 1;
		unsigned long long now = tick(&w->seed);

		pidle_enter(m, w->cpu, state, now, now + rnd(&w->seed) % 40000000, &ei);
		for (l = 1; l <= LEVELS; l++)
			if (ei.down_levels & (1u << l))
				w->down[l][pidle_model_domain_of(m, l, w->cpu)]++;
		dwell(&w->seed, 4000);		/* idle: long */
		if (rnd(&w->seed) % 4 == 0)
			sched_yield();		/* idle while descheduled */
		now = tick(&w->seed);
		pidle_exit(m, w->cpu, now, &xi);
		for (l = 1; l <= LEVELS; l++)
			if (xi.up_levels & (1u << l))
				w->up[l][pidle_model_domain_of(m, l, w->cpu)]++;
		w->exits++;
		dwell(&w->seed, 200);		/* busy: short */
	}
	return NULL;
}

static int workers_done;	/* __atomic: the reader polls it */
static unsigned long reader_errors, reader_reads;

/* Residency up to now, read while the workers change it. */
static void *reader_fn(void *arg)
{
	unsigned int l, d, s;

	while (!__atomic_load_n(&workers_done, __ATOMIC_ACQUIRE)) {
		for (l = 1; l <= LEVELS; l++) {
			for (d = 0; d < pidle_model_nr_domains(m, l); d++) {
				unsigned long long now, resid = 0;

				now = __atomic_load_n(&fake_clock_ns, __ATOMIC_RELAXED);
				for (s = 0; s < pidle_model_nr_states(m); s++)
					if (pidle_model_state_level(m, s) == l)
						resid += pidle_domain_residency_ns(m, l, d, s, now);
				reader_reads++;
				/*
				 * A read may be as of a time a CPU recorded
				 * after @now was read (never beyond the clock).
				 */
				now = __atomic_load_n(&fake_clock_ns, __ATOMIC_RELAXED);
				if (resid > now && !reader_errors++)
					fprintf(stderr, "%s%u: residency up to now %llu ns > time %llu ns\n",
						pidle_model_level_name(m, l), d, resid, now);
			}
		}
		sched_yield();
	}
	return NULL;
}

/*
 * OSI: a domain governor with per-domain history kept without a lock, as
 * the contract allows (calls for one domain never overlap): every
 * reflect() must follow a select() that put the domain down, and TSan
 * sees every access.
 */
struct gov_hist {
	unsigned long selects, reflects;
	bool down;
};
static unsigned long gov_errors;	/* __atomic */

static int gov_attach(struct pidle_dgov_domain *d)
{
	d->priv = calloc(1, sizeof(struct gov_hist));
	return d->priv ? 0 : -ENOMEM;
}

static void gov_detach(struct pidle_dgov_domain *d)
{
	free(d->priv);
}

static int gov_select(struct pidle_dgov_domain *d,
		      const struct pidle_dgov_input *in)
{
	struct gov_hist *h = d->priv;
	u64 budget = in->next_timer_ns > in->now_ns ?
		     in->next_timer_ns - in->now_ns : 0;
	int k;

	if (h->down)
		__atomic_add_fetch(&gov_errors, 1, __ATOMIC_RELAXED);
	h->selects++;
	for (k = in->deepest; k >= 0; k--)
		if (d->states[k].residency_ns <= budget)
			break;
	h->down = k >= 0;
	return k;
}

static void gov_reflect(struct pidle_dgov_domain *d, int state, u64 ns)
{
	struct gov_hist *h = d->priv;

	if (!h->down)
		__atomic_add_fetch(&gov_errors, 1, __ATOMIC_RELAXED);
	h->down = false;
	h->reflects++;
}

static const struct pidle_dgov_ops gov = {
	.name = "stress", .attach = gov_attach, .detach = gov_detach,
	.select = gov_select, .reflect = gov_reflect,
};

/* A run's end, shared by both kinds: the model's warnings, then its teardown. */
static int teardown(struct pidle_topology *tp)
{
	int failed = 0;

	if (pidle_shim_warnings) {
		fprintf(stderr, "%lu model warnings\n", pidle_shim_warnings);
		failed = 1;
	}
	pidle_model_destroy(m);
	pidle_topology_free(tp);
	return failed;
}

static int run(enum pidle_policy policy, unsigned int fanout,
	       enum pidle_mode mode, bool governed)
{
	struct pidle_model_opts o = { .policy = policy, .vgroup_fanout = fanout,
				      .mode = mode };
	unsigned int lv;

	for (lv = 1; lv <= LEVELS; lv++)
		o.dgov[lv] = governed ? &gov : NULL;
	gov_errors = 0;

	deep_bias = fanout != 0 || mode == PIDLE_MODE_OSI;
	struct pidle_states st;
	struct pidle_topology tp;
	struct pidle_err err;
	pthread_t th[NR_THREADS], reader;
	unsigned int t, l, d, s, st_down;
	int failed = 0;

	if (pidle_states_parse(states, &st, &err) ||
	    pidle_topology_parse(topo, 0, &tp, &err) ||
	    pidle_model_create_opts(&st, &tp, &o, &m, &err)) {
		fprintf(stderr, "setup: %s\n", err.msg);
		return 1;
	}
	fake_clock_ns = 0;
	pidle_shim_warnings = 0;
	for (t = 0; t < NR_THREADS; t++) {
		workers[t] = (struct worker){ .cpu = t, .seed = 0x9e3779b97f4a7c15ULL * (t + 1) };
		pthread_create(&th[t], NULL, worker_fn, &workers[t]);
	}
	__atomic_store_n(&workers_done, 0, __ATOMIC_RELEASE);
	reader_errors = reader_reads = 0;
	pthread_create(&reader, NULL, reader_fn, NULL);
	for (t = 0; t < NR_THREADS; t++)
		pthread_join(th[t], NULL);
	__atomic_store_n(&workers_done, 1, __ATOMIC_RELEASE);
	pthread_join(reader, NULL);
	if (reader_errors) {
		fprintf(stderr, "%lu of %lu residency reads during the run too large\n",
			reader_errors, reader_reads);
		failed = 1;
	}

	for (l = 1; l <= LEVELS; l++) {
		for (d = 0; d < pidle_model_nr_domains(m, l); d++) {
			unsigned long down = 0, up = 0, usage = 0;
			unsigned long long resid = 0;

			for (t = 0; t < NR_THREADS; t++) {
				down += workers[t].down[l][d];
				up += workers[t].up[l][d];
			}
			for (s = 0; s < pidle_model_nr_states(m); s++) {
				struct pidle_domain_stats ds;

				if (pidle_model_state_level(m, s) != l)
					continue;
				pidle_domain_stats_read(m, l, d, s, &ds);
				usage += ds.usage;
				resid += ds.residency_ns;
				if (pidle_domain_residency_ns(m, l, d, s, fake_clock_ns) !=
				    ds.residency_ns) {
					fprintf(stderr, "%s%u state%u: residency up to now %llu ns, completed %llu ns, with no period going on\n",
						pidle_model_level_name(m, l), d, s,
						(unsigned long long)pidle_domain_residency_ns(m, l, d, s, fake_clock_ns),
						(unsigned long long)ds.residency_ns);
					failed = 1;
				}
			}
			if (down != up || up != usage) {
				fprintf(stderr, "%s%u: last men %lu, first men %lu, usage %lu\n",
					pidle_model_level_name(m, l), d, down, up, usage);
				failed = 1;
			}
			if (resid > fake_clock_ns) {
				fprintf(stderr, "%s%u: residency %llu ns > elapsed %llu ns\n",
					pidle_model_level_name(m, l), d, resid, fake_clock_ns);
				failed = 1;
			}
			if (pidle_model_domain_down(m, l, d, &st_down)) {
				fprintf(stderr, "%s%u: down with every CPU busy\n",
					pidle_model_level_name(m, l), d);
				failed = 1;
			}
			printf("# %s policy %s%u: %lu down periods\n",
			       pidle_policy_name(policy), pidle_model_level_name(m, l), d, usage);
		}
	}
	for (t = 0; t < NR_THREADS; t++) {
		unsigned long req = 0, ach = 0;

		for (s = 0; s < pidle_model_nr_states(m); s++) {
			struct pidle_cpu_stats cs;

			pidle_cpu_stats_read(m, t, s, &cs);
			req += cs.requested;
			ach += cs.achieved;
		}
		if (req != workers[t].exits || ach != workers[t].exits) {
			fprintf(stderr, "cpu%u: %lu exits, %lu requested, %lu achieved\n",
				t, workers[t].exits, req, ach);
			failed = 1;
		}
	}
	failed |= teardown(&tp);
	if (gov_errors) {
		fprintf(stderr, "%lu governor calls out of order\n", gov_errors);
		failed = 1;
	}
	printf("%s stress, %s, vote groups of %u: %lu transitions\n",
	       failed ? "not ok" : "ok",
	       mode == PIDLE_MODE_OSI ? (governed ? "OSI, a governor" : "OSI, deepest") :
	       pidle_policy_name(policy),
	       fanout ? fanout : 16, 2UL * cycles * NR_THREADS);
	return failed;
}

/*
 * Hotplug against readers and resets: CPUs 1-7 offline for good, CPU 0
 * going offline (the last man of its core, cluster and package) and
 * online (their first man, who pays nothing) in trials; in each, a
 * resetter resets the statistics as CPU 0 comes online, and a reader
 * reads them throughout. No power-up was paid, so every latency_paid_ns
 * must read 0, during a trial and after it.
 */
static unsigned long hp_trials;
/* Trials started by CPU 0's thread and done by the resetter: __atomic. */
static unsigned long hp_go, hp_resetting, hp_online, hp_done;
static unsigned long hp_reads, hp_bad_reads;	/* __atomic */
static int hp_stop;				/* __atomic */

/* A wrapped latency_paid_ns, or any nonzero one: every power-up unpaid. */
static bool hp_paid(unsigned int *level, unsigned int *state, u64 *paid)
{
	struct pidle_domain_stats ds;
	unsigned int l, s;

	for (l = 1; l <= LEVELS; l++)
		for (s = 0; s < pidle_model_nr_states(m); s++) {
			if (pidle_model_state_level(m, s) != l)
				continue;
			pidle_domain_stats_read(m, l, 0, s, &ds);
			if (ds.latency_paid_ns) {
				*level = l;
				*state = s;
				*paid = ds.latency_paid_ns;
				return true;
			}
		}
	return false;
}

static void *hp_reader_fn(void *arg)
{
	unsigned int l, s;
	u64 paid;

	while (!__atomic_load_n(&hp_stop, __ATOMIC_ACQUIRE)) {
		if (hp_paid(&l, &s, &paid) &&
		    !__atomic_fetch_add(&hp_bad_reads, 1, __ATOMIC_RELAXED))
			fprintf(stderr, "hotplug: %s0 state%u read latency paid %llu ns, every power-up unpaid\n",
				pidle_model_level_name(m, l), s,
				(unsigned long long)paid);
		__atomic_add_fetch(&hp_reads, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void *hp_reset_fn(void *arg)
{
	unsigned long i;
	unsigned int l;
	bool online;

	for (i = 1; i <= hp_trials; i++) {
		/* Spun, not a barrier: a wake-up would miss the power-up. */
		while (__atomic_load_n(&hp_go, __ATOMIC_ACQUIRE) != i)
			sched_yield();
		/*
		 * Resets back to back until one ends after CPU 0 is online:
		 * that last one overlapped the power-up, or came after it.
		 */
		__atomic_store_n(&hp_resetting, i, __ATOMIC_RELEASE);
		do {
			for (l = 1; l <= LEVELS; l++)
				pidle_domain_stats_reset(m, l, 0,
							 __atomic_load_n(&fake_clock_ns,
									 __ATOMIC_RELAXED));
			online = __atomic_load_n(&hp_online, __ATOMIC_ACQUIRE) == i;
		} while (!online);
		__atomic_store_n(&hp_done, i, __ATOMIC_RELEASE);
	}
	return NULL;
}

static int run_hotplug(unsigned long trials)
{
	struct pidle_states st;
	struct pidle_topology tp;
	struct pidle_err err;
	pthread_t resetter, reader;
	unsigned long long seed = 0x9e3779b97f4a7c15ULL;
	unsigned long i, bad_trials = 0;
	unsigned int cpu, l, s;
	u64 paid, now;
	int failed = 0;

	if (pidle_states_parse(states, &st, &err) ||
	    pidle_topology_parse(topo, 0, &tp, &err) ||
	    pidle_model_create(&st, &tp, PIDLE_POLICY_AUTO, &m, &err)) {
		fprintf(stderr, "setup: %s\n", err.msg);
		return 1;
	}
	pidle_shim_warnings = 0;
	fake_clock_ns = 1000;
	for (cpu = 1; cpu < NR_THREADS; cpu++)
		pidle_cpu_offline(m, cpu, fake_clock_ns);
	hp_trials = trials;
	hp_reads = hp_bad_reads = 0;
	hp_stop = 0;
	hp_go = hp_resetting = hp_online = hp_done = 0;
	pthread_create(&resetter, NULL, hp_reset_fn, NULL);
	pthread_create(&reader, NULL, hp_reader_fn, NULL);
	for (i = 0; i < trials; i++) {
		now = __atomic_add_fetch(&fake_clock_ns, 100000, __ATOMIC_RELAXED);
		pidle_cpu_offline(m, 0, now);
		now = __atomic_add_fetch(&fake_clock_ns, 100000, __ATOMIC_RELAXED);
		__atomic_store_n(&hp_go, i + 1, __ATOMIC_RELEASE);
		/* Online while the resetter is at it. */
		while (__atomic_load_n(&hp_resetting, __ATOMIC_ACQUIRE) != i + 1)
			sched_yield();
		dwell(&seed, 256);
		pidle_cpu_online(m, 0, now);
		__atomic_store_n(&hp_online, i + 1, __ATOMIC_RELEASE);
		while (__atomic_load_n(&hp_done, __ATOMIC_ACQUIRE) != i + 1)
			sched_yield();
		/* Both done: what the counters say until the next reset. */
		if (hp_paid(&l, &s, &paid) && !bad_trials++)
			fprintf(stderr, "hotplug: trial %lu left %s0 state%u latency paid %llu ns\n",
				i, pidle_model_level_name(m, l), s,
				(unsigned long long)paid);
	}
	__atomic_store_n(&hp_stop, 1, __ATOMIC_RELEASE);
	pthread_join(resetter, NULL);
	pthread_join(reader, NULL);
	if (bad_trials || hp_bad_reads) {
		fprintf(stderr, "hotplug: %lu of %lu trials, %lu of %lu reads with latency paid\n",
			bad_trials, trials, hp_bad_reads, hp_reads);
		failed = 1;
	}
	failed |= teardown(&tp);
	printf("%s stress, hotplug against reads and resets: %lu trials, %lu reads\n",
	       failed ? "not ok" : "ok", trials, hp_reads);
	return failed;
}

int main(int argc, char **argv)
{
	int failed = 0;

	if (argc > 1)
		cycles = strtoul(argv[1], NULL, 10);
	failed += run(PIDLE_POLICY_AUTO, 0, PIDLE_MODE_PC, false);
	failed += run(PIDLE_POLICY_TIMER, 0, PIDLE_MODE_PC, false);
	/* Vote groups below the root: package 4 + 2 + 1, cluster 2 + 1. */
	failed += run(PIDLE_POLICY_TIMER, 2, PIDLE_MODE_PC, false);
	/* Uneven groups: package 3 + 3 + 2 under a root of 3. */
	failed += run(PIDLE_POLICY_TIMER, 3, PIDLE_MODE_PC, false);
	/* OSI: cores in clusters in the package, deepest, then governed. */
	failed += run(PIDLE_POLICY_AUTO, 0, PIDLE_MODE_OSI, false);
	failed += run(PIDLE_POLICY_AUTO, 2, PIDLE_MODE_OSI, true);
	/* A trial per 10 cycles: 20000 of the plain run's 200000. */
	failed += run_hotplug(cycles / 10);
	printf("%d passed, %d failed\n", 7 - failed, failed);
	return failed ? 1 : 0;
}
