// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the energy model and its oracle. Counters are kept by
 * pidle_model.c on the idle path; everything else (the prices) is derived
 * here when a reader asks.
 */
#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/processor.h>
#include <linux/string.h>
#include "pidle_model_priv.h"

/**
 * DOC: Energy model
 *
 * Every *node* (a CPU, or a domain) draws a power that depends on what it
 * is doing. A CPU draws the power of its CPU-level state while idle
 * (``POWER_MW`` of the state table, the field cpuidle also shows as
 * ``power_usage``), the power of the deepest CPU-level state while offline,
 * and its *active power* (``power=cpu:MW``) the rest of the time, exit
 * latency spins included. A domain draws the power of its state while down
 * (a domain state's ``POWER_MW``: the domain's own power, its CPUs'
 * figures not included) and its *up power* (``power=LEVEL:MW``) the rest of
 * the time. With a table per CPU set, each figure is the node's set's:
 * a CPU's states and active power its set's (``power=CPUS=cpu:MW;...``),
 * a domain's states and up power those of its CPUs' set, which agree when
 * it spans several (pidle_config_check_power()); each table has its own
 * oracles. Each entry into a state and exit from it costs the state's
 * ``ENERGY_UJ`` once, counted when the period ends. So, per node and
 * from the last reset::
 *
 *   energy = sum over states s of (power(s) * residency(s)
 *                                   + energy(s) * periods(s))
 *          + up power * (elapsed - sum of residencies)
 *
 * **Which state a CPU is in.** A CPU idle in a state at CPU level is in
 * it; a CPU idle in a domain state (CC6, PC6) is, as a CPU, in its
 * *fallback*: the deepest CPU-level state not deeper than its request,
 * whatever its domains did. The domain's saving shows in the domain's own
 * energy. The CPU's total is the same whether or not the domain went down:
 * a demotion costs energy in the domain that stayed up.
 *
 * **Counters.** A CPU counts each finished idle period in its fallback
 * state (``idle_ns``, ``idle_periods``) at exit: one subtraction and four
 * additions on its own cache line, and a sequence count (``seq``) around
 * the writes so that a reader on another CPU sees a period either going on
 * (``activity``, ``since_ns``) or finished, never both or neither. A
 * domain's voted periods, down or kept up by the policy, are the
 * hierarchy model's buckets by state and class of length ("Counters" in
 * pidle_model.c): its residency, usage, time kept up and the oracle's
 * choices are all sums of them, taken when read. Powers are applied only when read, in nanojoules
 * with the remainder kept in picojoules, so that a sum is the exact floor
 * of the exact sum: 64 bits hold 584 years of a 1 W node.
 *
 * **The oracle** prices each finished period at what a governor that
 * knew its length *t* in advance would have paid: the minimum, over the
 * states it could have picked, of ``power(s) * t + energy(s)``. For a CPU
 * the choice is among the CPU-level states; the period is the CPU's whole
 * idle period, ``pidle_enter()`` to ``pidle_exit()``. For a domain the
 * period is a *voted period*, from the last man's vote to the first man's
 * withdrawal, the only time in which any domain state was possible; the
 * choice is among the level's states and staying up (up power, no
 * transition energy). The actual price of the same period is the state it
 * was in, or up power for a period the policy kept up, so the oracle is
 * never above the actual price, period by period and in sum; their ratio
 * is the governor's (or, for domains, the domain policy's and the CPU
 * governors' together) *energy efficiency*.
 *
 * The cheapest state as a function of *t* is the lower envelope of lines,
 * a staircase computed once when the model is created
 * (pidle_energy_tables()): at exit a CPU walks at most ten thresholds and
 * multiplies nothing. A domain's thresholds are among its period classes'
 * (pidle_period_classes_build()), so its first man picks nothing: a
 * reader sums each class into the state the oracle picks for it.
 *
 * Limits of the oracle: it prices the idle time only (the exit latency,
 * after the wake-up, is active time for both); a domain's oracle sees only
 * the periods in which every CPU voted, so a domain state missed because
 * one CPU picked a shallow state is the CPU governor's loss, charged to
 * no one (compare the domain's energy between governors for that); it
 * may pick a state disabled through cpuidle's sysfs; a table without entry
 * energies makes the deepest state the cheapest for any length, since
 * nothing in it says otherwise.
 *
 * **Readers see one history.** A reader computes a node's energy at a
 * time @now_ns it read just before, from what the CPUs recorded; a CPU
 * records an entry or a wake-up at a time it read *before* reaching the
 * model. In between, a reader could count a time that the CPU already
 * read as idle as busy, or the reverse, and a later read would undercut
 * it: a counter running backwards, which powercap readers take for a
 * wrap. So each CPU has a *window*, its sequence count odd, from before
 * it reads that clock (pidle_clock_begin(), with a full barrier; or from
 * the start of pidle_enter() or pidle_exit() when the driver does not
 * call it) until everything the call changes is recorded, down periods
 * begun and ended included. A CPU reader retries while its CPU's window
 * is open or changed; a domain reader first waits out the windows open
 * at that moment of the domain's CPUs (pidle_domain_settle(): a bounded
 * wait each, never a retry, never a period dropped). With a full barrier
 * between the reader's clock read and its look at the counts, and one
 * between a CPU's opening and its clock read, any window the reader did
 * not see open reads a time no earlier than @now_ns: every time the
 * reader's view lacks is later than @now_ns. And a time in the view
 * later than @now_ns (a window that opened after the reader's clock read
 * but closed before its look) makes the reader read as of that time
 * instead, which no later reader's clock can precede. Each read is then
 * the exact energy of the one history at a time no earlier than the
 * previous read's: never smaller (tests/unit/test_energy.c stretches
 * the window and checks).
 *
 * **Resets and reconfiguration.** A reset starts the energy's time
 * (``epoch_ns``) at the reset, or at the start of the idle (voted) period
 * going on, which is then counted whole after the reset: the total never
 * holds a period in part and the oracle stays comparable. A new
 * configuration is a new model: its energy starts at zero when the driver
 * puts it in force (pidle_reconfig.c); nothing is carried over, since the
 * powers, states and domains it would be added to may all have changed.
 */

/* mW * ns = pJ, mW * us = nJ. */
#define PIDLE_PJ_PER_NJ		1000U
#define PIDLE_NJ_PER_UJ		1000U
#define PIDLE_PJ_PER_UJ		1000000ULL

/* An energy sum: whole nanojoules, and the picojoules below them. */
struct pidle_nj {
	u64 nj;
	u64 rem_pj;
};

static void pidle_nj_add_power(struct pidle_nj *e, u32 power_mw, u64 time_ns)
{
	u32 rem_ns, rem_pj;

	if (!power_mw || !time_ns)
		return;
	e->nj += mul_u64_u32_div(time_ns, power_mw, PIDLE_PJ_PER_NJ);
	div_u64_rem(time_ns, PIDLE_PJ_PER_NJ, &rem_ns);
	div_u64_rem((u64)rem_ns * power_mw, PIDLE_PJ_PER_NJ, &rem_pj);
	e->rem_pj += rem_pj;
}

static void pidle_nj_add_energy(struct pidle_nj *e, u32 energy_uj, u64 count)
{
	e->nj += (u64)energy_uj * PIDLE_NJ_PER_UJ * count;
}

static u64 pidle_nj(const struct pidle_nj *e)
{
	return e->nj + div_u64(e->rem_pj, PIDLE_PJ_PER_NJ);
}

/* One line of the envelope: cost(t) = power_mw * t + energy_pj. */
struct pidle_oracle_cand {
	u64 power_mw;
	u64 energy_pj;
	int state;
};

/*
 * The lower envelope: start at t = 0 with the cheapest entry energy (the
 * lowest power among equals); then, from the current line, the next is the
 * line of lower power that crosses it first (the lowest power among those
 * crossing together), from the first whole nanosecond at which it is no
 * dearer. With powers up to 1e6 mW and energies up to 1e12 pJ (limits.h)
 * a crossing is at most 1e12 ns and no product here passes 1e18.
 */
static void pidle_oracle_build(struct pidle_oracle *o,
			       const struct pidle_oracle_cand *c, unsigned int n)
{
	unsigned int i, cur = 0, next;
	u64 at, best_at = 0;

	for (i = 1; i < n; i++)
		if (c[i].energy_pj < c[cur].energy_pj ||
		    (c[i].energy_pj == c[cur].energy_pj &&
		     c[i].power_mw < c[cur].power_mw))
			cur = i;
	o->nr = 1;
	o->from_ns[0] = 0;
	o->state[0] = c[cur].state;
	for (;;) {
		next = n;
		for (i = 0; i < n; i++) {
			u64 dp;

			if (c[i].power_mw >= c[cur].power_mw)
				continue;
			dp = c[cur].power_mw - c[i].power_mw;
			at = c[i].energy_pj <= c[cur].energy_pj ? 0 :
			     div64_u64(c[i].energy_pj - c[cur].energy_pj + dp - 1, dp);
			if (next == n || at < best_at ||
			    (at == best_at && c[i].power_mw < c[next].power_mw)) {
				next = i;
				best_at = at;
			}
		}
		if (next == n)
			break;
		if (best_at <= o->from_ns[o->nr - 1]) {
			o->state[o->nr - 1] = c[next].state;
		} else {
			o->from_ns[o->nr] = best_at;
			o->state[o->nr++] = c[next].state;
		}
		cur = next;
	}
}

/*
 * A domain's period classes (struct pidle_period_class) of table @t,
 * after its figures (t->hot) and oracles: for each level and row, the thresholds
 * sorted and unique, and each class's answers, taken at its shortest
 * length (every answer changes only at a threshold).
 */
void pidle_period_classes_build(struct pidle_model *m, struct pidle_table *tab)
{
	unsigned int l, r, i, j, n;

	for (l = 1; l <= m->nr_levels; l++) {
		const struct pidle_oracle *o = &tab->oracle[l];

		for (r = 0; r <= PIDLE_MAX_DOMAIN_STATES; r++) {
			struct pidle_period_class *pc = &tab->pclass[l][r];
			const struct pidle_state_hot *h = NULL;
			u64 t[PIDLE_PERIOD_THRESHOLDS], from;

			if (r < m->level[l].nr_dstates)
				h = &tab->hot[m->level[l].dstate[r]];
			else if (r != PIDLE_KEPT_UP_ROW)
				continue;
			n = 0;
			if (h) {
				t[n++] = h->target_residency_ns;
				t[n++] = h->above_ns;
				if (h->has_below)
					t[n++] = h->below_ns;
			}
			for (i = 1; i < o->nr; i++)
				t[n++] = o->from_ns[i];
			/* Insertion sort, duplicates dropped: a handful. */
			pc->nr = 0;
			for (i = 0; i < n; i++) {
				for (j = pc->nr; j > 0 && pc->from_ns[j - 1] > t[i]; j--)
					;
				if (j > 0 && pc->from_ns[j - 1] == t[i])
					continue;
				memmove(&pc->from_ns[j + 1], &pc->from_ns[j],
					(pc->nr - j) * sizeof(u64));
				pc->from_ns[j] = t[i];
				pc->nr++;
			}
			for (i = 0; i <= pc->nr; i++) {
				int pick;

				from = i ? pc->from_ns[i - 1] : 0;
				pick = pidle_oracle_pick(o, from);
				pc->oracle[i] = pick == PIDLE_STATE_NONE ?
						PIDLE_STATE_NONE :
						(s8)m->dstate_index[pick];
				pc->flags[i] = 0;
				if (!h)
					continue;
				if (from < h->target_residency_ns)
					pc->flags[i] |= PIDLE_CLASS_TOO_DEEP;
				/* genpd_reflect_residency() (mainline). */
				if (from < h->above_ns)
					pc->flags[i] |= PIDLE_CLASS_ABOVE;
				else if (h->has_below && from >= h->below_ns)
					pc->flags[i] |= PIDLE_CLASS_BELOW;
			}
		}
	}
}

/*
 * Table @tab's up powers: power= of its CPUs' set (pidle_power_of_cpu(),
 * by the set's first CPU), or the one list.
 */
static void pidle_table_up_mw(struct pidle_model *m, struct pidle_table *tab,
			      const struct pidle_states *st,
			      const struct pidle_topology *topo,
			      unsigned int set)
{
	const struct pidle_level_power *up;
	unsigned int i, n;
	int l;

	n = pidle_power_of_cpu(st, m->nr_sets ? st->set[set].range[0].first : 0,
			       &up);
	for (i = 0; i < n; i++) {
		l = pidle_topology_level_index(topo, up[i].level_name);
		if (l < 0)
			continue;
		tab->up_mw[l] = up[i].power_mw;
		if (up[i].power_mw)
			m->has_energy = true;
	}
}

/* Table @tab's oracles, a level at a time; @c: room for the candidates. */
static void pidle_energy_table(struct pidle_model *m, struct pidle_table *tab,
			       struct pidle_oracle_cand *c)
{
	unsigned int l, s, n;

	for (s = 0; s < m->nr_states; s++)
		if (tab->state[s].power_mw || tab->state[s].energy_uj)
			m->has_energy = true;
	for (l = 0; l <= m->nr_levels; l++) {
		n = 0;
		if (l) {
			/* A domain can also stay up: up power, no transition. */
			c[n].power_mw = tab->up_mw[l];
			c[n].energy_pj = 0;
			c[n++].state = PIDLE_STATE_NONE;
		}
		for (s = 0; s < m->nr_states; s++) {
			/* A state the table lacks is no choice of its. */
			if (m->state_level[s] != l ||
			    !(tab->present & (1u << s)))
				continue;
			c[n].power_mw = tab->state[s].power_mw;
			c[n].energy_pj = tab->state[s].energy_uj * PIDLE_PJ_PER_UJ;
			c[n++].state = s;
		}
		if (n)
			pidle_oracle_build(&tab->oracle[l], c, n);
	}
}

void pidle_energy_tables(struct pidle_model *m, const struct pidle_states *st,
			 const struct pidle_topology *topo)
{
	struct pidle_oracle_cand c[PIDLE_MAX_STATES + 1];
	unsigned int s, t;

	for (s = 0; s < m->nr_states; s++)
		if (!m->state_level[s])
			m->deepest_cpu_state = s;
	/* Each table its own oracles: a big CPU's powers are not a little's. */
	for (t = 0; t < m->nr_tabs; t++) {
		pidle_table_up_mw(m, &m->tab[t], st, topo, t);
		pidle_energy_table(m, &m->tab[t], c);
	}
}

/* The idle path's part (begin, end, the oracle's pick): pidle_model_priv.h. */

bool pidle_model_has_energy(const struct pidle_model *m)
{
	return m->has_energy;
}

#define PIDLE_DELTA_OF(cur, base, field) \
	pidle_stat_since(&(cur)->field, &(base)->field)

/* What a CPU's energy is computed from: one consistent view. */
struct pidle_cpu_view {
	u64 idle_ns[PIDLE_MAX_STATES], idle_periods[PIDLE_MAX_STATES];
	u64 oracle_ns[PIDLE_MAX_STATES], oracle_periods[PIDLE_MAX_STATES];
	u64 offline_ns, since_ns, epoch_ns;
	enum pidle_activity activity;
	unsigned int requested;
};

static void pidle_cpu_view(const struct pidle_model *m,
			   const struct pidle_cpu *c, struct pidle_cpu_view *v)
{
	unsigned int seq, s;

	/* The caller's clock read, then the count: "Readers see one history". */
	smp_mb();
	for (;;) {
		seq = READ_ONCE(c->seq);
		smp_rmb();	/* the count, then the fields; pairs with seq_begin */
		if (seq & 1) {
			cpu_relax();
			continue;
		}
		for (s = 0; s < m->nr_states; s++) {
			v->idle_ns[s] = PIDLE_DELTA_OF(&c->stat[s], &c->base[s], idle_ns);
			v->idle_periods[s] = PIDLE_DELTA_OF(&c->stat[s], &c->base[s], idle_periods);
			v->oracle_ns[s] = PIDLE_DELTA_OF(&c->stat[s], &c->base[s], oracle_ns);
			v->oracle_periods[s] = PIDLE_DELTA_OF(&c->stat[s], &c->base[s], oracle_periods);
		}
		v->offline_ns = pidle_stat_since(&c->offline_ns, &c->offline_base_ns);
		v->activity = READ_ONCE(c->activity);
		v->since_ns = READ_ONCE(c->since_ns);
		v->requested = READ_ONCE(c->requested);
		v->epoch_ns = READ_ONCE(c->epoch_ns);
		smp_rmb();	/* the fields, then the count again */
		if (READ_ONCE(c->seq) == seq)
			return;
	}
}

void pidle_cpu_energy_read(const struct pidle_model *m, unsigned int cpu,
			   u64 now_ns, struct pidle_energy *out)
{
	struct pidle_cpu_view v;
	struct pidle_nj total = { 0 }, idle = { 0 }, oracle = { 0 };
	u64 cur_ns, idle_ns = 0, elapsed_ns, busy_ns, offline_ns;
	unsigned int s, in = m->nr_states;

	memset(&v, 0, sizeof(v));
	pidle_cpu_view(m, m->cpu[cpu], &v);
	/* A time recorded after @now_ns was read: read as of that time. */
	if (v.since_ns > now_ns)
		now_ns = v.since_ns;
	cur_ns = v.activity != PIDLE_BUSY && now_ns > v.since_ns ?
		 now_ns - v.since_ns : 0;
	if (v.activity == PIDLE_IDLE)
		in = m->cpu_fallback[v.requested];
	memset(out, 0, sizeof(*out));
	for (s = 0; s < m->nr_states; s++) {
		const struct pidle_state_desc *sd = &m->cpu[cpu]->state[s];
		u64 t = v.idle_ns[s] + (s == in ? cur_ns : 0);

		if (m->state_level[s])
			continue;
		idle_ns += t;
		pidle_nj_add_power(&total, sd->power_mw, t);
		pidle_nj_add_energy(&total, sd->energy_uj, v.idle_periods[s]);
		pidle_nj_add_power(&idle, sd->power_mw, v.idle_ns[s]);
		pidle_nj_add_energy(&idle, sd->energy_uj, v.idle_periods[s]);
		pidle_nj_add_power(&oracle, sd->power_mw, v.oracle_ns[s]);
		pidle_nj_add_energy(&oracle, sd->energy_uj, v.oracle_periods[s]);
		out->periods += v.idle_periods[s];
	}
	offline_ns = v.offline_ns + (v.activity == PIDLE_OFFLINE ? cur_ns : 0);
	pidle_nj_add_power(&total,
			   m->cpu[cpu]->state[m->deepest_cpu_state].power_mw,
			   offline_ns);
	elapsed_ns = now_ns > v.epoch_ns ? now_ns - v.epoch_ns : 0;
	busy_ns = elapsed_ns > idle_ns + offline_ns ?
		  elapsed_ns - idle_ns - offline_ns : 0;
	pidle_nj_add_power(&total, m->cpu[cpu]->tab->up_mw[0], busy_ns);

	out->total_nj = pidle_nj(&total);
	out->idle_nj = pidle_nj(&idle);
	out->oracle_nj = pidle_nj(&oracle);
	out->elapsed_ns = elapsed_ns;
	out->down_ns = idle_ns + offline_ns;
}

void pidle_domain_energy_read(const struct pidle_model *m, unsigned int level,
			      unsigned int dom, u64 now_ns,
			      struct pidle_energy *out)
{
	const struct pidle_level *lvl = &m->level[level];
	const struct pidle_domain *d = lvl->dom[dom];
	struct pidle_nj total = { 0 }, idle = { 0 }, oracle = { 0 };
	u64 down_ns = 0, elapsed_ns, up_ns, epoch_ns, t, done_ns, usage;
	/* The oracle's picks, by level state; [PIDLE_KEPT_UP_ROW]: stay up. */
	u64 oracle_ns[PIDLE_MAX_DOMAIN_STATES + 1] = { 0 };
	u64 oracle_periods[PIDLE_MAX_DOMAIN_STATES + 1] = { 0 };
	u64 kept_up_ns = 0, kept_up_periods = 0, n, ns;
	unsigned int k, s, i, r;

	memset(out, 0, sizeof(*out));
	now_ns = pidle_domain_settle(m, d, now_ns);
	epoch_ns = READ_ONCE(d->epoch_ns);
	/* Every finished voted period, each row by its classes. */
	for (r = 0; r <= PIDLE_MAX_DOMAIN_STATES; r++) {
		const struct pidle_period_class *pc = &d->tab->pclass[level][r];

		if (r >= lvl->nr_dstates && r != PIDLE_KEPT_UP_ROW)
			continue;
		for (i = 0; i <= pc->nr; i++) {
			int pick = pc->oracle[i];

			n = PIDLE_DELTA_OF(&d->period[r][i], &d->period_base[r][i],
					   paid) +
			    PIDLE_DELTA_OF(&d->period[r][i], &d->period_base[r][i],
					   unpaid);
			ns = PIDLE_DELTA_OF(&d->period[r][i], &d->period_base[r][i],
					    ns);
			if (pick == PIDLE_STATE_NONE)
				pick = PIDLE_KEPT_UP_ROW;
			oracle_ns[pick] += ns;
			oracle_periods[pick] += n;
			if (r == PIDLE_KEPT_UP_ROW) {
				kept_up_ns += ns;
				kept_up_periods += n;
			}
		}
	}
	for (k = 0; k < lvl->nr_dstates; k++) {
		struct pidle_domain_stats st = { 0 };
		const struct pidle_state_desc *sd;

		s = lvl->dstate[k];
		sd = &d->tab->state[s];
		pidle_domain_periods_read(m, d, k, &st);
		usage = st.usage;
		done_ns = st.residency_ns;
		t = pidle_domain_residency_settled(m, d, s, now_ns);
		down_ns += t;
		pidle_nj_add_power(&total, sd->power_mw, t);
		pidle_nj_add_energy(&total, sd->energy_uj, usage);
		pidle_nj_add_power(&idle, sd->power_mw, done_ns);
		pidle_nj_add_energy(&idle, sd->energy_uj, usage);
		pidle_nj_add_power(&oracle, sd->power_mw, oracle_ns[k]);
		pidle_nj_add_energy(&oracle, sd->energy_uj, oracle_periods[k]);
		out->periods += usage;
	}
	pidle_nj_add_power(&idle, d->tab->up_mw[level], kept_up_ns);
	pidle_nj_add_power(&oracle, d->tab->up_mw[level],
			   oracle_ns[PIDLE_KEPT_UP_ROW]);
	out->periods += kept_up_periods;
	elapsed_ns = now_ns > epoch_ns ? now_ns - epoch_ns : 0;
	up_ns = elapsed_ns > down_ns ? elapsed_ns - down_ns : 0;
	pidle_nj_add_power(&total, d->tab->up_mw[level], up_ns);

	out->total_nj = pidle_nj(&total);
	out->idle_nj = pidle_nj(&idle);
	out->oracle_nj = pidle_nj(&oracle);
	out->elapsed_ns = elapsed_ns;
	out->down_ns = down_ns;
}

static void pidle_energy_add(struct pidle_energy *sum,
			     const struct pidle_energy *e)
{
	sum->total_nj += e->total_nj;
	sum->idle_nj += e->idle_nj;
	sum->oracle_nj += e->oracle_nj;
	sum->periods += e->periods;
	sum->down_ns += e->down_ns;
	if (e->elapsed_ns > sum->elapsed_ns)
		sum->elapsed_ns = e->elapsed_ns;
}

void pidle_subtree_energy_read(const struct pidle_model *m, unsigned int level,
			       unsigned int dom, u64 now_ns,
			       struct pidle_energy *out)
{
	struct pidle_energy e;
	unsigned int cpu, l, d;

	memset(out, 0, sizeof(*out));
	for (cpu = 0; cpu < m->nr_cpus; cpu++) {
		if (level && m->level[level].domain_of_cpu[cpu] != dom)
			continue;
		pidle_cpu_energy_read(m, cpu, now_ns, &e);
		pidle_energy_add(out, &e);
	}
	for (l = 1; l <= (level ? level : m->nr_levels); l++) {
		for (d = 0; d < m->level[l].nr_domains; d++) {
			const struct pidle_domain *dd = m->level[l].dom[d];

			/* Inside @dom: its first CPU is. */
			if (level && m->level[level].domain_of_cpu[dd->cpus[0]] != dom)
				continue;
			pidle_domain_energy_read(m, l, d, now_ns, &e);
			pidle_energy_add(out, &e);
		}
	}
}

/* Called by the resets in pidle_stats.c, with the counters' bases. */
void pidle_energy_cpu_reset(struct pidle_model *m, unsigned int cpu,
			    u64 now_ns)
{
	struct pidle_cpu *c = m->cpu[cpu];
	struct pidle_cpu_view v;
	u64 epoch_ns = now_ns;

	pidle_stat_base(&c->offline_ns, &c->offline_base_ns);
	pidle_cpu_view(m, c, &v);
	/* A period going on is counted whole, after the reset. */
	if (v.activity != PIDLE_BUSY && v.since_ns < now_ns)
		epoch_ns = v.since_ns;
	WRITE_ONCE(c->epoch_ns, epoch_ns);
}

void pidle_energy_domain_reset(struct pidle_model *m, unsigned int level,
			       unsigned int dom, u64 now_ns)
{
	struct pidle_domain *d = m->level[level].dom[dom];
	u64 epoch_ns = now_ns, since_ns;
	s64 word;

	/* The periods' bases, kept up included: pidle_domain_stats_reset(). */
	/* Pairs with the last man's release of DECIDED, as residency reads. */
	word = atomic64_read_acquire(&d->root.word);
	if (PIDLE_VOTE_COUNT(word, 0) == d->root.nr &&
	    (word & PIDLE_DECIDED) && !(word & PIDLE_WAKING)) {
		since_ns = READ_ONCE(d->down_since_ns);
		if (since_ns < now_ns)
			epoch_ns = since_ns;
	}
	WRITE_ONCE(d->epoch_ns, epoch_ns);
}
