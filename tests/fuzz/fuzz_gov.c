// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: two versions of a kernel cpuidle governor (menu.c,
 * teo.c, ladder.c of two kernel trees, or a tree and a patch to it), both
 * compiled unchanged into this one program (tests/fuzz/fuzz_gov.mk: each
 * version's objects call cpuidle_register_governor() under a name of
 * their own, pidle_kgov_register(N)), replayed on the same idle periods,
 * period by period, by pidle-replay's own engine (pidle_rp_replay()), so
 * that a decision here is the replay's decision.
 *
 * The input is a trace, in the text pidle-replay reads (trace-cmd report
 * of power:cpu_idle, the hrtimer, irq, IPI, sched and pm_qos events), read
 * by pidle-replay's reader (pidle_rp_load()): mutating it changes wake-up
 * times and sources (which event follows a cpu_idle exit), the timers
 * (hrtimer_start/cancel: the sleep length), the tick (the tick's hrtimer:
 * stopped or kept), the PM QoS latency limit (pm_qos_update_request) and
 * the CPUs. A trace the reader refuses is not kept in the corpus. A
 * failing input is thus a trace pidle-replay and pidle-gov-diff read as
 * they are: the reproducer, once tests/fuzz/gov-run.sh has cut it down
 * line by line.
 *
 * The table is fixed, four CPU-level states with powers (FZ_STATES,
 * FZ_POWER; flat topology), replayed twice: all states enabled, then
 * with a mask of disabled states drawn from the input (a hash), to reach
 * the governors' "disabled" paths (checked for invariants only, as
 * pidle-replay has no option that disables a state outside --exp).
 *
 * Invariants, each version, each period (a failure aborts: a crash):
 *
 *  1. the index ->select returns is a state of the table, 0 <= i <
 *     state_count (cpuidle_select()'s result indexes drv->states[]
 *     unchecked in cpuidle_idle_call(), linux-source-6.12
 *     kernel/sched/idle.c);
 *  2. a state other than 0 is enabled: state 0 is the governors' "no
 *     states enabled, must use 0" (teo.c teo_select(), menu.c
 *     menu_select()); any other disabled state is never entered
 *     (find_deepest_state() in drivers/cpuidle/cpuidle.c skips
 *     states_usage[i].disable);
 *  3. a state other than 0 and the first enabled one keeps the PM QoS
 *     limit the governor was given: exit_latency_ns <= latency_req
 *     (find_deepest_state()'s max_latency_ns, teo's constraint_idx; menu
 *     takes the first enabled state before it looks at the latency);
 *  4. the replay's statistics add up, so that none wrapped: requested sum
 *     to the periods, achieved to the wake-ups, wake-ups and aborted to
 *     the periods, above + below <= requested per state (the cpuidle
 *     core counts at most one of them per period, cpuidle_enter_state()),
 *     above never for the shallowest enabled state, residency <= the CPUs'
 *     time, exit latency paid <= wake-ups x the deepest exit latency;
 *     energy (pJ-exact integers) no more than the whole time at the
 *     active power;
 *  5. no crash, no ASan or UBSan report (the governors' objects are
 *     compiled with both, and with coverage: libFuzzer's edges are the
 *     governors' and the replay's).
 *
 * Divergence (A against B, all states enabled): the periods decided
 * differently, the first of them, and the cost as pidle-gov-diff prints
 * it (energy and exit latency paid, B - A). Feeds libFuzzer's extra
 * counters (a log2 bucket of the divergent periods and of the energy
 * difference), so inputs that diverge more are kept. The largest seen
 * (most divergent periods, then the largest |energy difference|) is
 * printed when it grows and written to $FUZZ_GOV_LARGEST when set. With
 * FUZZ_GOV_DIVERGE=crash a divergent period is a failure, so libFuzzer
 * stops, saves and can minimize it (finding a broken version).
 *
 * Configuration (environment, read once): FUZZ_GOV (governor, default
 * teo), FUZZ_GOV_A and FUZZ_GOV_B (version names, default the first two
 * of FUZZ_GOV_VERSIONS, the list compiled in from fuzz_gov.versions).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include "fuzz.h"
#include "../../tools/replay/pidle_rp.h"
#include "../../tools/replay/pidle_rp_run.h"
#include "../../tools/replay/pidle_rp_exp.h"

/* C1, C6, C8 of a client part's shape; powers in mW, energies in uJ */
#define FZ_STATES	"POLL:0:0:cpu:4000,C1:2:2:cpu:1500:5," \
			"C6:100:400:cpu:200:500,C8:300:1200:cpu:100:1000"
#define FZ_POWER	"cpu:4000"
#define FZ_ACTIVE_MW	4000ULL
#define FZ_HZ		250
#define FZ_MAX_VERSIONS	8

static const char fz_trace_name[] = "fuzz_gov.trace";

static struct {
	char names[FZ_MAX_VERSIONS][64];
	unsigned int nr;
	const char *gov;
	unsigned int a, b;		/* version indexes, 0-based */
	bool crash_on_divergence;
	const char *largest_path;
	size_t largest_divergent;
	unsigned long long inputs;	/* run so far, the seeds' included */
	u64 largest_energy_nj;
} fz;

/* libFuzzer's extra features: a divergence that grows is new coverage */
__attribute__((section("__libfuzzer_extra_counters")))
static uint8_t fz_counters[2][65];	/* by fz_log2(): 0 .. 64 */

static unsigned int fz_log2(u64 v)
{
	unsigned int n = 0;

	while (v) {
		n++;
		v >>= 1;
	}
	return n;
}

static unsigned int fz_version(const char *env, unsigned int dflt)
{
	const char *v = getenv(env);
	unsigned int i;

	if (!v || !*v)
		return dflt;
	for (i = 0; i < fz.nr; i++)
		if (!strcmp(fz.names[i], v))
			return i;
	fprintf(stderr, "fuzz_gov: %s=%s: not a version compiled in (%s)\n",
		env, v, FUZZ_GOV_VERSIONS);
	exit(2);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char list[] = FUZZ_GOV_VERSIONS, *w, *save;
	const char *d = getenv("FUZZ_GOV_DIVERGE");

	for (w = strtok_r(list, " ", &save); w && fz.nr < FZ_MAX_VERSIONS;
	     w = strtok_r(NULL, " ", &save))
		snprintf(fz.names[fz.nr++], sizeof(fz.names[0]), "%s", w);
	if (fz.nr < 2) {
		fprintf(stderr, "fuzz_gov: '%s': two versions or more are compiled in, or nothing is compared\n",
			FUZZ_GOV_VERSIONS);
		exit(2);
	}
	fz.gov = getenv("FUZZ_GOV") && *getenv("FUZZ_GOV") ?
		 getenv("FUZZ_GOV") : "teo";
	fz.a = fz_version("FUZZ_GOV_A", 0);
	fz.b = fz_version("FUZZ_GOV_B", 1);
	if (fz.a == fz.b) {
		/* one version's per-CPU data are one set: one instance */
		fprintf(stderr, "fuzz_gov: FUZZ_GOV_A and FUZZ_GOV_B are both %s: two different versions are compared\n",
			fz.names[fz.a]);
		exit(2);
	}
	if (d && *d && strcmp(d, "crash") && strcmp(d, "report")) {
		fprintf(stderr, "fuzz_gov: FUZZ_GOV_DIVERGE=%s: expected crash or report\n", d);
		exit(2);
	}
	fz.crash_on_divergence = d && !strcmp(d, "crash");
	fz.largest_path = getenv("FUZZ_GOV_LARGEST");
	/* the table as pidle-replay's options give it (gov-run.sh reads it) */
	fprintf(stderr, "fuzz_gov: %s, A %s against B %s%s, table -s %s --power %s\n",
		fz.gov, fz.names[fz.a], fz.names[fz.b],
		fz.crash_on_divergence ? ", a divergent period is a failure" : "",
		FZ_STATES, FZ_POWER);
	return 0;
}

/* Invariants 1-3 on one version's choices (see the top of the file). */
static void fz_check_selected(const struct pidle_rp_trace *t,
			      const struct pidle_rp_cell *c, const int *sel,
			      const char *who)
{
	unsigned int ns = c->st.nr_states, first = 0;
	size_t i;

	while (first < ns && (c->disabled >> first & 1))
		first++;
	for (i = 0; i < t->nr_periods; i++) {
		const struct pidle_rp_period *p = &t->period[i];
		s64 req = c->qos_ns >= 0 ? c->qos_ns : p->latency_req_ns;
		int s = sel[i];
		u64 lat;

		if (s == PIDLE_RP_NOT_SELECTED)
			continue;
		FUZZ_CHECK(s >= 0 && (unsigned int)s < ns,
			   "%s: period %zu (cpu %u at %llu ns): state %d of %u",
			   who, i, p->cpu, p->enter_ns, s, ns);
		if (!s)
			continue;
		FUZZ_CHECK(!(c->disabled >> s & 1),
			   "%s: period %zu (cpu %u at %llu ns): disabled state %d chosen (disabled mask %#x)",
			   who, i, p->cpu, p->enter_ns, s, c->disabled);
		lat = pidle_state_wake_latency_ns(&c->st.state[s]);
		FUZZ_CHECK((unsigned int)s == first || req < 0 || lat <= (u64)req,
			   "%s: period %zu (cpu %u at %llu ns): state %d, exit latency %llu ns over the PM QoS limit %lld ns",
			   who, i, p->cpu, p->enter_ns, s, lat, (long long)req);
	}
}

/* Invariant 4: the replay's statistics add up. */
static void fz_check_stats(const struct pidle_rp_trace *t,
			   const struct pidle_rp_cell *c,
			   const struct pidle_rp_result *r, const char *who)
{
	u64 req = 0, ach = 0, res = 0, max_lat = 0, max_uj = 0;
	unsigned int s, first = 0;

	while (first < r->nr_states && (c->disabled >> first & 1))
		first++;
	for (s = 0; s < r->nr_states; s++) {
		u64 lat = pidle_state_wake_latency_ns(&c->st.state[s]);

		req += r->requested[s];
		ach += r->achieved[s];
		res += r->residency_ns[s];
		if (lat > max_lat)
			max_lat = lat;
		if (c->st.state[s].energy_uj > max_uj)
			max_uj = c->st.state[s].energy_uj;
		FUZZ_CHECK(r->above[s] + r->below[s] <= r->requested[s],
			   "%s: state %u: above %llu + below %llu > requested %llu",
			   who, s, r->above[s], r->below[s], r->requested[s]);
		FUZZ_CHECK(s > first || !r->above[s],
			   "%s: above %llu for state %u, the shallowest enabled",
			   who, r->above[s], s);
	}
	FUZZ_CHECK(req == r->periods && ach == r->wakeups &&
		   r->wakeups + r->aborted == r->periods &&
		   r->periods == t->nr_periods,
		   "%s: requested %llu, achieved %llu, periods %llu, wake-ups %llu, aborted %llu, the trace's periods %zu",
		   who, req, ach, r->periods, r->wakeups, r->aborted, t->nr_periods);
	FUZZ_CHECK(res <= (u64)t->nr_cpus * r->span_ns,
		   "%s: residency %llu ns over %u CPUs x %llu ns", who, res,
		   t->nr_cpus, r->span_ns);
	FUZZ_CHECK(r->latency_max_ns <= max_lat &&
		   r->latency_ns <= r->wakeups * max_lat,
		   "%s: exit latency paid %llu ns (largest %llu) for %llu wake-ups of at most %llu ns",
		   who, r->latency_ns, r->latency_max_ns, r->wakeups, max_lat);
	/*
	 * nJ = mW x us: the span on every CPU at the active power (the
	 * table's largest), and the largest entry energy for every period
	 */
	FUZZ_CHECK(!r->has_energy ||
		   (r->energy.idle_nj <= r->energy.total_nj &&
		    r->energy.total_nj <= FZ_ACTIVE_MW * t->nr_cpus *
		    (r->span_ns / 1000 + 1) + max_uj * 1000 * r->periods),
		   "%s: energy %llu nJ (idle %llu nJ) over %u CPUs at %llu mW for %llu ns, %llu periods of up to %llu uJ",
		   who, r->energy.total_nj, r->energy.idle_nj, t->nr_cpus,
		   FZ_ACTIVE_MW, r->span_ns, r->periods, max_uj);
}

/*
 * One version replayed: 0, or -1 when the replay refused (a trace this
 * table cannot take); a governor's out-of-range index is invariant 1.
 */
static int fz_replay(const struct pidle_rp_trace *t, struct pidle_rp_cell *c,
		     unsigned int v, unsigned int disabled, int *sel,
		     struct pidle_rp_result *r)
{
	char err[512];

	c->gov_version = v + 1;		/* FZ_REGISTER below: version N is N + 1 */
	c->disabled = disabled;
	c->selected = sel;
	if (pidle_rp_replay(t, c, r, err, sizeof(err))) {
		FUZZ_CHECK(!strstr(err, "a bug"), "%s %s: %s", fz.names[v],
			   fz.gov, err);
		return -1;
	}
	fz_check_selected(t, c, sel, fz.names[v]);
	fz_check_stats(t, c, r, fz.names[v]);
	return 0;
}

/* B - A of above (@below false) or below, over every state */
static long long fz_misses(const struct pidle_rp_result *ra,
			   const struct pidle_rp_result *rb, bool below)
{
	long long d = 0;
	unsigned int s;

	for (s = 0; s < ra->nr_states; s++)
		d += below ? (long long)(rb->below[s] - ra->below[s]) :
			     (long long)(rb->above[s] - ra->above[s]);
	return d;
}

static void fz_report(const struct pidle_rp_trace *t, const int *sa,
		      const int *sb, const struct pidle_rp_result *ra,
		      const struct pidle_rp_result *rb, size_t divergent,
		      size_t first, const char *what)
{
	const struct pidle_rp_period *p = &t->period[first];

	fprintf(stderr, "fuzz_gov: %s at input %llu: %s %s against %s: %zu of %zu periods decided differently; the first #%zu cpu %u at %llu ns, idle %lld ns: A state %d, B state %d; B - A: energy %+lld nJ, exit latency paid %+lld ns, above %+lld, below %+lld\n",
		what, fz.inputs, fz.gov, fz.names[fz.a], fz.names[fz.b], divergent,
		t->nr_periods, first, p->cpu, p->enter_ns,
		(long long)(p->wake_ns - p->enter_ns), sa[first], sb[first],
		(long long)(rb->energy.total_nj - ra->energy.total_nj),
		(long long)(rb->latency_ns - ra->latency_ns),
		fz_misses(ra, rb, false), fz_misses(ra, rb, true));
}

static void fz_save_largest(const uint8_t *data, size_t size)
{
	FILE *f;

	if (!fz.largest_path)
		return;
	f = fopen(fz.largest_path, "w");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f)) {
		fprintf(stderr, "fuzz_gov: %s: cannot be written\n", fz.largest_path);
		exit(2);
	}
}

static void fz_compare(const uint8_t *data, size_t size,
		       const struct pidle_rp_trace *t, const int *sa,
		       const int *sb, const struct pidle_rp_result *ra,
		       const struct pidle_rp_result *rb)
{
	size_t i, divergent = 0, first = 0;
	u64 de;

	for (i = 0; i < t->nr_periods; i++)
		if (sa[i] != sb[i] && !divergent++)
			first = i;
	de = rb->energy.total_nj > ra->energy.total_nj ?
	     rb->energy.total_nj - ra->energy.total_nj :
	     ra->energy.total_nj - rb->energy.total_nj;
	fz_counters[0][fz_log2(divergent)] = 1;
	fz_counters[1][fz_log2(de)] = 1;
	if (!divergent)
		return;
	if (fz.crash_on_divergence) {
		fz_report(t, sa, sb, ra, rb, divergent, first, "divergence");
		abort();
	}
	if (divergent > fz.largest_divergent ||
	    (divergent == fz.largest_divergent && de > fz.largest_energy_nj)) {
		fz.largest_divergent = divergent;
		fz.largest_energy_nj = de;
		fz_report(t, sa, sb, ra, rb, divergent, first, "largest divergence");
		fz_save_largest(data, size);
	}
}

/* The input's own mask of disabled states, never all of them. */
static unsigned int fz_disabled_mask(const uint8_t *data, size_t size,
				     unsigned int ns)
{
	uint32_t h = 2166136261u;	/* FNV-1a */
	size_t i;

	for (i = 0; i < size; i++)
		h = (h ^ data[i]) * 16777619u;
	return h & ((1u << ns) - 1) & ~(1u << (h >> 28) % ns);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct pidle_rp_load_opts lo = { .hz = FZ_HZ, .qos_ns = -1 };
	struct pidle_rp_result *r = NULL;
	struct pidle_rp_trace t;
	struct pidle_rp_cell c;
	int *sel = NULL, ret = -1;
	unsigned int mask;
	char err[512];
	FILE *f;

	fz.inputs++;
	if (!size)
		return -1;
	f = fmemopen((void *)data, size, "r");
	if (!f)
		abort();
	ret = pidle_rp_load(f, fz_trace_name, &lo, &t, err, sizeof(err));
	fclose(f);
	if (ret)
		return -1;	/* a trace pidle-replay refuses: not kept */
	ret = -1;
	/* the table as pidle-replay -s FZ_STATES --power FZ_POWER makes it */
	if (pidle_rp_cell_make(&c, "fuzz", FZ_STATES, "none", FZ_POWER, NULL,
			       NULL, NULL, fz.gov, t.nr_cpus, err, sizeof(err)))
		goto out_trace;
	sel = calloc(4 * t.nr_periods, sizeof(*sel));
	r = calloc(4, sizeof(*r));
	if (!sel || !r)
		abort();
	if (fz_replay(&t, &c, fz.a, 0, sel, &r[0]) ||
	    fz_replay(&t, &c, fz.b, 0, sel + t.nr_periods, &r[1]))
		goto out_cell;
	fz_compare(data, size, &t, sel, sel + t.nr_periods, &r[0], &r[1]);
	/* the disabled paths, invariants only */
	mask = fz_disabled_mask(data, size, c.st.nr_states);
	if (fz_replay(&t, &c, fz.a, mask, sel + 2 * t.nr_periods, &r[2]) ||
	    fz_replay(&t, &c, fz.b, mask, sel + 3 * t.nr_periods, &r[3]))
		goto out_cell;
	ret = 0;
out_cell:
	free(r);
	free(sel);
	pidle_topology_free(&c.topo);
out_trace:
	pidle_rp_free(&t);
	return ret;
}

/*
 * Version N's governors (tests/fuzz/fuzz_gov.mk compiles them with
 * -Dcpuidle_register_governor=pidle_kgov_register_vN) register as
 * pidle_kgov's version N + 1; 0 stays the program's own, none here.
 */
struct cpuidle_governor;
int pidle_kgov_register(unsigned int version, struct cpuidle_governor *gov);
#define FZ_REGISTER(n)							\
	int pidle_kgov_register_v##n(struct cpuidle_governor *gov);	\
	int pidle_kgov_register_v##n(struct cpuidle_governor *gov)	\
	{								\
		return pidle_kgov_register(n + 1, gov);			\
	}
FZ_REGISTER(0)
FZ_REGISTER(1)
FZ_REGISTER(2)
FZ_REGISTER(3)
FZ_REGISTER(4)
FZ_REGISTER(5)
FZ_REGISTER(6)
FZ_REGISTER(7)
