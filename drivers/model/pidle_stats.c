// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: reading the model's shape and counters, and resetting
 * them. Counters have one writer at a time (see the DOC block in
 * pidle_model.c); a reset never writes them, it records a baseline that
 * reads subtract, so it cannot lose an update racing with it.
 */
#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/processor.h>
#include <linux/string.h>
#include "pidle_model_priv.h"

unsigned int pidle_model_nr_cpus(const struct pidle_model *m)
{
	return m->nr_cpus;
}

unsigned int pidle_model_nr_states(const struct pidle_model *m)
{
	return m->nr_states;
}

const struct pidle_state_desc *pidle_model_cpu_state(const struct pidle_model *m,
						     unsigned int cpu,
						     unsigned int state)
{
	return &m->cpu[cpu]->state[state];
}

unsigned int pidle_model_nr_sets(const struct pidle_model *m)
{
	return m->nr_sets;
}

int pidle_model_set_of(const struct pidle_model *m, unsigned int cpu)
{
	return m->nr_sets ? m->set_of_cpu[cpu] : -1;
}

const struct pidle_state_desc *pidle_model_state(const struct pidle_model *m,
						 unsigned int state)
{
	return m->nr_sets ? &m->state[state] : &m->tab[0].state[state];
}

bool pidle_model_cpu_has_state(const struct pidle_model *m, unsigned int cpu,
			       unsigned int state)
{
	return state < m->nr_states && (m->cpu[cpu]->tab->present & (1u << state));
}

bool pidle_model_domain_has_state(const struct pidle_model *m,
				  unsigned int level, unsigned int dom,
				  unsigned int state)
{
	/* Level 0, the slots themselves: every slot is some table's. */
	if (!level)
		return state < m->nr_states;
	return state < m->nr_states &&
	       (m->level[level].dom[dom]->tab->present & (1u << state));
}

unsigned int pidle_model_cpu_nr_own(const struct pidle_model *m,
				    unsigned int cpu)
{
	return m->cpu[cpu]->tab->nr_own;
}

unsigned int pidle_model_cpu_slot(const struct pidle_model *m,
				  unsigned int cpu, unsigned int index)
{
	return m->cpu[cpu]->tab->slot[index];
}

int pidle_model_cpu_index(const struct pidle_model *m, unsigned int cpu,
			  unsigned int state)
{
	const struct pidle_table *t = m->cpu[cpu]->tab;
	unsigned int i;

	for (i = 0; i < t->nr_own; i++)
		if (t->slot[i] == state)
			return i;
	return -1;
}

const struct pidle_state_desc *pidle_model_domain_state(const struct pidle_model *m,
							unsigned int level,
							unsigned int dom,
							unsigned int state)
{
	if (!level)
		return &m->state[state];
	return &m->level[level].dom[dom]->tab->state[state];
}

unsigned int pidle_model_state_level(const struct pidle_model *m,
				     unsigned int state)
{
	return m->state_level[state];
}

unsigned int pidle_model_nr_levels(const struct pidle_model *m)
{
	return m->nr_levels;
}

const char *pidle_model_level_name(const struct pidle_model *m,
				   unsigned int level)
{
	return m->level_name[level];
}

unsigned int pidle_model_nr_domains(const struct pidle_model *m,
				    unsigned int level)
{
	return level ? m->level[level].nr_domains : m->nr_cpus;
}

unsigned int pidle_model_domain_of(const struct pidle_model *m,
				   unsigned int level, unsigned int cpu)
{
	return level ? m->level[level].domain_of_cpu[cpu] : cpu;
}

unsigned int pidle_model_domain_nr_cpus(const struct pidle_model *m,
					unsigned int level, unsigned int dom)
{
	return level ? m->level[level].dom[dom]->nr_cpus : 1;
}

bool pidle_model_domain_down(const struct pidle_model *m, unsigned int level,
			     unsigned int dom, unsigned int *state)
{
	const struct pidle_domain *d;
	s64 word;
	int down;

	/* Level 0 has no domain array: nothing to index before this. */
	if (!level || !m->level[level].nr_dstates)
		return false;
	d = m->level[level].dom[dom];
	word = atomic64_read_acquire(&d->root.word);
	if (PIDLE_VOTE_COUNT(word, 0) != d->root.nr || !(word & PIDLE_DECIDED))
		return false;
	down = READ_ONCE(d->down_state);
	if (down == PIDLE_STATE_NONE)
		return false;
	*state = down;
	return true;
}

#define PIDLE_DELTA(out, cur, base, field) \
	((out)->field = pidle_stat_since(&(cur)->field, &(base)->field))

void pidle_cpu_stats_read(const struct pidle_model *m, unsigned int cpu,
			  unsigned int state, struct pidle_cpu_stats *out)
{
	const struct pidle_cpu_counters *cur = &m->cpu[cpu]->stat[state];
	const struct pidle_cpu_counters *base = &m->cpu[cpu]->base[state];

	PIDLE_DELTA(out, cur, base, requested);
	PIDLE_DELTA(out, cur, base, achieved);
	PIDLE_DELTA(out, cur, base, demoted);
	PIDLE_DELTA(out, cur, base, latency_paid_ns);
	PIDLE_DELTA(out, cur, base, overshoot_ns);
	PIDLE_DELTA(out, cur, base, aborted);
	/* A maximum has no baseline: a reset zeroes it (see below). */
	out->overshoot_max_ns = READ_ONCE(cur->overshoot_max_ns);
}

/*
 * A domain's finished periods of one state (level-local @k), since the
 * reset: their count, summed length, and the counts of the classes of
 * length that are too deep, above and below (struct pidle_period_class).
 * Returns how many of them paid their power-up's latency.
 */
u64 pidle_domain_periods_read(const struct pidle_model *m,
			      const struct pidle_domain *d, unsigned int k,
			      struct pidle_domain_stats *out)
{
	const struct pidle_period_class *pc = &d->tab->pclass[d->level][k];
	const struct pidle_period_bucket *b, *base;
	unsigned int i;
	u64 n, paid, all_paid = 0;

	for (i = 0; i <= pc->nr; i++) {
		b = &d->period[k][i];
		base = &d->period_base[k][i];
		/* Each period in one of the two: paid <= n, whatever races. */
		paid = pidle_stat_since(&b->paid, &base->paid);
		n = paid + pidle_stat_since(&b->unpaid, &base->unpaid);
		all_paid += paid;
		out->usage += n;
		out->residency_ns += pidle_stat_since(&b->ns, &base->ns);
		if (pc->flags[i] & PIDLE_CLASS_TOO_DEEP)
			out->too_deep += n;
		if (pc->flags[i] & PIDLE_CLASS_ABOVE)
			out->above += n;
		if (pc->flags[i] & PIDLE_CLASS_BELOW)
			out->below += n;
	}
	return all_paid;
}

void pidle_domain_stats_read(const struct pidle_model *m, unsigned int level,
			     unsigned int dom, unsigned int state,
			     struct pidle_domain_stats *out)
{
	const struct pidle_domain *d;
	unsigned int k = m->dstate_index[state];
	u64 lat_ns, extra_ns, paid;

	memset(out, 0, sizeof(*out));
	if (!level || m->state_level[state] != level)
		return;
	d = m->level[level].dom[dom];
	paid = pidle_domain_periods_read(m, d, k, out);
	PIDLE_DELTA(out, &d->stat[k], &d->base[k], rejected);
	/*
	 * Each paid power-up paid the state's latency (OSI: its power-on,
	 * plus any power-off remainder, counted apart); those of a CPU
	 * coming online paid nothing, and are counted apart in the buckets
	 * (struct pidle_period_bucket), so nothing here is subtracted.
	 */
	lat_ns = m->mode == PIDLE_MODE_OSI ? d->tab->state[state].exit_latency_ns :
		 d->tab->hot[state].wake_latency_ns;
	extra_ns = pidle_stat_since(&d->stat[k].extra_latency_ns,
				    &d->base[k].extra_latency_ns);
	out->latency_paid_ns = paid * lat_ns + extra_ns;
}

/*
 * Wait out the windows of the domain's CPUs that are open now: after it,
 * any CPU of @d that goes on to start or end a down period reads its clock
 * after the caller read @now_ns (see "Readers see one history" in
 * pidle_energy.c). Each wait is for one window, a bounded stretch of that
 * CPU's idle path with interrupts off; nothing is retried. Returns the
 * time to read as of: @now_ns, or the latest time the domain recorded.
 */
u64 pidle_domain_settle(const struct pidle_model *m,
			const struct pidle_domain *d, u64 now_ns)
{
	u64 t;
	unsigned int i, seq;

	/* The caller's clock read, then the counts. */
	smp_mb();
	for (i = 0; i < d->nr_cpus; i++) {
		const struct pidle_cpu *c = m->cpu[d->cpus[i]];

		seq = READ_ONCE(c->seq);
		if (!(seq & 1))
			continue;
		while (READ_ONCE(c->seq) == seq)
			cpu_relax();
	}
	smp_rmb();	/* the counts, then the domain's state */
	/*
	 * A period begun or ended at a time read after @now_ns (its CPU's
	 * window opened after the caller's clock read): read as of then.
	 */
	t = READ_ONCE(d->down_since_ns);
	if (t > now_ns)
		now_ns = t;
	t = READ_ONCE(d->up_at_ns);
	if (t > now_ns)
		now_ns = t;
	return now_ns;
}

/* Row @k's summed length: the counters', or (@base) the reset's. */
static u64 pidle_domain_period_ns(const struct pidle_model *m,
				  const struct pidle_domain *d, unsigned int k,
				  bool base)
{
	const struct pidle_period_class *pc = &d->tab->pclass[d->level][k];
	u64 sum = 0;
	unsigned int i;

	for (i = 0; i <= pc->nr; i++)
		sum += base ? READ_ONCE(d->period_base[k][i].ns) :
		       READ_ONCE(d->period[k][i].ns);
	return sum;
}

/*
 * A first man adds the period to its class, then (smp_wmb()) numbers the
 * power-up (up_seq), before it clears WAKING, and no new period starts
 * before that. So a read that sees the same up_seq before and after, and
 * between them a word neither deciding nor WAKING, saw no period end: the
 * time of a period going on at the word read is not yet in the classes,
 * and one that ended is (see "Counters" in pidle_model.c). A retry
 * follows a period's end or start; it never gives up, so the period going
 * on is never dropped.
 */
u64 pidle_domain_residency_settled(const struct pidle_model *m,
				   const struct pidle_domain *d,
				   unsigned int state, u64 now_ns)
{
	unsigned int k = m->dstate_index[state], seq;
	u64 resid, cur_ns, since_ns, base_ns;
	s64 word;

	/* The reset's base before the counters: see pidle_stat_since(). */
	base_ns = pidle_domain_period_ns(m, d, k, true);
	smp_rmb();
	for (;;) {
		seq = READ_ONCE(d->up_seq);
		smp_rmb();	/* up_seq, then the classes; pairs with smp_wmb() */
		resid = pidle_domain_period_ns(m, d, k, false);
		smp_rmb();
		/* Pairs with the last man's release of DECIDED. */
		word = atomic64_read_acquire(&d->root.word);
		if (PIDLE_DECIDING(word, d->root.nr) || (word & PIDLE_WAKING)) {
			cpu_relax();
			continue;
		}
		cur_ns = 0;
		if (PIDLE_VOTE_COUNT(word, 0) == d->root.nr &&
		    READ_ONCE(d->down_state) == (int)state) {
			since_ns = READ_ONCE(d->down_since_ns);
			cur_ns = now_ns > since_ns ? now_ns - since_ns : 0;
		}
		smp_rmb();	/* the word and down_since, then up_seq again */
		if (READ_ONCE(d->up_seq) == seq)
			break;
	}
	return resid + cur_ns - base_ns;
}

u64 pidle_domain_residency_ns(const struct pidle_model *m, unsigned int level,
			      unsigned int dom, unsigned int state, u64 now_ns)
{
	const struct pidle_domain *d;

	if (!level || m->state_level[state] != level)
		return 0;
	d = m->level[level].dom[dom];
	now_ns = pidle_domain_settle(m, d, now_ns);
	return pidle_domain_residency_settled(m, d, state, now_ns);
}

#define PIDLE_BASE(cur, base, field) \
	pidle_stat_base(&(cur)->field, &(base)->field)

void pidle_cpu_stats_reset(struct pidle_model *m, unsigned int cpu,
			   u64 now_ns)
{
	struct pidle_cpu *c = m->cpu[cpu];
	unsigned int s;

	for (s = 0; s < m->nr_states; s++) {
		PIDLE_BASE(&c->stat[s], &c->base[s], requested);
		PIDLE_BASE(&c->stat[s], &c->base[s], achieved);
		PIDLE_BASE(&c->stat[s], &c->base[s], demoted);
		PIDLE_BASE(&c->stat[s], &c->base[s], latency_paid_ns);
		PIDLE_BASE(&c->stat[s], &c->base[s], overshoot_ns);
		PIDLE_BASE(&c->stat[s], &c->base[s], idle_ns);
		PIDLE_BASE(&c->stat[s], &c->base[s], idle_periods);
		PIDLE_BASE(&c->stat[s], &c->base[s], oracle_ns);
		PIDLE_BASE(&c->stat[s], &c->base[s], oracle_periods);
		PIDLE_BASE(&c->stat[s], &c->base[s], aborted);
		/*
		 * The one counter a reset writes: racing with the owner it can
		 * lose one sample's maximum, never corrupt a sum.
		 */
		WRITE_ONCE(c->stat[s].overshoot_max_ns, 0);
	}
	pidle_energy_cpu_reset(m, cpu, now_ns);
}

void pidle_domain_stats_reset(struct pidle_model *m, unsigned int level,
			      unsigned int dom, u64 now_ns)
{
	struct pidle_domain *d = m->level[level].dom[dom];
	unsigned int k, i;

	for (k = 0; k < m->level[level].nr_dstates; k++) {
		PIDLE_BASE(&d->stat[k], &d->base[k], rejected);
		PIDLE_BASE(&d->stat[k], &d->base[k], extra_latency_ns);
	}
	/* Every row, the kept-up one included (the energy's). */
	for (k = 0; k <= PIDLE_MAX_DOMAIN_STATES; k++)
		for (i = 0; i < PIDLE_PERIOD_CLASSES; i++) {
			PIDLE_BASE(&d->period[k][i], &d->period_base[k][i],
				   paid);
			PIDLE_BASE(&d->period[k][i], &d->period_base[k][i],
				   unpaid);
			PIDLE_BASE(&d->period[k][i], &d->period_base[k][i], ns);
		}
	pidle_energy_domain_reset(m, level, dom, now_ns);
}

void pidle_stats_reset(struct pidle_model *m, u64 now_ns)
{
	unsigned int cpu, l, d;

	for (cpu = 0; cpu < m->nr_cpus; cpu++)
		pidle_cpu_stats_reset(m, cpu, now_ns);
	for (l = 1; l <= m->nr_levels; l++)
		for (d = 0; d < m->level[l].nr_domains; d++)
			pidle_domain_stats_reset(m, l, d, now_ns);
}
