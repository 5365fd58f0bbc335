// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-stat: the rows of a report, from two snapshots.
 *
 * Percentages of time are over the elapsed time; too-deep and too-shallow
 * percentages are over the state's usage in the interval. A summary row
 * averages the time percentages over its rows (turbostat's convention: the
 * summary of CPUs 10% and 30% in C6 is 20%) and sums the counts, so its
 * too-deep % is the share of all the level's entries that were too deep.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pidle_common.h"
#include "pidle_stat_delta.h"

static double pidle_pct(double num, double den)
{
	return den > 0 ? 100.0 * num / den : 0.0;
}

static unsigned long long pidle_d(unsigned long long a, unsigned long long b)
{
	return b >= a ? b - a : 0;	/* a counter reset reads as 0 */
}

static const struct pidle_snap_cpu *pidle_find_cpu(const struct pidle_snap *a,
						    int cpu)
{
	int i;

	for (i = 0; i < a->nr_cpus; i++)
		if (a->cpu[i].cpu == cpu)
			return &a->cpu[i];
	return NULL;
}

static const struct pidle_snap_domain *
pidle_find_dom(const struct pidle_snap *a, const char *name)
{
	int i;

	for (i = 0; i < a->nr_domains; i++)
		if (!strcmp(a->dom[i].name, name))
			return &a->dom[i];
	return NULL;
}

/*
 * The delta functions add the interval's counts to @r, not store them: a
 * row starts zeroed and gets its own, a summary gets every row's (the
 * deltas are clamped per row, so a summary cannot be one delta of sums).
 * The percentages of counts come after, from the totals, by the _end ones.
 */
static void pidle_cstate(const struct pidle_snap_state *x,
			 const struct pidle_snap_state *y, double el_s,
			 struct pidle_stat_cstate *r)
{
	int i;

	r->usage += pidle_d(x->usage, y->usage);
	r->above += pidle_d(x->above, y->above);
	r->below += pidle_d(x->below, y->below);
	r->residency_pct += pidle_pct(pidle_d(x->time_us, y->time_us) * 1e-6,
				      el_s);
	r->demoted += pidle_d(x->demoted, y->demoted);
	r->achieved += pidle_d(x->achieved, y->achieved);
	r->latency_paid_ns += pidle_d(x->latency_paid_ns, y->latency_paid_ns);
	r->overshoot_ns += pidle_d(x->overshoot_ns, y->overshoot_ns);
	for (i = 0; i < PIDLE_SNAP_WAKE; i++)
		r->wake[i] += pidle_d(x->wake[i], y->wake[i]);
	for (i = 0; i < PIDLE_SNAP_WAKE_DOMAIN; i++) {
		r->wake_above[i] += pidle_d(x->wake_above[i], y->wake_above[i]);
		r->wake_below[i] += pidle_d(x->wake_below[i], y->wake_below[i]);
	}
}

static void pidle_cstate_end(struct pidle_stat_cstate *r)
{
	r->too_deep_pct = pidle_pct(r->above, r->usage);
	r->too_shallow_pct = pidle_pct(r->below, r->usage);
}

/* Nothing when either snapshot lacks the energy; @r's power over @el_s. */
static void pidle_energy(const struct pidle_snap_energy *x,
			 const struct pidle_snap_energy *y, double el_s,
			 struct pidle_stat_energy *r)
{
	double j;

	if (!x->valid || !y->valid)
		return;
	j = pidle_d(x->energy_uj, y->energy_uj) * 1e-6;
	r->valid = true;
	r->j += j;
	r->idle_j += pidle_d(x->idle_uj, y->idle_uj) * 1e-6;
	r->oracle_j += pidle_d(x->oracle_uj, y->oracle_uj) * 1e-6;
	r->avg_w += el_s > 0 ? j / el_s : 0;
}

static void pidle_energy_end(struct pidle_stat_energy *e)
{
	e->efficiency_pct = e->idle_j > 0 ? 100.0 * e->oracle_j / e->idle_j : -1;
}

static void pidle_dstate(const struct pidle_snap_dstate *x,
			 const struct pidle_snap_dstate *y, double el_s,
			 struct pidle_stat_dstate *r)
{
	int i;

	for (i = 0; i < PIDLE_SNAP_WAKE; i++)
		r->wake[i] += pidle_d(x->wake[i], y->wake[i]);
	r->usage += pidle_d(x->usage, y->usage);
	r->too_deep += pidle_d(x->too_deep, y->too_deep);
	r->rejected += pidle_d(x->rejected, y->rejected);
	r->latency_paid_ns += pidle_d(x->latency_paid_ns, y->latency_paid_ns);
	if (x->g.valid && y->g.valid) {
		r->genpd = true;
		r->above += pidle_d(x->g.above, y->g.above);
		r->below += pidle_d(x->g.below, y->g.below);
	}
	r->residency_pct += pidle_pct(pidle_d(x->residency_ns, y->residency_ns) *
				      1e-9, el_s);
}

static void pidle_dstate_end(struct pidle_stat_dstate *r)
{
	r->too_deep_pct = pidle_pct(r->too_deep, r->usage);
}

/*
 * The seconds a row's counters span: between its two visits when both
 * snapshots visited it (see "visiting each CPU" in pidle_snap.c), else the
 * snapshots' elapsed time.
 */
static double pidle_window_s(unsigned long long a_ns, unsigned long long b_ns,
			     double elapsed_s)
{
	return a_ns && b_ns > a_ns ? (double)(b_ns - a_ns) / 1e9 : elapsed_s;
}

static void pidle_stat_cpus(const struct pidle_snap *a,
			    const struct pidle_snap *b, struct pidle_stat *st)
{
	struct pidle_stat_cpu *sum = &st->cpu_sum;
	struct pidle_cpuset map = { { 0 } };
	int i, k;

	/* The columns: the longest CPU's table (sets of different lengths). */
	st->nr_states = 0;
	for (i = 0; i < b->nr_cpus; i++)
		if (b->cpu[i].nr_states > st->nr_states)
			st->nr_states = b->cpu[i].nr_states;
	for (k = 0; k < st->nr_states; k++)
		st->state_name[k][0] = '\0';
	/*
	 * A table per CPU set (Documentation/admin-guide.rst): one cpuidle
	 * driver per set, each CPU with its set's names for the same index.
	 * The column is the index; its title every set's name, in CPU order,
	 * joined by '/' (sdm845: cpu-sleep-0-0/cpu-sleep-1-0).
	 */
	for (i = 0; i < b->nr_cpus; i++)
		for (k = 0; k < st->nr_states && k < b->cpu[i].nr_states; k++) {
			if (!st->state_name[k][0])
				snprintf(st->state_name[k], sizeof(st->state_name[k]),
					 "%s", b->cpu[i].st[k].name);
			else
				pidle_name_join(st->state_name[k],
						sizeof(st->state_name[k]),
						b->cpu[i].st[k].name);
		}
	for (i = 0; i < b->nr_cpus; i++) {
		const struct pidle_snap_cpu *y = &b->cpu[i];
		const struct pidle_snap_cpu *x = pidle_find_cpu(a, y->cpu);
		struct pidle_stat_cpu *r = &st->cpu[st->nr_cpus];
		double idle = 0, window_s;

		if (!x)
			continue;
		r->cpu = y->cpu;
		r->nr_states = y->nr_states < x->nr_states ? y->nr_states :
							     x->nr_states;
		window_s = pidle_window_s(x->read_ns, y->read_ns, st->elapsed_s);
		for (k = 0; k < st->nr_states && k < y->nr_states &&
			    k < x->nr_states; k++) {
			pidle_cstate(&x->st[k], &y->st[k], window_s, &r->st[k]);
			pidle_cstate_end(&r->st[k]);
			pidle_cstate(&x->st[k], &y->st[k], window_s, &sum->st[k]);
			idle += r->st[k].residency_pct;
		}
		r->busy_pct = idle < 100 ? 100 - idle : 0;
		sum->busy_pct += r->busy_pct;
		pidle_energy(&x->e, &y->e, window_s, &r->e);
		pidle_energy_end(&r->e);
		pidle_energy(&x->e, &y->e, window_s, &sum->e);
		pidle_cpuset_set(&map, y->cpu);
		st->nr_cpus++;
	}
	sum->nr_states = st->nr_states;
	if (st->nr_cpus) {
		sum->busy_pct /= st->nr_cpus;
		for (k = 0; k < st->nr_states; k++)
			sum->st[k].residency_pct /= st->nr_cpus;
	}
	for (k = 0; k < st->nr_states; k++)
		pidle_cstate_end(&sum->st[k]);
	pidle_energy_end(&sum->e);
	pidle_cpulist_print(&map, st->cpus, sizeof(st->cpus));
}

/* Each CPU row's domain at level @l, from the domains' CPU lists. */
static void pidle_stat_cpu_domains(struct pidle_stat *st, int l,
				   const struct pidle_snap_domain *y, int idx)
{
	struct pidle_cpuset map = { { 0 } };
	int i;

	pidle_cpulist_add(&map, y->cpus);
	for (i = 0; i < st->nr_cpus; i++)
		if (pidle_cpuset_test(&map, st->cpu[i].cpu))
			st->cpu[i].dom[l] = idx;
}

static void pidle_stat_level_end(struct pidle_stat_level *lv,
				 const struct pidle_cpuset *map)
{
	struct pidle_stat_domain *sum = &lv->sum;
	int k;

	sum->idx = -1;
	pidle_energy_end(&sum->e);
	for (k = 0; k < lv->nr_states; k++) {
		if (lv->nr)
			sum->st[k].residency_pct /= lv->nr;
		pidle_dstate_end(&sum->st[k]);
	}
	pidle_cpulist_print(map, sum->cpus, sizeof(sum->cpus));
}

/*
 * A level's columns: the states of its domains (b's, from @i on, the
 * level's first), by index, ascending; domains whose CPU sets have tables
 * of different lengths may each have some of them only.
 */
static void pidle_stat_level_states(const struct pidle_snap *b, int i,
				    struct pidle_stat_level *lv)
{
	const char *name = b->dom[i].level;
	int j, k, c, idx;

	lv->nr_states = 0;
	for (j = i; j < b->nr_domains && !strcmp(b->dom[j].level, name); j++)
		for (k = 0; k < b->dom[j].nr_states; k++) {
			idx = b->dom[j].st[k].idx;
			for (c = 0; c < lv->nr_states && lv->state[c] < idx; c++)
				;
			if ((c < lv->nr_states && lv->state[c] == idx) ||
			    lv->nr_states == PIDLE_SNAP_STATES)
				continue;
			memmove(&lv->state[c + 1], &lv->state[c],
				(lv->nr_states - c) * sizeof(lv->state[0]));
			lv->state[c] = idx;
			lv->nr_states++;
		}
}

/* The column of state @idx in @lv, or -1. */
static int pidle_stat_level_col(const struct pidle_stat_level *lv, int idx)
{
	int c;

	for (c = 0; c < lv->nr_states; c++)
		if (lv->state[c] == idx)
			return c;
	return -1;
}

static void pidle_stat_domains(const struct pidle_snap *a,
			       const struct pidle_snap *b,
			       struct pidle_stat *st)
{
	struct pidle_stat_level *lv = NULL;
	struct pidle_cpuset map;
	int i, k;

	for (i = 0; i < b->nr_domains; i++) {
		const struct pidle_snap_domain *y = &b->dom[i];
		const struct pidle_snap_domain *x = pidle_find_dom(a, y->name);
		struct pidle_stat_domain *r = &st->dom[st->nr_domains];
		double window_s;

		if (!x || x->nr_states != y->nr_states)
			continue;
		if (!lv || strcmp(lv->name, y->level)) {
			if (lv)
				pidle_stat_level_end(lv, &map);
			if (st->nr_levels == PIDLE_SNAP_LEVELS)
				return;
			lv = &st->level[st->nr_levels++];
			snprintf(lv->name, sizeof(lv->name), "%s", y->level);
			pidle_stat_level_states(b, i, lv);
			lv->first = st->nr_domains;
			memset(&map, 0, sizeof(map));
		}
		/*
		 * A state cpuidle does not show (OSI mode: the domain states
		 * are not cpuidle states) takes its name from the domains'
		 * directories, each domain's own joined by '/' as the CPU
		 * sets' are (hi3660: cluster-sleep-0/cluster-sleep-1).
		 */
		for (k = 0; k < y->nr_states; k++) {
			int idx = y->st[k].idx;

			if (idx >= 0 && idx < PIDLE_SNAP_STATES) {
				if (!st->dstate_name[idx][0])
					snprintf(st->dstate_name[idx],
						 sizeof(st->dstate_name[0]), "%s",
						 y->st[k].name);
				else
					pidle_name_join(st->dstate_name[idx],
							sizeof(st->dstate_name[idx]),
							y->st[k].name);
			}
			if (idx < st->nr_states || idx >= PIDLE_SNAP_STATES)
				continue;
			if (!st->state_name[idx][0])
				snprintf(st->state_name[idx], sizeof(st->state_name[0]),
					 "%s", y->st[k].name);
			else
				pidle_name_join(st->state_name[idx],
						sizeof(st->state_name[idx]),
						y->st[k].name);
		}
		r->idx = y->idx;
		snprintf(r->cpus, sizeof(r->cpus), "%s", y->cpus);
		window_s = pidle_window_s(x->read_ns, y->read_ns, st->elapsed_s);
		/* by the state's index: a domain may lack some of the level's */
		r->lacks = (1u << lv->nr_states) - 1;
		for (k = 0; k < y->nr_states; k++) {
			int c = pidle_stat_level_col(lv, y->st[k].idx);

			if (c < 0 || x->st[k].idx != y->st[k].idx)
				continue;
			r->lacks &= ~(1u << c);
			pidle_dstate(&x->st[k], &y->st[k], window_s, &r->st[c]);
			pidle_dstate_end(&r->st[c]);
			pidle_dstate(&x->st[k], &y->st[k], window_s,
				     &lv->sum.st[c]);
		}
		pidle_energy(&x->e, &y->e, window_s, &r->e);
		pidle_energy_end(&r->e);
		pidle_energy(&x->e, &y->e, window_s, &lv->sum.e);
		pidle_cpulist_add(&map, y->cpus);
		pidle_stat_cpu_domains(st, st->nr_levels - 1, y, y->idx);
		lv->nr++;
		st->nr_domains++;
	}
	if (lv)
		pidle_stat_level_end(lv, &map);
}

void pidle_stat_delta(const struct pidle_snap *a, const struct pidle_snap *b,
		      double elapsed_s, struct pidle_stat *st)
{
	int i, l;

	memset(st, 0, sizeof(*st));
	st->elapsed_s = elapsed_s;
	st->pseudo = a->pseudo && b->pseudo;
	st->wake = st->pseudo && a->wake && b->wake;
	if (st->wake)
		snprintf(st->wake_sources, sizeof(st->wake_sources), "%s",
			 b->wake_sources);
	snprintf(st->driver, sizeof(st->driver), "%s", b->driver);
	snprintf(st->governor, sizeof(st->governor), "%s", b->governor);
	st->cpu_sum.cpu = -1;
	pidle_stat_cpus(a, b, st);
	for (i = 0; i < st->nr_cpus; i++)
		for (l = 0; l < PIDLE_SNAP_LEVELS; l++)
			st->cpu[i].dom[l] = -1;
	for (l = 0; l < PIDLE_SNAP_LEVELS; l++)
		st->cpu_sum.dom[l] = -1;
	pidle_stat_domains(a, b, st);
	/*
	 * The machine's total: the root's energy_uj, read last, and the sum
	 * of the rows' idle and oracle energies (the nodes' sum is the total).
	 */
	st->energy = a->energy && b->energy;
	if (st->energy) {
		struct pidle_stat_energy *t = &st->total;

		t->valid = true;
		t->j = pidle_d(a->energy_uj, b->energy_uj) * 1e-6;
		t->avg_w = elapsed_s > 0 ? t->j / elapsed_s : 0;
		t->idle_j = st->cpu_sum.e.idle_j;
		t->oracle_j = st->cpu_sum.e.oracle_j;
		for (l = 0; l < st->nr_levels; l++) {
			t->idle_j += st->level[l].sum.e.idle_j;
			t->oracle_j += st->level[l].sum.e.oracle_j;
		}
		pidle_energy_end(t);
	}
}

const char *pidle_stat_level_title(const char *level, char *buf, size_t size)
{
	if (!strcmp(level, "package"))
		return "Pkg";
	snprintf(buf, size, "%s", level);
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] += 'A' - 'a';
	return buf;
}
