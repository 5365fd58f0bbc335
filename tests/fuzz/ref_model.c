// SPDX-License-Identifier: GPL-2.0
/*
 * The reference model (see ref_model.h). Each rule is a sentence of the
 * hierarchy model's specification (Documentation/admin-guide.rst, "The
 * Hierarchy"; Documentation/design.rst, "Hierarchy model"), quoted where
 * it is implemented; nothing here is
 * shared with pidle_model.c but the public structures, so a mistake in
 * the model's packing, flags or tables shows up as a difference.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <linux/limits.h>
#include "ref_model.h"

#define REF_BUSY	(-1)
#define REF_NONE	(-1)

struct ref_dom {
	unsigned int nr_cpus;
	unsigned int *cpus;
	/* voters[k]: CPUs of the domain idle at least as deep as dstate k */
	unsigned int voters[PIDLE_MAX_DOMAIN_STATES];
	bool down;		/* from the last man to the first man */
	/* OSI: members voted (CPUs, or child domains), and its own vote up. */
	unsigned int osi_voted, osi_members;
	bool voted_up;
	struct ref_dom *parent;
	int down_state;		/* REF_NONE: the policy kept it up */
	u64 down_since_ns;
	int up_state;
	u64 ready_ns;
	/*
	 * OSI: the power-ups this one nests in (its own and those around
	 * it): their deepest state and their longest latency.
	 */
	int up_deepest;
	u64 up_maxlat;
	/* "A domain's states are the states its CPUs' set gives". */
	const struct pidle_state_desc *tab;
	/* Its CPUs' set's power while up, per level (power= per set). */
	const u64 *up_mw;
	struct pidle_domain_stats st[PIDLE_MAX_DOMAIN_STATES];
	/* Energy since the last reset: finished voted periods, priced. */
	u64 epoch_ns;
	unsigned __int128 done_pj, down_pj, oracle_pj;
	u64 down_done_ns, periods;
};

struct ref_level {
	unsigned int nr_dstates;
	unsigned int dstate[PIDLE_MAX_DOMAIN_STATES];
	unsigned int nr_domains;
	struct ref_dom *dom;
	unsigned int *domain_of_cpu;
};

struct ref_cpu {
	int state;		/* REF_BUSY, or the state it is idle in */
	/* "Each CPU enters its own set's states". */
	const struct pidle_state_desc *tab;
	u64 up_mw[PIDLE_MAX_LEVELS + 1];
	bool offline;
	u64 next_timer_ns;
	/* Per level: idle through a down period whose power-up has begun. */
	bool in_power_up[PIDLE_MAX_LEVELS + 1];
	struct pidle_cpu_stats st[PIDLE_MAX_STATES];
	/* Energy since the last reset: finished periods, priced. */
	u64 since_ns, epoch_ns;
	unsigned __int128 done_pj, oracle_pj;
	u64 idle_done_ns, offline_done_ns, periods;
};

struct ref_model {
	unsigned int nr_cpus, nr_states, nr_levels;
	enum pidle_policy policy;
	/* OSI: the mode, its governor (the fuzzer's timer rule) or none. */
	bool osi, osi_gov;
	unsigned int osi_first, deepest_cpu;
	/* OSI: the pending-IPI hook's questions so far. */
	unsigned int ipi_calls;
	struct pidle_state_desc state[PIDLE_MAX_STATES];
	/* A table per CPU set: the sets as given (nr_sets 0: none). */
	unsigned int nr_sets;
	struct pidle_cpu_set set[PIDLE_MAX_CPU_SETS];
	unsigned int level_of[PIDLE_MAX_STATES];
	struct ref_level level[PIDLE_MAX_LEVELS + 1];
	struct ref_cpu *cpu;
};

static unsigned int ref_level_of(const struct pidle_topology *topo,
				 const char *name)
{
	unsigned int l;

	for (l = 0; l < topo->nr_levels; l++)
		if (!strcmp(topo->level[l].name, name))
			return l + 1;
	return 0;	/* "cpu" */
}

static struct ref_dom *ref_dom_of(const struct ref_model *r, unsigned int l,
				  unsigned int cpu)
{
	return &r->level[l].dom[r->level[l].domain_of_cpu[cpu]];
}

struct ref_model *ref_create(const struct pidle_states *st,
			     const struct pidle_topology *topo,
			     enum pidle_policy policy)
{
	struct ref_model *r = calloc(1, sizeof(*r));
	unsigned int s, l, cpu, d;

	if (!r)
		return NULL;
	r->nr_cpus = topo->nr_cpus;
	r->nr_states = st->nr_states;
	r->nr_levels = topo->nr_levels;
	r->policy = policy;
	memcpy(r->state, st->state, sizeof(r->state));
	r->nr_sets = st->nr_sets;
	memcpy(r->set, st->set, sizeof(r->set));
	for (s = 0; s < r->nr_states; s++) {
		struct ref_level *lvl;

		r->level_of[s] = ref_level_of(topo, st->state[s].level_name);
		if (!r->level_of[s])
			continue;
		lvl = &r->level[r->level_of[s]];
		lvl->dstate[lvl->nr_dstates++] = s;
	}
	r->cpu = calloc(r->nr_cpus, sizeof(*r->cpu));
	if (!r->cpu)
		goto fail;
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		const struct pidle_level_power *up;
		unsigned int k, g, nr_up;

		r->cpu[cpu].state = REF_BUSY;
		r->cpu[cpu].next_timer_ns = U64_MAX;
		r->cpu[cpu].tab = r->state;
		for (k = 0; k < r->nr_sets; k++)
			for (g = 0; g < r->set[k].nr_ranges; g++)
				if (cpu >= r->set[k].range[g].first &&
				    cpu <= r->set[k].range[g].last)
					r->cpu[cpu].tab = r->set[k].state;
		/* "each CPU's set's active power": power= of its set, or the one. */
		up = st->up;
		nr_up = st->nr_up;
		for (k = 0; k < st->nr_power_sets; k++)
			for (g = 0; g < st->power_set[k].cpus.nr_ranges; g++)
				if (cpu >= st->power_set[k].cpus.range[g].first &&
				    cpu <= st->power_set[k].cpus.range[g].last) {
					up = st->power_set[k].up;
					nr_up = st->power_set[k].nr_up;
				}
		for (s = 0; s < nr_up; s++)
			r->cpu[cpu].up_mw[ref_level_of(topo, up[s].level_name)] =
				up[s].power_mw;
	}
	for (l = 1; l <= r->nr_levels; l++) {
		struct ref_level *lvl = &r->level[l];

		lvl->nr_domains = topo->level[l - 1].nr_domains;
		lvl->dom = calloc(lvl->nr_domains, sizeof(*lvl->dom));
		lvl->domain_of_cpu = calloc(r->nr_cpus, sizeof(unsigned int));
		if (!lvl->dom || !lvl->domain_of_cpu)
			goto fail;
		memcpy(lvl->domain_of_cpu, topo->level[l - 1].domain_of_cpu,
		       r->nr_cpus * sizeof(unsigned int));
		for (cpu = 0; cpu < r->nr_cpus; cpu++)
			ref_dom_of(r, l, cpu)->nr_cpus++;
		for (d = 0; d < lvl->nr_domains; d++) {
			lvl->dom[d].down_state = REF_NONE;
			lvl->dom[d].up_state = REF_NONE;
			lvl->dom[d].cpus = calloc(lvl->dom[d].nr_cpus,
						  sizeof(unsigned int));
			if (!lvl->dom[d].cpus)
				goto fail;
			lvl->dom[d].nr_cpus = 0;	/* refilled below */
		}
		for (cpu = 0; cpu < r->nr_cpus; cpu++) {
			struct ref_dom *dom = ref_dom_of(r, l, cpu);

			if (!dom->nr_cpus) {
				dom->tab = r->cpu[cpu].tab;
				dom->up_mw = r->cpu[cpu].up_mw;
			}
			dom->cpus[dom->nr_cpus++] = cpu;
		}
	}
	return r;

fail:
	ref_destroy(r);
	return NULL;
}

void ref_destroy(struct ref_model *r)
{
	unsigned int l, d;

	if (!r)
		return;
	for (l = 1; l <= r->nr_levels; l++) {
		for (d = 0; r->level[l].dom && d < r->level[l].nr_domains; d++)
			free(r->level[l].dom[d].cpus);
		free(r->level[l].dom);
		free(r->level[l].domain_of_cpu);
	}
	free(r->cpu);
	free(r);
}

/* "power(s) * t + energy(s)", in pJ: mW * ns, and uJ = 1e6 pJ. */
static unsigned __int128 ref_price(u64 power_mw, u64 energy_uj, u64 t_ns)
{
	return (unsigned __int128)power_mw * t_ns +
	       (unsigned __int128)energy_uj * 1000000;
}

/* "The cheapest state for its now-known length", trying each. */
static unsigned __int128 ref_oracle(const struct ref_model *r,
				    const struct pidle_state_desc *tab,
				    const u64 *up_mw, unsigned int l, u64 t_ns)
{
	unsigned __int128 best = l ? ref_price(up_mw[l], 0, t_ns) :
				 ~(unsigned __int128)0, p;
	unsigned int s;

	for (s = 0; s < r->nr_states; s++) {
		if (r->level_of[s] != l)
			continue;
		p = ref_price(tab[s].power_mw, tab[s].energy_uj, t_ns);
		if (p < best)
			best = p;
	}
	return best;
}

/* A CPU's CPU-level state: the deepest at CPU level not deeper than s. */
static unsigned int ref_fallback(const struct ref_model *r, unsigned int s)
{
	while (r->level_of[s])
		s--;
	return s;
}

/* A voted period of @d ends: priced as it was, and by the oracle. */
static void ref_domain_period(struct ref_model *r, unsigned int l,
			      struct ref_dom *d, u64 now_ns)
{
	u64 t = now_ns > d->down_since_ns ? now_ns - d->down_since_ns : 0;

	if (d->down_state == REF_NONE) {
		d->done_pj += ref_price(d->up_mw[l], 0, t);
	} else {
		unsigned __int128 p = ref_price(d->tab[d->down_state].power_mw,
						d->tab[d->down_state].energy_uj, t);

		d->done_pj += p;
		d->down_pj += p;
		d->down_done_ns += t;
	}
	d->oracle_pj += ref_oracle(r, d->tab, d->up_mw, l, t);
	d->periods++;
}

/*
 * "A CPU idle in state s votes in every ancestor domain D whose level is
 * not above level(s)" (a level without states has nothing to vote on).
 */
static bool ref_votes(const struct ref_model *r, unsigned int l,
		      unsigned int s)
{
	return r->level[l].nr_dstates && l <= r->level_of[s];
}

/*
 * auto: "a domain goes down as soon as its last CPU is idle in an
 * eligible state". timer: "the last CPU checks the domain's earliest next
 * timer event ... and keeps the domain up when the domain state's target
 * residency would not be reached" - here, the deepest state that would be.
 */
static int ref_choose(struct ref_model *r, struct ref_dom *d, unsigned int l,
		      unsigned int deepest, u64 now_ns, u64 *next_ns)
{
	const struct ref_level *lvl = &r->level[l];
	u64 next = U64_MAX, budget_ns;
	unsigned int i;
	int k;

	if (r->policy == PIDLE_POLICY_AUTO)
		return lvl->dstate[deepest];
	for (i = 0; i < d->nr_cpus; i++)
		if (r->cpu[d->cpus[i]].next_timer_ns < next)
			next = r->cpu[d->cpus[i]].next_timer_ns;
	*next_ns = next;
	budget_ns = next > now_ns ? next - now_ns : 0;
	for (k = deepest; k >= 0; k--)
		if (d->tab[lvl->dstate[k]].target_residency_ns <= budget_ns)
			break;
	if (k < (int)deepest)
		d->st[deepest].rejected++;
	return k >= 0 ? (int)lvl->dstate[k] : REF_NONE;
}

static void ref_osi_vote(struct ref_model *r, unsigned int cpu,
			 unsigned int s, u64 now_ns,
			 struct pidle_enter_info *info);
/*
 * The first man's accounting of domain @d (level @l) leaving its state
 * dstate[@k] after @resid ns, paying @lat ns: the same in PC and OSI.
 * Mainline genpd_reflect_residency(): "above" when the sleep was shorter
 * than the state's power-off latency plus residency, else "below" when it
 * reached the next deeper state's.
 */
static void ref_first_man(struct ref_model *r, unsigned int l,
			  struct ref_dom *d, unsigned int k, unsigned int cpu,
			  u64 resid, u64 lat, unsigned int *achieved,
			  u64 *latency_ns, struct pidle_exit_info *info)
{
	const struct ref_level *lvl = &r->level[l];
	struct pidle_domain_stats *st = &d->st[k];
	unsigned int t = lvl->dstate[k], i;

	d->up_state = t;
	st->usage++;
	st->residency_ns += resid;
	if (resid < d->tab[t].target_residency_ns)
		st->too_deep++;
	st->latency_paid_ns += lat;
	if (resid < d->tab[t].entry_latency_ns + d->tab[t].target_residency_ns)
		st->above++;
	else if (k + 1 < lvl->nr_dstates &&
		 resid >= d->tab[lvl->dstate[k + 1]].entry_latency_ns +
			  d->tab[lvl->dstate[k + 1]].target_residency_ns)
		st->below++;
	for (i = 0; i < d->nr_cpus; i++)
		r->cpu[d->cpus[i]].in_power_up[l] = d->cpus[i] != cpu;
	if (t > *achieved)
		*achieved = t;
	if (lat > *latency_ns)
		*latency_ns = lat;
	info->up_levels |= 1u << l;
	info->up_state[l] = t;
	info->up_residency_ns[l] = resid;
}

static void ref_osi_leave(struct ref_model *r, unsigned int cpu, u64 now_ns,
			  bool hotplug, unsigned int *achieved,
			  u64 *latency_ns, struct pidle_exit_info *info);

/*
 * Domain @d (level @l) goes down in state @t (REF_NONE: it stays up) at
 * @now_ns, as the last man saw it with the earliest timer @next: what
 * pidle_enter_info reports, PC and OSI alike. Anything but @deepest_t is
 * a rejection of the deepest state.
 */
static void ref_down_record(struct ref_dom *d, unsigned int l, int t,
			    unsigned int deepest_t, u64 now_ns, u64 next,
			    struct pidle_enter_info *info)
{
	d->down = true;
	d->down_state = t;
	d->down_since_ns = now_ns;
	if (!info)
		return;
	if (t != REF_NONE) {
		info->down_levels |= 1u << l;
		info->down_state[l] = t;
	}
	if (t != (int)deepest_t)
		info->rejected_levels |= 1u << l;
	info->next_timer_ns[l] = next;
	info->cpu_qos_ns[l] = S64_MAX;
}

static void ref_vote_all(struct ref_model *r, unsigned int cpu,
			 unsigned int s, u64 now_ns,
			 struct pidle_enter_info *info)
{
	unsigned int l, k, deepest;
	u64 next;

	if (r->osi) {
		ref_osi_vote(r, cpu, s, now_ns, info);
		return;
	}
	for (l = 1; l <= r->nr_levels; l++) {
		const struct ref_level *lvl = &r->level[l];
		struct ref_dom *d = ref_dom_of(r, l, cpu);
		int t;

		if (!ref_votes(r, l, s))
			continue;
		for (k = 0; k < lvl->nr_dstates; k++)
			if (lvl->dstate[k] <= s)
				d->voters[k]++;
		/*
		 * "D is down in state t while every CPU of D is idle in a
		 * state with index >= t. The deepest such t is D's achieved
		 * state. The CPU whose entry completes this is the last man."
		 */
		if (d->voters[0] != d->nr_cpus)
			continue;
		deepest = 0;
		for (k = 1; k < lvl->nr_dstates; k++)
			if (d->voters[k] == d->nr_cpus)
				deepest = k;
		t = ref_choose(r, d, l, deepest, now_ns, &next);
		/* The timer policy's input: the plain scan of the domain. */
		ref_down_record(d, l, t, lvl->dstate[deepest], now_ns, next, info);
	}
}


/*
 * The OSI mode (Documentation/cluster-governors.rst), written the plain way: a CPU idle
 * in the deepest CPU-level state (or deeper) votes in its domain at the
 * lowest level with states; a domain whose every member voted is decided
 * by the governor (none: the deepest state; the fuzzer's: the deepest
 * whose residency fits before the domain's earliest timer, else keep it
 * on, "rejected"); a domain down in its deepest state votes in its
 * parent, the next level with states.
 */
void ref_set_osi(struct ref_model *r, bool gov)
{
	unsigned int l, d, pl = 0, s;

	r->osi = true;
	r->osi_gov = gov;
	for (s = 0; s < r->nr_states; s++)
		if (!r->level_of[s])
			r->deepest_cpu = s;
	for (l = 1; l <= r->nr_levels; l++) {
		struct ref_level *lvl = &r->level[l];

		if (!lvl->nr_dstates)
			continue;
		for (d = 0; d < lvl->nr_domains; d++)
			lvl->dom[d].osi_members = lvl->dom[d].nr_cpus;
		if (!pl) {
			r->osi_first = l;
		} else {
			for (d = 0; d < lvl->nr_domains; d++)
				lvl->dom[d].osi_members = 0;
			for (d = 0; d < r->level[pl].nr_domains; d++) {
				struct ref_dom *ch = &r->level[pl].dom[d];
				struct ref_dom *p = ref_dom_of(r, l, ch->cpus[0]);

				ch->parent = p;
				p->osi_members++;
			}
		}
		pl = l;
	}
}

/*
 * "sub_power_on_ns": per CPU of the domain, the deepest power-ons of the
 * levels below in its own set's table; the domain takes the longest.
 */
u64 ref_osi_sub_ns(const struct ref_model *r, unsigned int level,
		   unsigned int dom)
{
	const struct ref_dom *d = &r->level[level].dom[dom];
	u64 best = 0, sum;
	unsigned int i, l;

	for (i = 0; i < d->nr_cpus; i++) {
		const struct pidle_state_desc *tab = r->cpu[d->cpus[i]].tab;

		sum = 0;
		for (l = 1; l < level; l++)
			if (r->level[l].nr_dstates)
				sum += tab[r->level[l].dstate[r->level[l].nr_dstates - 1]].exit_latency_ns;
		if (sum > best)
			best = sum;
	}
	return best;
}

static unsigned int ref_osi_level(const struct ref_model *r,
				  const struct ref_dom *d)
{
	unsigned int l;

	for (l = 1; l <= r->nr_levels; l++)
		if (d >= r->level[l].dom && d < r->level[l].dom + r->level[l].nr_domains)
			return l;
	return 0;
}

/* A domain's every member voted: its last man decides. */
static void ref_osi_complete(struct ref_model *r, struct ref_dom *d,
			     u64 now_ns, struct pidle_enter_info *info)
{
	unsigned int l = ref_osi_level(r, d), i;
	const struct ref_level *lvl = &r->level[l];
	unsigned int deepest = lvl->nr_dstates - 1;
	u64 next = U64_MAX, budget, sub;
	int k = deepest, t;
	bool known, pending = false;

	for (i = 0; i < d->nr_cpus; i++)
		if (r->cpu[d->cpus[i]].next_timer_ns < next)
			next = r->cpu[d->cpus[i]].next_timer_ns;
	if (r->osi_gov) {
		/* The fuzzer's governor: its timer rule, less sub_power_on. */
		budget = next > now_ns ? next - now_ns : 0;
		sub = ref_osi_sub_ns(r, l, d - lvl->dom);
		budget = budget > sub ? budget - sub : 0;
		for (; k >= 0; k--)
			if (d->tab[lvl->dstate[k]].target_residency_ns <= budget)
				break;
		/* "The last man ... whether a CPU of the domain has an IPI pending". */
		known = ref_ipi_rule(r->ipi_calls++, d->cpus, d->nr_cpus, &pending);
		if (known && pending)
			k = -1;
		if (k < 0)
			d->st[deepest].rejected++;
	}
	t = k >= 0 ? (int)lvl->dstate[k] : REF_NONE;
	ref_down_record(d, l, t, lvl->dstate[deepest], now_ns, next, info);
	/* "A parent goes down only while every child is in its deepest state." */
	if (t == (int)lvl->dstate[deepest] && d->parent) {
		d->voted_up = true;
		if (++d->parent->osi_voted == d->parent->osi_members)
			ref_osi_complete(r, d->parent, now_ns, info);
	}
}

static void ref_osi_vote(struct ref_model *r, unsigned int cpu,
			 unsigned int s, u64 now_ns,
			 struct pidle_enter_info *info)
{
	struct ref_dom *d;

	if (!r->osi_first || s < r->deepest_cpu)
		return;
	d = ref_dom_of(r, r->osi_first, cpu);
	if (++d->osi_voted == d->osi_members)
		ref_osi_complete(r, d, now_ns, info);
}

/*
 * The longest a power-up takes: a wake-up during the power-off waits for
 * it (idle-states.yaml: wakeup-latency = entry + exit).
 */
static u64 ref_osi_maxlat(const struct ref_dom *d, int t)
{
	return d->tab[t].exit_latency_ns + d->tab[t].entry_latency_ns;
}

static void ref_osi_leave(struct ref_model *r, unsigned int cpu, u64 now_ns,
			  bool hotplug, unsigned int *achieved,
			  u64 *latency_ns, struct pidle_exit_info *info)
{
	struct ref_dom *first[PIDLE_MAX_LEVELS + 1], *d, *stop = NULL;
	unsigned int nr_first = 0, l, k;
	/* The power-ups around: what they take, deepest, longest. */
	u64 outer = 0, outer_maxlat = 0;
	int outer_deepest = REF_NONE;

	if (!r->osi_first || r->cpu[cpu].state < (int)r->deepest_cpu)
		return;
	/* Out of its domain; as its first man, out of the parent, and on. */
	d = ref_dom_of(r, r->osi_first, cpu);
	for (;;) {
		bool was_down = d->down;

		d->osi_voted--;
		if (!was_down) {
			stop = d;
			break;
		}
		d->down = false;
		ref_domain_period(r, ref_osi_level(r, d), d, now_ns);
		first[nr_first++] = d;
		if (!d->voted_up)
			break;
		d->voted_up = false;
		d = d->parent;
	}
	/*
	 * A waiter at the outermost domain it reached, if powering up:
	 * "waits until the domain is really ready", which is no earlier
	 * than the domains around it that were powered up with it (genpd
	 * powers a parent on before its child), "and was in the deepest
	 * state powered down around it". At most the longest latency of
	 * those power-ups: a waiter whose clock read precedes the first
	 * man's would have had them up that long after it woke.
	 */
	if (stop) {
		l = ref_osi_level(r, stop);
		if (r->cpu[cpu].in_power_up[l] && stop->ready_ns > now_ns) {
			u64 wait = stop->ready_ns - now_ns;

			if (wait > stop->up_maxlat)
				wait = stop->up_maxlat;
			outer = wait;
			outer_deepest = stop->up_deepest;
			outer_maxlat = stop->up_maxlat;
			if (wait > *latency_ns)
				*latency_ns = wait;
			if ((unsigned int)stop->up_deepest > *achieved)
				*achieved = stop->up_deepest;
			info->wait_levels |= 1u << l;
		}
		r->cpu[cpu].in_power_up[l] = false;
	}
	/* First man: outermost first; latencies nest. */
	while (nr_first) {
		int t;
		u64 lat, resid;

		d = first[--nr_first];
		l = ref_osi_level(r, d);
		t = d->down_state;
		if (t == REF_NONE)
			continue;
		for (k = 0; r->level[l].dstate[k] != (unsigned int)t; k++)
			;
		resid = now_ns > d->down_since_ns ? now_ns - d->down_since_ns : 0;
		lat = d->tab[t].exit_latency_ns;
		if (d->down_since_ns + d->tab[t].entry_latency_ns > now_ns)
			lat += d->down_since_ns + d->tab[t].entry_latency_ns - now_ns;
		if (hotplug)
			lat = 0;
		d->ready_ns = now_ns + (lat > outer ? lat : outer);
		if (lat > outer)
			outer = lat;
		if (t > outer_deepest)
			outer_deepest = t;
		if (ref_osi_maxlat(d, t) > outer_maxlat)
			outer_maxlat = ref_osi_maxlat(d, t);
		d->up_deepest = outer_deepest;
		d->up_maxlat = outer_maxlat;
		ref_first_man(r, l, d, k, cpu, resid, lat, achieved, latency_ns,
			      info);
	}
}

void ref_enter(struct ref_model *r, unsigned int cpu, unsigned int state,
	       u64 now_ns, u64 next_timer_ns, struct pidle_enter_info *info)
{
	struct ref_cpu *c = &r->cpu[cpu];

	memset(info, 0, sizeof(*info));
	c->state = state;
	c->next_timer_ns = next_timer_ns;
	c->since_ns = now_ns;
	c->st[state].requested++;
	ref_vote_all(r, cpu, state, now_ns, info);
}

static void ref_leave_all(struct ref_model *r, unsigned int cpu, u64 now_ns,
			  bool hotplug, unsigned int *achieved,
			  u64 *latency_ns, struct pidle_exit_info *info)
{
	unsigned int s = r->cpu[cpu].state, l, k;

	if (r->osi) {
		ref_osi_leave(r, cpu, now_ns, hotplug, achieved, latency_ns,
			      info);
		r->cpu[cpu].state = REF_BUSY;
		return;
	}
	for (l = r->nr_levels; l >= 1; l--) {
		const struct ref_level *lvl = &r->level[l];
		struct ref_dom *d = ref_dom_of(r, l, cpu);

		if (!ref_votes(r, l, s))
			continue;
		for (k = 0; k < lvl->nr_dstates; k++)
			if (lvl->dstate[k] <= s)
				d->voters[k]--;
		if (d->down) {
			/*
			 * "The first CPU of a down domain to wake is its first
			 * man: it ends the down period (residency = now -
			 * down-since), and pays exit_latency(t). It sets the
			 * domain's ready time = now + that latency."
			 */
			int t = d->down_state;
			u64 lat, resid;

			ref_domain_period(r, l, d, now_ns);
			d->down = false;
			if (t == REF_NONE)
				continue;
			for (k = 0; lvl->dstate[k] != (unsigned int)t; k++)
				;
			/* What cpuidle shows: entry + exit (dt_idle_states.c). */
			lat = hotplug ? 0 : d->tab[t].exit_latency_ns +
					    d->tab[t].entry_latency_ns;
			/*
			 * The first man's clock read may precede the last
			 * man's: the down period lasted no time.
			 */
			resid = now_ns > d->down_since_ns ?
				now_ns - d->down_since_ns : 0;
			d->ready_ns = now_ns + lat;
			ref_first_man(r, l, d, k, cpu, resid, lat, achieved,
				      latency_ns, info);
		} else if (r->cpu[cpu].in_power_up[l] && d->ready_ns > now_ns) {
			/*
			 * "Any CPU of D that wakes before the ready time waits
			 * until it": any CPU that was idle in the down period
			 * the power-up ends, not one that went idle after it.
			 */
			u64 wait = d->ready_ns - now_ns;

			/* At most the state's latency: see pidle_domain_leave(). */
			if (wait > d->tab[d->up_state].exit_latency_ns +
				   d->tab[d->up_state].entry_latency_ns)
				wait = d->tab[d->up_state].exit_latency_ns +
				       d->tab[d->up_state].entry_latency_ns;
			if (wait > *latency_ns)
				*latency_ns = wait;
			if ((unsigned int)d->up_state > *achieved)
				*achieved = d->up_state;
			info->wait_levels |= 1u << l;
		}
		r->cpu[cpu].in_power_up[l] = false;
	}
	r->cpu[cpu].state = REF_BUSY;
}

void ref_exit(struct ref_model *r, unsigned int cpu, u64 now_ns,
	      struct pidle_exit_info *info)
{
	struct ref_cpu *c = &r->cpu[cpu];
	unsigned int s = c->state, achieved = s;

	/*
	 * "A CPU whose requested state was not achieved is demoted to the
	 * deepest state at a lower level that is not deeper than its
	 * request": the CPU-level fallback, raised by the domains below.
	 */
	while (r->level_of[achieved])
		achieved--;
	memset(info, 0, sizeof(*info));
	{
		/*
		 * "Each CPU enters its own set's states": a CPU-level state's
		 * latency is the one its CPU set's table gives.
		 */
		const struct pidle_state_desc *t = r->cpu[cpu].tab;

		info->latency_ns = t[achieved].exit_latency_ns +
				   t[achieved].entry_latency_ns;
	}
	ref_leave_all(r, cpu, now_ns, false, &achieved, &info->latency_ns,
		      info);
	info->requested = s;
	info->achieved = achieved;
	{
		unsigned int f = ref_fallback(r, s);
		u64 t = now_ns > c->since_ns ? now_ns - c->since_ns : 0;

		c->done_pj += ref_price(c->tab[f].power_mw,
					c->tab[f].energy_uj, t);
		c->oracle_pj += ref_oracle(r, c->tab, c->up_mw, 0, t);
		c->idle_done_ns += t;
		c->periods++;
	}
	c->st[achieved].achieved++;
	c->st[achieved].latency_paid_ns += info->latency_ns;
	if (achieved < s)
		c->st[s].demoted++;
}

void ref_record_overshoot(struct ref_model *r, unsigned int cpu,
			  unsigned int state, u64 overshoot_ns)
{
	struct pidle_cpu_stats *st = &r->cpu[cpu].st[state];

	st->overshoot_ns += overshoot_ns;
	if (overshoot_ns > st->overshoot_max_ns)
		st->overshoot_max_ns = overshoot_ns;
}

/* "An offline CPU counts as idle in the deepest state" and has no timer. */
void ref_cpu_offline(struct ref_model *r, unsigned int cpu, u64 now_ns)
{
	struct ref_cpu *c = &r->cpu[cpu];

	c->offline = true;
	c->since_ns = now_ns;
	c->state = r->nr_states - 1;
	c->next_timer_ns = U64_MAX;
	ref_vote_all(r, cpu, c->state, now_ns, NULL);
}

/* "Coming online is an exit that pays nothing", and is not counted. */
void ref_cpu_online(struct ref_model *r, unsigned int cpu, u64 now_ns)
{
	struct pidle_exit_info scratch;
	unsigned int achieved = 0;
	u64 latency_ns = 0;

	memset(&scratch, 0, sizeof(scratch));
	ref_leave_all(r, cpu, now_ns, true, &achieved, &latency_ns, &scratch);
	r->cpu[cpu].offline = false;
	/* "An offline CPU ... the deepest CPU-level state's power" */
	r->cpu[cpu].offline_done_ns += now_ns > r->cpu[cpu].since_ns ?
				       now_ns - r->cpu[cpu].since_ns : 0;
}

bool ref_domain_down(const struct ref_model *r, unsigned int level,
		     unsigned int dom, unsigned int *state)
{
	const struct ref_dom *d;

	if (!level)
		return false;
	d = &r->level[level].dom[dom];
	if (!d->down || d->down_state == REF_NONE)
		return false;
	*state = d->down_state;
	return true;
}

void ref_cpu_stats_read(const struct ref_model *r, unsigned int cpu,
			unsigned int state, struct pidle_cpu_stats *out)
{
	*out = r->cpu[cpu].st[state];
}

void ref_domain_stats_read(const struct ref_model *r, unsigned int level,
			   unsigned int dom, unsigned int state,
			   struct pidle_domain_stats *out)
{
	const struct ref_level *lvl = &r->level[level];
	unsigned int k;

	memset(out, 0, sizeof(*out));
	if (!level || r->level_of[state] != level)
		return;
	for (k = 0; lvl->dstate[k] != state; k++)
		;
	*out = lvl->dom[dom].st[k];
}

/*
 * "A reset starts the energy's time at the reset, or at the start of the
 * idle (voted) period going on, which is then counted whole after it."
 */
void ref_cpu_stats_reset(struct ref_model *r, unsigned int cpu, u64 now_ns)
{
	struct ref_cpu *c = &r->cpu[cpu];

	memset(c->st, 0, sizeof(c->st));
	c->done_pj = c->oracle_pj = 0;
	c->idle_done_ns = c->offline_done_ns = c->periods = 0;
	c->epoch_ns = now_ns;
	if (c->state != REF_BUSY && c->since_ns < now_ns)
		c->epoch_ns = c->since_ns;
}

void ref_domain_stats_reset(struct ref_model *r, unsigned int level,
			    unsigned int dom, u64 now_ns)
{
	struct ref_dom *d = &r->level[level].dom[dom];

	memset(d->st, 0, sizeof(d->st));
	d->done_pj = d->down_pj = d->oracle_pj = 0;
	d->down_done_ns = d->periods = 0;
	d->epoch_ns = now_ns;
	if (d->down && d->down_since_ns < now_ns)
		d->epoch_ns = d->down_since_ns;
}

void ref_stats_reset(struct ref_model *r, u64 now_ns)
{
	unsigned int cpu, l, d;

	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		ref_cpu_stats_reset(r, cpu, now_ns);
	for (l = 1; l <= r->nr_levels; l++)
		for (d = 0; d < r->level[l].nr_domains; d++)
			ref_domain_stats_reset(r, l, d, now_ns);
}

static u64 ref_nj(unsigned __int128 pj)
{
	return (u64)(pj / 1000);
}

void ref_cpu_energy_read(const struct ref_model *r, unsigned int cpu,
			 u64 now_ns, struct pidle_energy *out)
{
	const struct ref_cpu *c = &r->cpu[cpu];
	u64 cur = c->state != REF_BUSY && now_ns > c->since_ns ?
		  now_ns - c->since_ns : 0;
	u64 idle = c->idle_done_ns, off = c->offline_done_ns, busy, elapsed;
	unsigned __int128 total = c->done_pj;
	unsigned int deepest = ref_fallback(r, r->nr_states - 1);

	if (c->offline) {
		off += cur;
	} else if (c->state != REF_BUSY) {
		idle += cur;
		total += ref_price(c->tab[ref_fallback(r, c->state)].power_mw,
				   0, cur);
	}
	/* "while offline, the power of the deepest CPU-level state" */
	total += ref_price(c->tab[deepest].power_mw, 0, off);
	elapsed = now_ns > c->epoch_ns ? now_ns - c->epoch_ns : 0;
	busy = elapsed > idle + off ? elapsed - idle - off : 0;
	total += ref_price(c->up_mw[0], 0, busy);
	memset(out, 0, sizeof(*out));
	out->total_nj = ref_nj(total);
	out->idle_nj = ref_nj(c->done_pj);
	out->oracle_nj = ref_nj(c->oracle_pj);
	out->periods = c->periods;
	out->elapsed_ns = elapsed;
	out->down_ns = idle + off;
}

void ref_domain_energy_read(const struct ref_model *r, unsigned int level,
			    unsigned int dom, u64 now_ns,
			    struct pidle_energy *out)
{
	const struct ref_dom *d = &r->level[level].dom[dom];
	unsigned __int128 total = d->down_pj;
	u64 cur = 0, elapsed, down;

	if (d->down && d->down_state != REF_NONE) {
		cur = now_ns > d->down_since_ns ? now_ns - d->down_since_ns : 0;
		total += ref_price(d->tab[d->down_state].power_mw, 0, cur);
	}
	down = d->down_done_ns + cur;
	elapsed = now_ns > d->epoch_ns ? now_ns - d->epoch_ns : 0;
	/* "up power * (elapsed - sum of residencies)" */
	total += ref_price(d->up_mw[level], 0, elapsed > down ? elapsed - down : 0);
	memset(out, 0, sizeof(*out));
	out->total_nj = ref_nj(total);
	out->idle_nj = ref_nj(d->done_pj);
	out->oracle_nj = ref_nj(d->oracle_pj);
	out->periods = d->periods;
	out->elapsed_ns = elapsed;
	out->down_ns = down;
}
