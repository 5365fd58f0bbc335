// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: building the hierarchy model from a configuration (its
 * levels, domains, vote groups, per-state tables and domain governors),
 * and taking it down. The idle path that runs on it is pidle_model.c,
 * whose DOC blocks give the design; nothing here runs while a CPU idles.
 */
#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/topology.h>
#include "pidle_model_priv.h"
#include "pidle_parse.h"

/**
 * DOC: A domain's own states
 *
 * A domain's states are the states its CPUs' set gives at the domain's
 * level (states= with a table per CPU set): two clusters of one level may
 * have different states, different latencies, residencies, powers and
 * energies, in PC and OSI mode alike. hi3660's little cluster (CPUs 0-3)
 * goes down in ``cluster-sleep-0``, 500 + 1600 us, its big cluster (CPUs
 * 4-7) in ``cluster-sleep-1``, 800 + 2900 us, as ``hi3660.dtsi`` gives
 * them and cpuidle-psci registers them, one driver per CPU.
 *
 * What is per level and what per table. Every set's table is laid out in
 * the same slots, at the same levels, in the same order, a set of fewer
 * states lacking some ("Tables of different lengths" in
 * pidle_config_sets.c). So a state's *index* (a slot) means the same
 * level on every CPU, and what depends only on the shape stays per level, shared by all
 * domains of the level: the vote each state adds to a domain word, the
 * CPU-level fallback of each state, the level-local index of a domain
 * state (&pidle_model.vote, .cpu_fallback, .dstate_index, and
 * &pidle_level.dstate). What depends on a state's *figures* is per table
 * (struct pidle_table, one per set): the idle path's latencies and
 * residencies (&pidle_table.hot), each level's oracle over the table's
 * powers, the classes a domain period's length falls in (too deep,
 * above, below, the oracle's pick), the states a domain governor sees,
 * and the power-ons of the levels below (OSI's sub_power_on).
 *
 * A CPU points at its set's table, a domain at the table of its first
 * CPU (&pidle_domain.tab): the first man of a cluster pays that cluster's
 * latency, its counters classify periods by that cluster's residency,
 * the energy read prices them at that cluster's power, and sysfs names
 * the state as that cluster has it (pidle_model_domain_state()). The
 * idle path reads one more pointer per domain it powers up, no more.
 *
 * A domain whose CPUs are in several sets (sdm845's one cluster over
 * little and big CPUs; a package above two clusters) goes down in one
 * state whichever CPU is its last man, so those sets must agree, field
 * by field, at the domain's level; pidle_config_check() refuses them
 * otherwise, naming the domain, the two sets and the state. Levels below
 * it may still differ: a package above hi3660's two clusters is fine
 * while the package state is one. Its OSI sub_power_on is the slowest of
 * its CPUs' tables, as genpd's governor takes the worst child power-on.
 *
 * A CPU's own powers (energy per CPU kind) come the same way: a big
 * CPU's idle state may draw ten times a little one's, and its energy and
 * oracle are priced from its own table.
 */

/* OSI: the next level above @l with states, or 0. */
static unsigned int pidle_osi_parent_level(const struct pidle_model *m,
					   unsigned int l)
{
	for (l++; l <= m->nr_levels; l++)
		if (m->level[l].nr_dstates)
			return l;
	return 0;
}

/*
 * OSI: the level-@l domains gather their members' inputs, for their own
 * governor or for a parent's (whose members they are).
 */
static bool pidle_osi_gathers(const struct pidle_model *m, unsigned int l)
{
	if (m->mode != PIDLE_MODE_OSI)
		return false;
	for (; l <= m->nr_levels; l++)
		if (m->level[l].dgov)
			return true;
	return false;
}

/* Build the per-level tables: votes, fallbacks, level-local indices. */
static void pidle_model_tables(struct pidle_model *m)
{
	unsigned int s, l, k, fallback = 0, first = 0;

	for (s = 0; s < m->nr_states; s++) {
		l = m->state_level[s];
		if (l == 0)
			fallback = s;
		m->cpu_fallback[s] = fallback;
		if (l) {
			struct pidle_level *lvl = &m->level[l];

			m->dstate_index[s] = lvl->nr_dstates;
			lvl->dstate[lvl->nr_dstates++] = s;
		}
	}
	for (k = 0; k < PIDLE_MAX_DOMAIN_STATES; k++)
		m->vote_upto[k] = (k ? m->vote_upto[k - 1] : 0) +
				  PIDLE_VOTE_ONE(k);
	if (m->mode == PIDLE_MODE_OSI) {
		/*
		 * A CPU votes in the lowest level with states only, and only
		 * idle in the deepest CPU-level state (PSCI hangs the domain
		 * off it), allowing every state of that level.
		 */
		first = pidle_osi_parent_level(m, 0);
		if (first)
			for (s = 0; s < m->nr_states; s++)
				if (s >= m->deepest_cpu_state)
					m->vote[first][s] =
						m->vote_upto[m->level[first].nr_dstates - 1];
		return;
	}
	for (l = 1; l <= m->nr_levels; l++)
		for (s = 0; s < m->nr_states; s++)
			for (k = 0; k < m->level[l].nr_dstates; k++)
				if (m->level[l].dstate[k] <= s)
					m->vote[l][s] += PIDLE_VOTE_ONE(k);
}

/*
 * The idle path's figures of each state of table @t (pidle_state_hot),
 * from its descriptors and the level tables pidle_model_tables() built.
 */
static void pidle_model_hot_tables(struct pidle_model *m, struct pidle_table *t)
{
	unsigned int s, k;

	for (s = 0; s < m->nr_states; s++) {
		const struct pidle_state_desc *sd = &t->state[s];
		struct pidle_state_hot *h = &t->hot[s];
		const struct pidle_level *lvl = &m->level[m->state_level[s]];

		h->wake_latency_ns = pidle_state_wake_latency_ns(sd);
		h->target_residency_ns = sd->target_residency_ns;
		h->above_ns = sd->entry_latency_ns + sd->target_residency_ns;
		if (!m->state_level[s])
			continue;
		k = m->dstate_index[s];
		h->dindex = k;
		if (k + 1 < lvl->nr_dstates) {
			const struct pidle_state_desc *nx = &t->state[lvl->dstate[k + 1]];

			h->has_below = true;
			h->below_ns = nx->entry_latency_ns + nx->target_residency_ns;
		}
	}
	pidle_period_classes_build(m, t);
}

/* Groups of at most @fanout needed to hold @n members. */
static unsigned int pidle_vgroup_count(unsigned int n, unsigned int fanout)
{
	return (n + fanout - 1) / fanout;
}

/*
 * Split @d into vote groups over its @n members (@cpus: CPUs, else the
 * roots of its child domains, OSI): the members in groups of at most
 * PIDLE_VGROUP_FANOUT, consecutive, those in groups of as many, and so on
 * up to a root of at most as many. A domain whose last man needs no
 * inputs, or that is small, is one group: its root. Sizes within a tier
 * differ by at most one.
 */
static int pidle_domain_groups(struct pidle_model *m, struct pidle_domain *d,
			       void **member, unsigned int n, bool cpus)
{
	unsigned int nr_groups = 0, nr_members = n, t, i, j;
	unsigned int first, below, tier_n, tier_first, cnt;
	unsigned int fanout = m->fanout;
	void **mem;

	if (d->aggregate) {
		/* Groups below the root, tier by tier, and all members. */
		for (t = n; t > fanout; t = pidle_vgroup_count(t, fanout)) {
			nr_groups += pidle_vgroup_count(t, fanout);
			nr_members += pidle_vgroup_count(t, fanout);
		}
	}
	d->members = kcalloc(nr_members, sizeof(void *), GFP_KERNEL);
	if (!d->members)
		return -ENOMEM;
	if (nr_groups) {
		d->groups = kcalloc(nr_groups, sizeof(*d->groups),
				    GFP_KERNEL);
		if (!d->groups)
			return -ENOMEM;
	}
	d->nr_groups = nr_groups;
	mem = d->members;
	d->root.root = true;

	/* Tier 0: the members, in leaves (or the root). */
	tier_n = n;
	tier_first = 0;
	below = 0;	/* groups made so far */
	for (;;) {
		bool root = tier_n <= fanout || !d->aggregate;
		unsigned int nr_out = root ? 1 : pidle_vgroup_count(tier_n, fanout);

		first = 0;
		for (i = 0; i < nr_out; i++) {
			struct pidle_vgroup *g = root ? &d->root :
						 &d->groups[below + i];

			cnt = tier_n / nr_out + (i < tier_n % nr_out);
			g->dom = d;
			g->leaf = !below && cpus;
			g->nr = cnt;
			g->next_timer_ns = U64_MAX;
			g->cpu_qos_ns = S64_MAX;
			g->child = (struct pidle_vgroup **)mem;
			for (j = 0; j < cnt; j++) {
				if (below) {
					g->child[j] = &d->groups[tier_first + first + j];
					g->child[j]->parent = g;
				} else if (cpus) {
					struct pidle_cpu *c = member[first + j];

					g->cpu[j] = c;
					c->leaf[d->level] = g;
				} else {
					/* OSI: a child domain's root. */
					g->child[j] = member[first + j];
					g->child[j]->dom->up_group = g;
				}
			}
			mem += cnt;
			first += cnt;
		}
		if (root)
			return 0;
		tier_first = below;
		below += nr_out;
		tier_n = nr_out;
	}
}

/*
 * Each domain and each CPU's state is its own allocation, on the NUMA node
 * of its (first) CPU: the CPUs that write it on every idle cycle then
 * write local memory. cpu_to_node() is NUMA_NO_NODE in userspace.
 */
static int pidle_model_domains(struct pidle_model *m,
			       const struct pidle_topology *topo)
{
	unsigned int l, cpu, d, i, n, pl = 0;
	void **member;
	int ret;

	member = kcalloc(m->nr_cpus, sizeof(void *), GFP_KERNEL);
	if (!member)
		return -ENOMEM;
	for (l = 1; l <= m->nr_levels; l++) {
		const struct pidle_topo_level *tl = &topo->level[l - 1];
		struct pidle_level *lvl = &m->level[l];
		bool osi_child = m->mode == PIDLE_MODE_OSI && pl &&
				 lvl->nr_dstates;

		ret = -ENOMEM;
		lvl->nr_domains = tl->nr_domains;
		lvl->dom = kcalloc(tl->nr_domains, sizeof(*lvl->dom),
				   GFP_KERNEL);
		lvl->domain_of_cpu = kcalloc(m->nr_cpus, sizeof(unsigned int),
					     GFP_KERNEL);
		if (!lvl->dom || !lvl->domain_of_cpu)
			goto out;
		memcpy(lvl->domain_of_cpu, tl->domain_of_cpu,
		       m->nr_cpus * sizeof(unsigned int));
		/* Domains are numbered by lowest CPU: allocated in CPU order. */
		for (cpu = 0; cpu < m->nr_cpus; cpu++) {
			struct pidle_domain **dom = &lvl->dom[tl->domain_of_cpu[cpu]];

			if (!*dom) {
				*dom = kzalloc_node(sizeof(**dom), GFP_KERNEL,
						    cpu_to_node(cpu));
				if (!*dom)
					goto out;
				(*dom)->level = l;
				(*dom)->down_state = PIDLE_STATE_NONE;
				(*dom)->up_state = PIDLE_STATE_NONE;
				(*dom)->up_deepest = PIDLE_STATE_NONE;
				(*dom)->aggregate =
					m->policy == PIDLE_POLICY_TIMER ||
					pidle_osi_gathers(m, l);
				(*dom)->qos_gen_seen = U64_MAX;
			}
			(*dom)->nr_cpus++;
		}
		for (d = 0; d < lvl->nr_domains; d++) {
			struct pidle_domain *dom = lvl->dom[d];

			dom->cpus = kcalloc(dom->nr_cpus, sizeof(unsigned int),
					    GFP_KERNEL);
			if (!dom->cpus)
				goto out;
			dom->nr_cpus = 0;	/* refilled below */
		}
		for (cpu = 0; cpu < m->nr_cpus; cpu++) {
			struct pidle_domain *dom = lvl->dom[tl->domain_of_cpu[cpu]];

			dom->cpus[dom->nr_cpus++] = cpu;
			m->cpu[cpu]->dom[l] = dom;
		}
		for (d = 0; d < lvl->nr_domains; d++) {
			struct pidle_domain *dom = lvl->dom[d];

			/* Its states: its first CPU's set's, as every CPU's. */
			dom->tab = m->cpu[dom->cpus[0]]->tab;
			n = 0;
			if (osi_child) {
				/* Members: the child domains inside it. */
				for (i = 0; i < m->level[pl].nr_domains; i++) {
					struct pidle_domain *ch = m->level[pl].dom[i];

					if (lvl->domain_of_cpu[ch->cpus[0]] == d)
						member[n++] = &ch->root;
				}
			} else {
				for (i = 0; i < dom->nr_cpus; i++)
					member[n++] = m->cpu[dom->cpus[i]];
			}
			ret = pidle_domain_groups(m, dom, member, n, !osi_child);
			if (ret)
				goto out;
		}
		if (lvl->nr_dstates)
			pl = l;
	}
	ret = 0;
out:
	kfree(member);
	return ret;
}

/* OSI: each domain as its governor sees it, attached. */
static int pidle_model_dgov(struct pidle_model *m,
			    const struct pidle_model_opts *o,
			    struct pidle_err *err)
{
	unsigned int l, d, k, t, i;
	u64 below_ns;
	int ret;

	for (t = 0; t < m->nr_tabs; t++) {
		struct pidle_table *tab = &m->tab[t];

		below_ns = 0;
		for (l = 1; l <= m->nr_levels; l++) {
			const struct pidle_level *lvl = &m->level[l];

			/* What the children's power-ons add, their deepest's. */
			if (lvl->nr_dstates) {
				tab->sub_power_on_ns[l] = below_ns;
				below_ns += tab->state[lvl->dstate[lvl->nr_dstates - 1]].exit_latency_ns;
			}
			for (k = 0; k < lvl->nr_dstates; k++) {
				const struct pidle_state_desc *sd = &tab->state[lvl->dstate[k]];
				struct pidle_dgov_state *gs = &tab->dg_state[l][k];

				gs->power_off_latency_ns = sd->entry_latency_ns;
				gs->power_on_latency_ns = sd->exit_latency_ns;
				gs->residency_ns = sd->target_residency_ns;
			}
		}
	}
	for (l = 1; l <= m->nr_levels; l++) {
		struct pidle_level *lvl = &m->level[l];

		for (d = 0; d < lvl->nr_domains; d++) {
			struct pidle_domain *dom = lvl->dom[d];

			dom->gd.level = l;
			dom->gd.id = d;
			dom->gd.nr_cpus = dom->nr_cpus;
			dom->gd.nr_states = lvl->nr_dstates;
			dom->gd.states = dom->tab->dg_state[l];
			/*
			 * A domain over CPUs of several sets (a package above
			 * a little and a big cluster) waits for the slowest
			 * child power-on below it, as genpd's governor takes
			 * the worst of its subdomains.
			 */
			dom->sub_power_on_ns = 0;
			for (i = 0; i < dom->nr_cpus; i++)
				dom->sub_power_on_ns = max(dom->sub_power_on_ns,
					m->cpu[dom->cpus[i]]->tab->sub_power_on_ns[l]);
		}
		if (!lvl->dgov || !lvl->nr_dstates)
			continue;
		for (d = 0; d < lvl->nr_domains; d++) {
			struct pidle_domain *dom = lvl->dom[d];

			if (lvl->dgov->attach) {
				ret = lvl->dgov->attach(&dom->gd);
				if (ret) {
					pidle_err(err, "domain_gov",
						  "%s: cannot attach to %s%u (%d)",
						  lvl->dgov->name, m->level_name[l],
						  d, ret);
					return ret;
				}
			}
			dom->gd_attached = true;
		}
	}
	return 0;
}

int pidle_model_create(const struct pidle_states *st,
		       const struct pidle_topology *topo,
		       enum pidle_policy policy,
		       struct pidle_model **out, struct pidle_err *err)
{
	struct pidle_model_opts o = { .policy = policy };

	return pidle_model_create_opts(st, topo, &o, out, err);
}

int pidle_model_create_opts(const struct pidle_states *st,
			    const struct pidle_topology *topo,
			    const struct pidle_model_opts *o,
			    struct pidle_model **out, struct pidle_err *err)
{
	enum pidle_policy policy = o->policy;
	struct pidle_model *m;
	unsigned int s, l;
	int ret;

	ret = pidle_config_check(st, topo, err);
	if (!ret)
		ret = pidle_mode_check_sets(o->mode, st, err);
	if (ret)
		return ret;
	if (!st->nr_states)
		return pidle_err(err, "states", "empty table");
	if (o->mode != PIDLE_MODE_PC && o->mode != PIDLE_MODE_OSI)
		return pidle_err(err, "mode", "unknown mode %d", (int)o->mode);
	for (l = 0; l <= PIDLE_MAX_LEVELS; l++)
		if (o->dgov[l] && (!l || l > topo->nr_levels ||
				   o->mode != PIDLE_MODE_OSI || !o->dgov[l]->select))
			return pidle_err(err, "domain_gov",
					 "level %u: a domain governor %s", l,
					 o->mode != PIDLE_MODE_OSI ?
					 "is for the OSI mode only" :
					 !o->dgov[l]->select ? "must have ->select()" :
					 "needs a domain level of the topology");

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	m->nr_cpus = topo->nr_cpus;
	m->nr_states = st->nr_states;
	m->nr_levels = topo->nr_levels;
	m->policy = policy;
	m->mode = o->mode;
	m->global_qos_ns = S64_MAX;
	m->ipi_peek = o->ipi_peek;
	m->ipi_data = o->ipi_data;
	m->fanout = o->vgroup_fanout ? o->vgroup_fanout : PIDLE_VGROUP_FANOUT;
	if (m->fanout < 2)
		m->fanout = 2;
	m->nr_sets = st->nr_sets;
	m->nr_tabs = m->nr_sets ? m->nr_sets : 1;
	memcpy(m->state, st->state, sizeof(m->state));
	if (!m->nr_sets) {
		memcpy(m->tab[0].state, st->state, sizeof(m->tab[0].state));
		m->tab[0].nr_own = st->nr_states;
		for (s = 0; s < st->nr_states; s++)
			m->tab[0].slot[s] = s;
		m->tab[0].present = (1u << st->nr_states) - 1;
	}
	for (s = 0; s < m->nr_sets; s++) {
		memcpy(m->tab[s].state, st->set[s].state,
		       sizeof(m->tab[s].state));
		m->tab[s].nr_own = st->set[s].nr_own;
		memcpy(m->tab[s].slot, st->set[s].slot, sizeof(m->tab[s].slot));
		m->tab[s].present = st->set[s].present;
	}
	strscpy(m->level_name[0], PIDLE_LEVEL_CPU, PIDLE_NAME_LEN);
	for (l = 1; l <= m->nr_levels; l++)
		strscpy(m->level_name[l], topo->level[l - 1].name,
			PIDLE_NAME_LEN);
	for (s = 0; s < m->nr_states; s++) {
		m->state_level[s] = pidle_topology_level_index(topo,
						st->state[s].level_name);
		if (!m->state_level[s])
			m->deepest_cpu_state = s;
	}
	for (l = 1; l <= m->nr_levels; l++)
		m->level[l].dgov = o->dgov[l];
	pidle_model_tables(m);
	pidle_energy_tables(m, st, topo);
	for (s = 0; s < m->nr_tabs; s++)
		pidle_model_hot_tables(m, &m->tab[s]);

	m->cpu = kcalloc(m->nr_cpus, sizeof(*m->cpu), GFP_KERNEL);
	if (!m->cpu) {
		ret = -ENOMEM;
		goto err_free;
	}
	if (m->nr_sets) {
		m->set_of_cpu = kcalloc(m->nr_cpus, sizeof(*m->set_of_cpu),
					GFP_KERNEL);
		if (!m->set_of_cpu) {
			ret = -ENOMEM;
			goto err_free;
		}
	}
	for (s = 0; s < m->nr_cpus; s++) {
		m->cpu[s] = kzalloc_node(sizeof(*m->cpu[s]), GFP_KERNEL,
					 cpu_to_node(s));
		if (!m->cpu[s]) {
			ret = -ENOMEM;
			goto err_free;
		}
		m->cpu[s]->next_timer_ns = U64_MAX;
		m->cpu[s]->qos_ns = S64_MAX;
		m->cpu[s]->tab = &m->tab[0];
		if (m->nr_sets) {
			m->set_of_cpu[s] = pidle_states_set_of(st, s);
			if (m->set_of_cpu[s] >= 0)
				m->cpu[s]->tab = &m->tab[m->set_of_cpu[s]];
		}
		m->cpu[s]->state = m->cpu[s]->tab->state;
	}
	ret = pidle_model_domains(m, topo);
	if (ret)
		goto err_free;
	if (m->mode == PIDLE_MODE_OSI) {
		ret = pidle_model_dgov(m, o, err);
		if (ret)
			goto err_free;
	}
	*out = m;
	return 0;

err_free:
	pidle_model_destroy(m);
	return ret;
}

void pidle_model_set_global_qos(struct pidle_model *m, s64 qos_ns)
{
	WRITE_ONCE(m->global_qos_ns, qos_ns);
}

enum pidle_mode pidle_model_mode(const struct pidle_model *m)
{
	return m->mode;
}

void pidle_model_destroy(struct pidle_model *m)
{
	unsigned int l, d;

	if (!m)
		return;
	for (l = 1; l <= m->nr_levels; l++) {
		if (m->level[l].dom)
			for (d = 0; d < m->level[l].nr_domains; d++) {
				if (m->level[l].dom[d]) {
					if (m->level[l].dom[d]->gd_attached &&
					    m->level[l].dgov->detach)
						m->level[l].dgov->detach(&m->level[l].dom[d]->gd);
					kfree(m->level[l].dom[d]->cpus);
					kfree(m->level[l].dom[d]->groups);
					kfree(m->level[l].dom[d]->members);
				}
				kfree(m->level[l].dom[d]);
			}
		kfree(m->level[l].dom);
		kfree(m->level[l].domain_of_cpu);
	}
	if (m->cpu)
		for (d = 0; d < m->nr_cpus; d++)
			kfree(m->cpu[d]);
	kfree(m->cpu);
	kfree(m->set_of_cpu);
	kfree(m);
}
