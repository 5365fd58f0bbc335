// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: a states= table per CPU set (heterogeneous SoCs).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "pidle_parse.h"

/**
 * DOC: A state table per CPU set
 *
 * A heterogeneous SoC gives its CPU kinds different idle states: sdm845's
 * little CPUs 0-3 have ``cpu-sleep-0-0`` (entry 350, exit 461, residency
 * 1890 us), its big CPUs 4-7 ``cpu-sleep-1-0`` (264, 621, 952 us). One
 * cpuidle driver has one table, so the kernel's ARM drivers register one
 * driver per CPU set (``CONFIG_CPU_IDLE_MULTIPLE_DRIVERS``, the driver's
 * ``cpumask``). ``states=`` then gives a table per set::
 *
 *   CPUS=TABLE;CPUS=TABLE[;...]
 *
 * CPUS is a list of CPUs and ranges (``0-3``, ``0,2,4-5``); TABLE is a
 * table as ``states=`` takes it alone. A value without ``=`` and ``;`` is
 * one table for every CPU, as before. The rules:
 *
 * - 2 to PIDLE_MAX_CPU_SETS sets, each of at most PIDLE_MAX_SET_RANGES
 *   ranges; no CPU in two sets; together they cover every CPU of the
 *   topology (pidle_config_check());
 * - every table has the same number of states at each level, state by
 *   state (a state's index, which cpuidle and the model count by, means
 *   the same level on every CPU);
 * - the CPU-level states may differ in everything but their level. The
 *   domain-level states must be identical (name, latencies, residency,
 *   power, energy) in every set: a domain that spans sets goes down in one
 *   state whichever CPU is its last man, and the model keeps one table of
 *   domain states per level, so a difference is refused even where no
 *   domain spans the sets (the message says which);
 * - a CPU-level state's power and energy must be the same in every set:
 *   the energy model keeps one table of CPU powers.
 *
 * Set 0's table is also the top-level table (&pidle_states.state): every
 * reader that knows nothing of sets sees the shape they all share and the
 * domain states. The print is canonical: each set's CPUs as ascending
 * ranges, its table as pidle_states_print() prints one.
 */

static int pidle_set_err(struct pidle_err *err, unsigned int k,
			 const struct pidle_tok *cpus, const char *inner)
{
	char q[32];

	pidle_tok_quote(cpus, q, sizeof(q));
	/* @inner is a parser message: "states: ..." */
	if (!strncmp(inner, "states: ", 8))
		inner += 8;
	return pidle_err(err, "states", "set %u (CPUs %s): %s", k, q, inner);
}

static int pidle_set_cpu(const struct pidle_tok *tok, unsigned int k,
			 const struct pidle_tok *cpus, u16 *out,
			 struct pidle_err *err)
{
	const char *why;
	char q[32], m[PIDLE_ERR_LEN];
	u64 val;

	if (pidle_tok_u64(tok, PIDLE_MAX_CPUS - 1, &val, &why)) {
		if (!strcmp(why, "too large"))
			why = "beyond the largest CPU number (8191)";
		pidle_tok_quote(tok, q, sizeof(q));
		scnprintf(m, sizeof(m), "CPU \"%s\": %s (want CPUS=TABLE;CPUS=TABLE, CPUS as 0-3 or 0,2,4-5)",
			  q, why);
		return pidle_set_err(err, k, cpus, m);
	}
	*out = val;
	return 0;
}

/* CPUS of one set: ranges A or A-B, comma separated, ascending. */
static int pidle_set_cpus_parse(struct pidle_tok cpus, unsigned int k,
				struct pidle_cpu_set *set,
				struct pidle_err *err)
{
	struct pidle_tok rest = cpus, part, lo;
	char m[PIDLE_ERR_LEN];
	unsigned int n = 0;
	int ret;

	if (!cpus.len)
		return pidle_err(err, "states", "set %u: no CPUs before '=' (want CPUS=TABLE;CPUS=TABLE)",
				 k);
	while (pidle_tok_next(&rest, ',', &part)) {
		if (n == PIDLE_MAX_SET_RANGES) {
			scnprintf(m, sizeof(m), "more than %d CPU ranges",
				  PIDLE_MAX_SET_RANGES);
			return pidle_set_err(err, k, &cpus, m);
		}
		pidle_tok_next(&part, '-', &lo);
		ret = pidle_set_cpu(&lo, k, &cpus, &set->range[n].first, err);
		if (ret)
			return ret;
		set->range[n].last = set->range[n].first;
		if (part.s) {
			ret = pidle_set_cpu(&part, k, &cpus,
					    &set->range[n].last, err);
			if (ret)
				return ret;
		}
		if (set->range[n].last < set->range[n].first) {
			scnprintf(m, sizeof(m), "range %u-%u goes backwards",
				  set->range[n].first, set->range[n].last);
			return pidle_set_err(err, k, &cpus, m);
		}
		if (n && set->range[n].first <= set->range[n - 1].last) {
			scnprintf(m, sizeof(m), "CPU %u: ranges must ascend without overlap",
				  set->range[n].first);
			return pidle_set_err(err, k, &cpus, m);
		}
		n++;
	}
	set->nr_ranges = n;
	return 0;
}

static bool pidle_set_has(const struct pidle_cpu_set *set, unsigned int cpu)
{
	unsigned int r;

	for (r = 0; r < set->nr_ranges; r++)
		if (cpu >= set->range[r].first && cpu <= set->range[r].last)
			return true;
	return false;
}

/* The first CPU of @a that is also in @b, or -1. */
static int pidle_sets_overlap(const struct pidle_cpu_set *a,
			      const struct pidle_cpu_set *b)
{
	unsigned int r, s, lo;

	for (r = 0; r < a->nr_ranges; r++)
		for (s = 0; s < b->nr_ranges; s++) {
			lo = max(a->range[r].first, b->range[s].first);
			if (lo <= min(a->range[r].last, b->range[s].last))
				return lo;
		}
	return -1;
}

/*
 * The next run of consecutive CPUs of @set from its range *@r on (0,1,2-3
 * is one run, 0-3), advancing *@r past it: false when there is none. The
 * ranges ascend without overlap, so runs are the set's canonical form.
 */
static bool pidle_set_run(const struct pidle_cpu_set *set, unsigned int *r,
			  unsigned int *first, unsigned int *last)
{
	if (*r >= set->nr_ranges)
		return false;
	*first = set->range[*r].first;
	*last = set->range[*r].last;
	for ((*r)++; *r < set->nr_ranges &&
		     set->range[*r].first == *last + 1; (*r)++)
		*last = set->range[*r].last;
	return true;
}

int pidle_cpu_set_print(const struct pidle_cpu_set *set, char *buf,
			size_t size)
{
	size_t len = 0;
	unsigned int r = 0, first, last;
	int n;

	if (!size)
		return -ENOSPC;
	buf[0] = '\0';
	while (pidle_set_run(set, &r, &first, &last)) {
		char item[16];

		if (first == last)
			n = scnprintf(item, sizeof(item), "%s%u", len ? "," : "",
				      first);
		else
			n = scnprintf(item, sizeof(item), "%s%u-%u",
				      len ? "," : "", first, last);
		if (len + n >= size)
			return -ENOSPC;
		memcpy(buf + len, item, n + 1);
		len += n;
	}
	return len;
}

static bool pidle_state_same(const struct pidle_state_desc *a,
			     const struct pidle_state_desc *b)
{
	return !strcmp(a->name, b->name) &&
	       !strcmp(a->level_name, b->level_name) &&
	       a->exit_latency_ns == b->exit_latency_ns &&
	       a->entry_latency_ns == b->entry_latency_ns &&
	       a->target_residency_ns == b->target_residency_ns &&
	       a->power_mw == b->power_mw && a->energy_uj == b->energy_uj;
}

int pidle_states_sets_parse(struct pidle_tok rest, struct pidle_states *out,
			    struct pidle_err *err)
{
	struct pidle_tok item, cpus;
	struct pidle_err inner;
	unsigned int k = 0, i, j;
	char q[32];
	int ret, cpu;

	memset(out, 0, sizeof(*out));
	while (pidle_tok_next(&rest, ';', &item)) {
		struct pidle_cpu_set *set = &out->set[k];
		unsigned int nr;

		if (k == PIDLE_MAX_CPU_SETS)
			return pidle_err(err, "states", "more than %d CPU sets",
					 PIDLE_MAX_CPU_SETS);
		if (!pidle_tok_next(&item, '=', &cpus) || !item.s) {
			pidle_tok_quote(&cpus, q, sizeof(q));
			return pidle_err(err, "states", "set %u \"%s\": no '=' (want CPUS=TABLE;CPUS=TABLE)",
					 k, q);
		}
		ret = pidle_set_cpus_parse(cpus, k, set, err);
		if (ret)
			return ret;
		if (memchr(item.s, '=', item.len))
			return pidle_set_err(err, k, &cpus, "more than one '=' (want CPUS=TABLE;CPUS=TABLE)");
		ret = pidle_states_table_parse(item, set->state, &nr, &inner);
		if (ret)
			return pidle_set_err(err, k, &cpus, inner.msg);
		for (j = 0; j < k; j++) {
			cpu = pidle_sets_overlap(set, &out->set[j]);
			if (cpu < 0)
				continue;
			scnprintf(inner.msg, sizeof(inner.msg),
				  "CPU %d is in set %u too", cpu, j);
			return pidle_set_err(err, k, &cpus, inner.msg);
		}
		if (!k) {
			out->nr_states = nr;
			memcpy(out->state, set->state, sizeof(out->state));
		} else if (nr != out->nr_states) {
			scnprintf(inner.msg, sizeof(inner.msg), "%u states, set 0 has %u: every set needs the same number of states at each level",
				  nr, out->nr_states);
			return pidle_set_err(err, k, &cpus, inner.msg);
		}
		for (i = 0; k && i < nr; i++) {
			const struct pidle_state_desc *a = &out->state[i];
			const struct pidle_state_desc *b = &set->state[i];

			if (strcmp(a->level_name, b->level_name)) {
				scnprintf(inner.msg, sizeof(inner.msg), "state %u (%s) is at level \"%s\", set 0's state %u (%s) at \"%s\": every set needs the same number of states at each level",
					  i, b->name, b->level_name, i,
					  a->name, a->level_name);
				return pidle_set_err(err, k, &cpus, inner.msg);
			}
			if (!strcmp(a->level_name, PIDLE_LEVEL_CPU) &&
			    (a->power_mw != b->power_mw ||
			     a->energy_uj != b->energy_uj)) {
				scnprintf(inner.msg, sizeof(inner.msg), "state %u (%s): power %u mW, energy %u uJ differ from set 0's state %u (%s): the energy model has one table of CPU powers",
					  i, b->name, b->power_mw, b->energy_uj,
					  i, a->name);
				return pidle_set_err(err, k, &cpus, inner.msg);
			}
		}
		k++;
	}
	if (k < 2)
		return pidle_err(err, "states", "one CPU set: give a table per set (CPUS=TABLE;CPUS=TABLE), or one table without CPUS= for every CPU");
	out->nr_sets = k;
	return 0;
}

int pidle_states_sets_print(const struct pidle_states *st, char *buf,
			    size_t size)
{
	size_t len = 0;
	unsigned int k;
	int n;

	if (!size)
		return -ENOSPC;
	buf[0] = '\0';
	for (k = 0; k < st->nr_sets; k++) {
		if (k) {
			if (len + 1 >= size)
				return -ENOSPC;
			buf[len++] = ';';
		}
		n = pidle_cpu_set_print(&st->set[k], buf + len, size - len);
		if (n < 0 || len + n + 1 >= size)
			return -ENOSPC;
		len += n;
		buf[len++] = '=';
		n = pidle_states_table_print(st->set[k].state, st->nr_states,
					     buf + len, size - len);
		if (n < 0)
			return n;
		len += n;
	}
	buf[len] = '\0';
	return len;
}

int pidle_states_set_of(const struct pidle_states *st, unsigned int cpu)
{
	unsigned int k;

	for (k = 0; k < st->nr_sets; k++)
		if (pidle_set_has(&st->set[k], cpu))
			return k;
	return -1;
}

const struct pidle_state_desc *pidle_states_of_cpu(const struct pidle_states *st,
						    unsigned int cpu)
{
	int k = pidle_states_set_of(st, cpu);

	return k < 0 ? st->state : st->set[k].state;
}

/* The same CPUs, however written: compared run by run (pidle_set_run()). */
static bool pidle_set_equal(const struct pidle_cpu_set *a,
			    const struct pidle_cpu_set *b)
{
	unsigned int ra = 0, rb = 0, fa, la, fb, lb;

	while (pidle_set_run(a, &ra, &fa, &la))
		if (!pidle_set_run(b, &rb, &fb, &lb) || fa != fb || la != lb)
			return false;
	return !pidle_set_run(b, &rb, &fb, &lb);
}

bool pidle_states_same_sets(const struct pidle_states *a,
			    const struct pidle_states *b)
{
	unsigned int k;

	if (a->nr_sets != b->nr_sets)
		return false;
	for (k = 0; k < a->nr_sets; k++)
		if (!pidle_set_equal(&a->set[k], &b->set[k]))
			return false;
	return true;
}

/*
 * A domain of @level that has CPUs of sets @a and @b, or -1: the reason a
 * domain state must be the same in both. Linear in the CPUs (a mark per
 * domain with a CPU of @a, then a look at @b's CPUs): pairing every CPU
 * with every other took 67 M steps at 8192 CPUs. Only an error's wording
 * needs it, so without memory for the marks it says -1, the wording that
 * names no domain.
 */
static int pidle_domain_spanning(const struct pidle_states *st,
				 const struct pidle_topology *topo,
				 unsigned int level, unsigned int a,
				 unsigned int b)
{
	const struct pidle_topo_level *tl = &topo->level[level - 1];
	const struct pidle_cpu_set *sa = &st->set[a], *sb = &st->set[b];
	unsigned int r, cpu;
	int found = -1;
	u8 *has_a;

	has_a = kcalloc(tl->nr_domains, sizeof(*has_a), GFP_KERNEL);
	if (!has_a)
		return -1;
	/* The sets are checked against the topology's CPUs before this. */
	for (r = 0; r < sa->nr_ranges; r++)
		for (cpu = sa->range[r].first; cpu <= sa->range[r].last; cpu++)
			has_a[tl->domain_of_cpu[cpu]] = 1;
	for (r = 0; r < sb->nr_ranges && found < 0; r++)
		for (cpu = sb->range[r].first; cpu <= sb->range[r].last; cpu++)
			if (has_a[tl->domain_of_cpu[cpu]]) {
				found = tl->domain_of_cpu[cpu];
				break;
			}
	kfree(has_a);
	return found;
}

int pidle_config_check_sets(const struct pidle_states *st,
			    const struct pidle_topology *topo,
			    struct pidle_err *err)
{
	/* Whole lists: pidle_err() says so if the sentence is too long. */
	char ca[PIDLE_CPU_SET_STR_LEN], cb[PIDLE_CPU_SET_STR_LEN];
	unsigned int k, i, cpu;
	int level, dom;

	if (!pidle_states_per_set(st))
		return 0;
	for (k = 0; k < st->nr_sets; k++) {
		pidle_cpu_set_print(&st->set[k], ca, sizeof(ca));
		for (i = 0; i < st->set[k].nr_ranges; i++)
			if (st->set[k].range[i].last >= topo->nr_cpus)
				return pidle_err(err, "states", "set %u (CPUs %s): CPU %u is beyond the topology's %u CPUs",
						 k, ca, st->set[k].range[i].last,
						 topo->nr_cpus);
	}
	for (cpu = 0; cpu < topo->nr_cpus; cpu++)
		if (pidle_states_set_of(st, cpu) < 0)
			return pidle_err(err, "states", "CPU %u is in no CPU set: the sets must cover the topology's %u CPUs",
					 cpu, topo->nr_cpus);
	pidle_cpu_set_print(&st->set[0], ca, sizeof(ca));
	for (k = 1; k < st->nr_sets; k++) {
		pidle_cpu_set_print(&st->set[k], cb, sizeof(cb));
		for (i = 0; i < st->nr_states; i++) {
			const struct pidle_state_desc *a = &st->set[0].state[i];
			const struct pidle_state_desc *b = &st->set[k].state[i];

			level = pidle_topology_level_index(topo, b->level_name);
			if (level <= 0 || pidle_state_same(a, b))
				continue;
			dom = pidle_domain_spanning(st, topo, level, 0, k);
			if (dom >= 0)
				return pidle_err(err, "states", "state %u (%s%s%s) at level \"%s\" differs between set 0 (CPUs %s) and set %u (CPUs %s), and %s domain %d spans both: a domain state must be the same on all its CPUs",
						 i, a->name, strcmp(a->name, b->name) ? "/" : "",
						 strcmp(a->name, b->name) ? b->name : "",
						 b->level_name, ca, k, cb,
						 b->level_name, dom);
			return pidle_err(err, "states", "state %u (%s%s%s) at level \"%s\" differs between set 0 (CPUs %s) and set %u (CPUs %s): domain states must be the same in every set (one table per level)",
					 i, a->name, strcmp(a->name, b->name) ? "/" : "",
					 strcmp(a->name, b->name) ? b->name : "",
					 b->level_name, ca, k, cb);
		}
	}
	return 0;
}
