// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: power= per CPU set (heterogeneous SoCs).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "pidle_parse.h"

/**
 * DOC: Power per CPU set
 *
 * A big and a little CPU differ in their active power by an order of
 * magnitude (ARM's EAS model of Juno: 616 against 93 at the fastest
 * P-state), and so do their clusters' up powers. ``states=`` already
 * gives each CPU set its own idle-state powers (``POWER_MW``); ``power=``
 * gives each set its active and up powers, in the grammar ``states=``
 * uses for its sets (the CPUS part is parsed by the same code)::
 *
 *   CPUS=LEVEL:POWER_MW,...;CPUS=LEVEL:POWER_MW,...[;...]
 *
 * A value without ``=`` is one list for every CPU, as before. The rules:
 *
 * - 2 to PIDLE_MAX_CPU_SETS sets, no CPU in two, each list as ``power=``
 *   takes one alone (``none`` or empty for no powers);
 * - the sets are ``states=``'s sets, each the same CPUs as one of them, in
 *   any order (pidle_config_check_power()); power= per set with one
 *   ``states=`` table is refused: the sets would have nothing to be;
 * - a CPU's active power is its set's ``cpu`` figure; a domain's up power
 *   is its CPUs' set's figure at the domain's level. A domain whose CPUs
 *   are in several sets (sdm845's one cluster over little and big CPUs, a
 *   package above two clusters) needs those sets to give its level the
 *   same up power: the domain is one node with one power while up. A
 *   difference is refused naming the domain, the two sets and the level,
 *   as a difference in the level's states is (pidle_config_check_sets());
 *   levels the domain does not span may differ.
 *
 * Set 0's list is also the top-level list (``nr_up``, ``up``), as set 0's
 * table is the top-level table. The print is canonical: each set's CPUs
 * as ascending ranges, its list as the one-list print gives it.
 */

static const struct pidle_set_syntax pidle_power_set_syntax = {
	.param	= "power",
	.want	= "CPUS=LEVEL:POWER_MW,...;CPUS=LEVEL:POWER_MW,...",
};

int pidle_power_sets_parse(struct pidle_tok rest, struct pidle_states *out,
			   struct pidle_err *err)
{
	struct pidle_power_set set[PIDLE_MAX_CPU_SETS];
	struct pidle_tok item, cpus;
	struct pidle_err inner;
	unsigned int k = 0, j;
	int ret;

	memset(set, 0, sizeof(set));
	while (pidle_tok_next(&rest, ';', &item)) {
		/* (set[k] only once k is known to be in range) */
		ret = pidle_set_item(&pidle_power_set_syntax, k, &item, &cpus,
				     k < PIDLE_MAX_CPU_SETS ? &set[k].cpus : NULL,
				     err);
		if (ret)
			return ret;
		if (item.len && !pidle_tok_eq(&item, "none")) {
			ret = pidle_power_list_parse(item, set[k].up,
						     &set[k].nr_up, &inner);
			if (ret)
				return pidle_set_err(&pidle_power_set_syntax,
						     err, k, &cpus, inner.msg);
		}
		for (j = 0; j < k; j++) {
			ret = pidle_set_disjoint(&pidle_power_set_syntax, k, &cpus,
						 &set[k].cpus, j, &set[j].cpus, err);
			if (ret)
				return ret;
		}
		k++;
	}
	if (k < 2)
		return pidle_err(err, "power", "one CPU set: give a list per set of states= (CPUS=LEVEL:POWER_MW,...;CPUS=...), or one list without CPUS= for every CPU");
	out->nr_power_sets = k;
	memcpy(out->power_set, set, sizeof(set));
	out->nr_up = set[0].nr_up;
	memcpy(out->up, set[0].up, sizeof(out->up));
	return 0;
}

int pidle_power_sets_print(const struct pidle_states *st, char *buf,
			   size_t size)
{
	const struct pidle_power_set *ps;
	size_t len = 0;
	unsigned int k;
	int n;

	if (!size)
		return -ENOSPC;
	buf[0] = '\0';
	for (k = 0; k < st->nr_power_sets; k++) {
		ps = &st->power_set[k];
		if (k) {
			if (len + 1 >= size)
				return -ENOSPC;
			buf[len++] = ';';
		}
		n = pidle_cpu_list_print(&ps->cpus, buf + len, size - len);
		if (n < 0 || len + n + 1 >= size)
			return -ENOSPC;
		len += n;
		buf[len++] = '=';
		n = pidle_power_list_print(ps->up, ps->nr_up, buf + len,
					   size - len);
		if (n < 0 || len + n >= size)
			return -ENOSPC;
		len += n;
	}
	buf[len] = '\0';
	return len;
}

void pidle_power_copy(struct pidle_states *dst, const struct pidle_states *src)
{
	dst->nr_up = src->nr_up;
	memcpy(dst->up, src->up, sizeof(dst->up));
	dst->nr_power_sets = src->nr_power_sets;
	memcpy(dst->power_set, src->power_set, sizeof(dst->power_set));
}

unsigned int pidle_power_of_cpu(const struct pidle_states *st, unsigned int cpu,
				const struct pidle_level_power **up)
{
	unsigned int k;

	for (k = 0; k < st->nr_power_sets; k++)
		if (pidle_cpu_list_has(&st->power_set[k].cpus, cpu)) {
			*up = st->power_set[k].up;
			return st->power_set[k].nr_up;
		}
	*up = st->up;
	return st->nr_up;
}

/* The up power a list gives @level of @topo: 0 when it names none. */
static u32 pidle_power_at(const struct pidle_level_power *up, unsigned int n,
			  const struct pidle_topology *topo, unsigned int level)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (pidle_topology_level_index(topo, up[i].level_name) == (int)level)
			return up[i].power_mw;
	return 0;
}

static void pidle_level_names(const struct pidle_topology *topo, char *buf,
			      size_t size)
{
	size_t n = scnprintf(buf, size, PIDLE_LEVEL_CPU);
	unsigned int i;

	for (i = 0; i < topo->nr_levels; i++)
		n += scnprintf(buf + n, size - n, ",%s", topo->level[i].name);
}

/* Every item of one list names a level of @topo. */
static int pidle_check_power_list(const struct pidle_level_power *up,
				  unsigned int n, int set,
				  const struct pidle_topology *topo,
				  struct pidle_err *err)
{
	char names[PIDLE_MAX_LEVELS * PIDLE_NAME_LEN + 8], where[24] = "";
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (pidle_topology_level_index(topo, up[i].level_name) >= 0)
			continue;
		pidle_level_names(topo, names, sizeof(names));
		if (set >= 0)
			scnprintf(where, sizeof(where), "set %d: ", set);
		return pidle_err(err, "power", "%sitem %u (%s): level \"%s\" is not a level of the topology (it has: %s)",
				 where, i, up[i].level_name, up[i].level_name,
				 names);
	}
	return 0;
}

/* The power set of exactly @cpus, or -1. */
static int pidle_power_set_equal_to(const struct pidle_states *st,
				    const struct pidle_cpu_list *cpus)
{
	unsigned int k;

	for (k = 0; k < st->nr_power_sets; k++)
		if (pidle_cpu_list_equal(&st->power_set[k].cpus, cpus))
			return k;
	return -1;
}

/*
 * A domain of @level whose CPUs are in power sets that give the level
 * different up powers. Linear in the CPUs: each CPU is compared with its
 * domain's first CPU, remembered in @first (one per domain).
 */
static int pidle_check_power_level(const struct pidle_states *st,
				   const struct pidle_topology *topo,
				   unsigned int level, int *first,
				   struct pidle_err *err)
{
	const struct pidle_topo_level *tl = &topo->level[level - 1];
	char ca[PIDLE_CPU_SET_STR_LEN], cb[PIDLE_CPU_SET_STR_LEN];
	const struct pidle_level_power *up;
	unsigned int cpu, dom, n;
	int a, b;
	u32 pa, pb;

	for (dom = 0; dom < tl->nr_domains; dom++)
		first[dom] = -1;
	for (cpu = 0; cpu < topo->nr_cpus; cpu++) {
		dom = tl->domain_of_cpu[cpu];
		if (first[dom] < 0) {
			first[dom] = cpu;
			continue;
		}
		a = pidle_states_set_of(st, first[dom]);
		b = pidle_states_set_of(st, cpu);
		if (a == b)
			continue;
		n = pidle_power_of_cpu(st, first[dom], &up);
		pa = pidle_power_at(up, n, topo, level);
		n = pidle_power_of_cpu(st, cpu, &up);
		pb = pidle_power_at(up, n, topo, level);
		if (pa == pb)
			continue;
		pidle_cpu_set_print(&st->set[a], ca, sizeof(ca));
		pidle_cpu_set_print(&st->set[b], cb, sizeof(cb));
		return pidle_err(err, "power", "%s domain %u spans the sets of CPUs %s and %s, whose up power at level \"%s\" differs (%u and %u mW): a domain is up at one power whichever CPUs it holds",
				 tl->name, dom, ca, cb, tl->name, pa, pb);
	}
	return 0;
}

int pidle_config_check_power(const struct pidle_states *st,
			     const struct pidle_topology *topo,
			     struct pidle_err *err)
{
	char ca[PIDLE_CPU_SET_STR_LEN];
	unsigned int k, l, most = 0;
	int *first, ret = 0;

	if (!st->nr_power_sets)
		return pidle_check_power_list(st->up, st->nr_up, -1, topo, err);
	if (!pidle_states_per_set(st))
		return pidle_err(err, "power", "a list per CPU set, and states= has one table for every CPU: give states= per set (CPUS=TABLE;CPUS=TABLE) with the same sets, or one power= list");
	for (k = 0; k < st->nr_power_sets; k++) {
		ret = pidle_check_power_list(st->power_set[k].up,
					     st->power_set[k].nr_up, k, topo,
					     err);
		if (ret)
			return ret;
	}
	/* Both are partitions of the CPUs: equal counts, each set matched. */
	for (k = 0; k < st->nr_power_sets; k++) {
		unsigned int j;

		for (j = 0; j < st->nr_sets; j++)
			if (pidle_cpu_list_equal(&st->power_set[k].cpus,
						 &st->set[j].cpus))
				break;
		if (j < st->nr_sets)
			continue;
		pidle_cpu_list_print(&st->power_set[k].cpus, ca, sizeof(ca));
		return pidle_err(err, "power", "set %u (CPUs %s) is not one of the CPU sets of states=: power= per set needs states='s sets",
				 k, ca);
	}
	for (k = 0; k < st->nr_sets; k++) {
		if (pidle_power_set_equal_to(st, &st->set[k].cpus) >= 0)
			continue;
		pidle_cpu_set_print(&st->set[k], ca, sizeof(ca));
		return pidle_err(err, "power", "states= set %u (CPUs %s) has no power= set: power= per set needs a list for each of states='s sets",
				 k, ca);
	}
	for (l = 0; l < topo->nr_levels; l++)
		most = max(most, topo->level[l].nr_domains);
	first = kcalloc(most ? most : 1, sizeof(*first), GFP_KERNEL);
	if (!first) {
		pidle_err(err, "power", "no memory to check the CPU sets against the topology");
		return -ENOMEM;
	}
	for (l = 1; l <= topo->nr_levels && !ret; l++)
		ret = pidle_check_power_level(st, topo, l, first, err);
	kfree(first);
	return ret;
}
