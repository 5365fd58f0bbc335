// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-replay --agree: a module trace's replay under the governor it was
 * recorded with, against the guest's own figures, one row per figure:
 * guest, replay, difference, and within the tolerance or not; where not,
 * why, determined from the periods whose decision differs.
 *
 * The guest's figures are the trace's own events (pidle_enter,
 * pidle_exit, pidle_domain_down, cpu_idle), so both sides cover the same
 * window: the trace from the governor-reset mark to its end. (The
 * pidle-stat JSON recorded beside a trace, .stat, covers the workload's
 * run alone, a shorter window: it is not what is compared.) The loader
 * refuses what would leave a period the trace cannot place at all: lost
 * events, an entry without its exit or an exit without its entry
 * inside the trace, a CPU with no idle event and not declared busy or
 * offline; an entry the trace's end cuts is dropped from both sides.
 *
 * What is left is the governor's decisions. Replay is deterministic: a
 * decision differs only where the governor's inputs differ from the
 * guest's, and each differing one is put in the first class that applies:
 *
 * - left at once: an entry the driver left at once has no pidle_enter;
 *   its sleep length comes from cpu_idle's timestamp, in microseconds,
 *   unknowable to within the states' residencies.
 * - tick kept running: the tick ran at the entry. Either the kernel kept
 *   it (tick_nohz_next_event(): a timer-wheel event within a tick, RCU's
 *   or irq_work's need), and tick_nohz_get_sleep_length() answered the
 *   tick (delta_next); or the governor kept it, and it answered the next
 *   timer-wheel or hrtimer event. A trace of these events has neither the
 *   timer wheel nor RCU: the sleep length the governor saw is not in it.
 *   (ladder reads no sleep length: not a class for it.)
 * - after one on this CPU: the governor's per-CPU history (menu's
 *   intervals and correction factors, teo's bins) holds an earlier
 *   differing decision of this CPU.
 * - after one on another CPU: an earlier differing decision on another
 *   CPU changed the domains' states, hence this CPU's achieved state and
 *   exit latency, hence the residency its governor measured.
 * - placed: none of these. The trace gives every input; a difference is
 *   the replay's (a bug).
 *
 * A figure is placed when none of the decisions it depends on is in the
 * first four classes (for a state's usage: the periods the guest or the
 * replay requested it in; for everything after the decisions, achieved
 * states, residency, misses, latency, domains and energy: every period).
 * A placed figure beyond the tolerance fails the agreement.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "pidle_common.h"
#include "pidle_rp_agree.h"

enum rp_div {
	RP_DIV_ABORTED,
	RP_DIV_TICK,
	RP_DIV_CPU,
	RP_DIV_OTHER,
	RP_DIV_PLACED,
	RP_DIV_NR,
};

static const char *const rp_div_name[RP_DIV_NR] = {
	[RP_DIV_ABORTED] = "left at once",
	[RP_DIV_TICK] = "tick kept running",
	[RP_DIV_CPU] = "after one on this CPU",
	[RP_DIV_OTHER] = "after one on another CPU",
	[RP_DIV_PLACED] = "placed",
};

struct rp_agree {
	FILE *f;
	double tol;
	double worst, worst_placed;
	unsigned int beyond;
	int name_w;		/* the figure column: its longest name */
	/* differing decisions by class: of every period, per state */
	u64 all[RP_DIV_NR];
	u64 usage[PIDLE_RP_MAX_STATES][RP_DIV_NR];
	u64 aborted[PIDLE_RP_MAX_STATES][RP_DIV_NR];
};

static double rp_agree_diff(double guest, double replay)
{
	if (guest == replay)
		return 0;
	return 100.0 * fabs(replay - guest) / (guest ? fabs(guest) : fabs(replay));
}

/* One figure: guest, replay, difference, and the verdict with its reason. */
static void rp_agree_row(struct rp_agree *a, const char *name, double guest,
			 double replay, int prec, const u64 *div)
{
	double d = rp_agree_diff(guest, replay);
	u64 n = 0, placed = div[RP_DIV_PLACED];
	const char *sep = "";
	bool unplaced;
	unsigned int k;

	for (k = 0; k < RP_DIV_NR; k++)
		n += div[k];
	unplaced = n > placed;
	a->worst = fmax(a->worst, d);
	if (!unplaced)
		a->worst_placed = fmax(a->worst_placed, d);
	fprintf(a->f, "  %-*s %12.*f %12.*f %8.2f  ", a->name_w, name, prec,
		guest, prec, replay, d);
	if (d <= a->tol) {
		fprintf(a->f, "within\n");
		return;
	}
	if (!unplaced) {
		a->beyond++;
		if (n)
			fprintf(a->f, "BEYOND: a replay bug: %llu differing decisions, all placed\n", n);
		else
			fprintf(a->f, "BEYOND: a replay bug: no decision differs\n");
		return;
	}
	fprintf(a->f, "not placed: %llu decisions differ:", n);
	for (k = 0; k < RP_DIV_NR; k++)
		if (div[k]) {
			fprintf(a->f, "%s %llu %s", sep, div[k], rp_div_name[k]);
			sep = ",";
		}
	fprintf(a->f, "\n");
}

/*
 * cpuidle_enter_state()'s above and below, on the measured residency
 * @diff of an entry of state @s: the rule pidle_kgov_reflect() copies.
 */
static void rp_agree_miss(const struct pidle_state_desc *tab, unsigned int ns,
			  unsigned int disabled, unsigned int s, u64 diff,
			  u64 *above, u64 *below)
{
	u64 delay = pidle_state_wake_latency_ns(&tab[s]);
	unsigned int i;

	if (diff < tab[s].target_residency_ns) {
		for (i = s; i-- > 0;)
			if (!(disabled >> i & 1)) {
				(*above)++;
				return;
			}
	} else if (diff > delay) {
		for (i = s + 1; i < ns; i++) {
			if (disabled >> i & 1)
				continue;
			if (diff - delay >= tab[i].target_residency_ns)
				(*below)++;
			return;
		}
	}
}

/* Each differing decision's class (see the top of the file). */
static int rp_agree_classify(struct rp_agree *a, const struct pidle_rp_trace *t,
			     const struct pidle_rp_cell *c, const int *sel)
{
	bool *cpu_div = calloc(t->nr_cpus, sizeof(*cpu_div));
	bool sleep_len = strcmp(c->governor, "ladder") != 0;
	bool any = false;
	size_t i;

	if (!cpu_div)
		return -1;
	for (i = 0; i < t->nr_periods; i++) {
		const struct pidle_rp_period *p = &t->period[i];
		unsigned int rs = p->rec_state, ss = (unsigned int)sel[i];
		enum rp_div k;

		if (sel[i] < 0 || rs == ss)
			continue;
		if (p->flags & PIDLE_RP_F_ABORTED)
			k = RP_DIV_ABORTED;
		else if (sleep_len && (p->flags & PIDLE_RP_F_TICK_RUNNING))
			k = RP_DIV_TICK;
		else if (cpu_div[p->cpu])
			k = RP_DIV_CPU;
		else if (any)
			k = RP_DIV_OTHER;
		else
			k = RP_DIV_PLACED;
		cpu_div[p->cpu] = any = true;
		a->all[k]++;
		if (p->flags & PIDLE_RP_F_ABORTED) {
			if (rs < PIDLE_RP_MAX_STATES)
				a->aborted[rs][k]++;
			if (ss < PIDLE_RP_MAX_STATES)
				a->aborted[ss][k]++;
		} else {
			if (rs < PIDLE_RP_MAX_STATES)
				a->usage[rs][k]++;
			if (ss < PIDLE_RP_MAX_STATES)
				a->usage[ss][k]++;
		}
	}
	free(cpu_div);
	return 0;
}

/*
 * Slot @s's name: each CPU set's own state there, '/'-joined as pidle-stat
 * names it (hi3660: cpu-sleep-0/cpu-sleep-1), the table's with one table.
 */
static const char *rp_slot_name(const struct pidle_states *st, unsigned int s,
				char *buf, size_t size)
{
	unsigned int k;

	buf[0] = '\0';
	if (!st->nr_sets)
		return st->state[s].name;
	for (k = 0; k < st->nr_sets; k++)
		if (st->set[k].present & (1u << s))
			pidle_name_join(buf, size, st->set[k].state[s].name);
	return buf[0] ? buf : st->state[s].name;
}

int pidle_rp_agree(FILE *f, const struct pidle_rp_trace *t,
		   const struct pidle_rp_cell *c,
		   const struct pidle_rp_result *r,
		   const struct pidle_rp_result *rec, const int *sel,
		   double tol)
{
	struct rp_agree *a = calloc(1, sizeof(*a));
	u64 g_res[PIDLE_RP_MAX_STATES] = { 0 };
	u64 g_above = 0, g_below = 0, r_above = 0, r_below = 0, n = 0;
	unsigned int s, l, k, i, ns = r->nr_states;
	char name[96], slot[48];
	size_t p;
	int ret;

	if (!a || rp_agree_classify(a, t, c, sel)) {
		free(a);
		fprintf(f, "agreement: out of memory\n");
		return 1;
	}
	a->f = f;
	a->tol = tol;

	/* the guest's residency by achieved state, and its misses */
	for (p = 0; p < t->nr_periods; p++) {
		const struct pidle_rp_period *pp = &t->period[p];
		const struct pidle_state_desc *tab = pidle_states_of_cpu(&c->st, pp->cpu);
		u64 idle_ns = pp->wake_ns - pp->enter_ns;

		if (pp->rec_state >= ns)
			continue;
		if (pp->flags & PIDLE_RP_F_ABORTED) {
			rp_agree_miss(tab, ns, c->disabled, pp->rec_state,
				      idle_ns, &g_above, &g_below);
			continue;
		}
		if (pp->rec_achieved < PIDLE_RP_MAX_STATES)
			g_res[pp->rec_achieved] += idle_ns;
		rp_agree_miss(tab, ns, c->disabled, pp->rec_state,
			      idle_ns + pp->rec_latency_ns + pp->overhead_ns,
			      &g_above, &g_below);
	}
	for (s = 0; s < ns; s++) {
		r_above += r->above[s];
		r_below += r->below[s];
	}
	for (k = 0; k < RP_DIV_NR; k++)
		n += a->all[k];

	/* The longest name: a slot's ("... residency ms") or a level's downs. */
	a->name_w = 22;
	for (s = 0; s < ns; s++) {
		int w = (int)strlen(rp_slot_name(&c->st, s, slot, sizeof(slot)));

		if (w + (int)strlen(" residency ms") > a->name_w)
			a->name_w = w + (int)strlen(" residency ms");
		for (l = 1; l <= r->nr_levels; l++)
			if (s >= r->level[l].first_state &&
			    s < r->level[l].first_state + r->level[l].nr_states &&
			    w + (int)strlen(r->level[l].name) + 7 > a->name_w)
				a->name_w = w + (int)strlen(r->level[l].name) + 7;
	}
	fprintf(f, "agreement with the recorded run (tolerance %.2f %%; the guest's figures from the trace's own events):\n", tol);
	fprintf(f, "  %-*s %12s %12s %8s  %s\n", a->name_w, "figure", "guest",
		"replay", "diff %", "verdict");
	rp_agree_row(a, "idles", t->nr_periods, r->periods, 0, a->all);
	rp_agree_row(a, "above", g_above, r_above, 0, a->all);
	rp_agree_row(a, "below", g_below, r_below, 0, a->all);
	rp_agree_row(a, "miss ratio %",
		     t->nr_periods ? 100.0 * (g_above + g_below) / t->nr_periods : 0,
		     r->periods ? 100.0 * (r_above + r_below) / r->periods : 0,
		     2, a->all);
	for (s = 0; s < ns; s++) {
		const char *sn = rp_slot_name(&c->st, s, slot, sizeof(slot));

		snprintf(name, sizeof(name), "%s usage", sn);
		rp_agree_row(a, name, t->rec.requested[s] - t->rec.requested_aborted[s],
			     r->requested[s] - r->requested_aborted[s], 0,
			     a->usage[s]);
		if (t->rec.requested_aborted[s] || r->requested_aborted[s]) {
			snprintf(name, sizeof(name), "%s left at once", sn);
			rp_agree_row(a, name, t->rec.requested_aborted[s],
				     r->requested_aborted[s], 0, a->aborted[s]);
		}
		snprintf(name, sizeof(name), "%s achieved", sn);
		rp_agree_row(a, name, t->rec.achieved[s], r->achieved[s], 0, a->all);
		snprintf(name, sizeof(name), "%s residency ms", sn);
		rp_agree_row(a, name, g_res[s] / 1e6, r->residency_ns[s] / 1e6, 3,
			     a->all);
	}
	for (l = 1; l <= r->nr_levels; l++)
		for (k = 0; k < r->level[l].nr_states; k++) {
			u64 want = 0;

			s = r->level[l].first_state + k;
			for (i = 0; i < t->rec.nr_levels; i++)
				if (!strcmp(t->rec.level_name[i], r->level[l].name))
					want = t->rec.down[i][s];
			snprintf(name, sizeof(name), "%s %s downs",
				 r->level[l].name,
				 rp_slot_name(&c->st, s, slot, sizeof(slot)));
			rp_agree_row(a, name, want, r->level[l].downs[s], 0, a->all);
		}
	rp_agree_row(a, "exit latency paid ms", t->rec.latency_ns / 1e6,
		     r->latency_ns / 1e6, 3, a->all);
	if (r->has_energy)
		rp_agree_row(a, "energy J", rec->energy.total_nj / 1e9,
			     r->energy.total_nj / 1e9, 6, a->all);

	fprintf(f, "  decisions: %llu of %zu differ from the guest's", n, t->nr_periods);
	for (k = 0; k < RP_DIV_NR; k++)
		if (a->all[k])
			fprintf(f, "; %s %llu", rp_div_name[k], a->all[k]);
	fprintf(f, "\n");
	fprintf(f, "  largest difference: %.3f %%; of a placed figure: %.3f %% (%s)\n",
		a->worst, a->worst_placed,
		a->beyond ? "BEYOND the tolerance" : "within");
	ret = a->beyond ? 1 : 0;
	free(a);
	return ret;
}
