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
 * - every table has a state at each level any table has, in the same
 *   order of levels; tables may differ in length (below);
 * - every state may differ in everything but its level: name, latencies,
 *   residency, power and energy. A CPU enters its set's table; a *domain's
 *   states are the states its CPUs' set gives at the domain's level*, so
 *   hi3660's little cluster goes down in its own ``cluster-sleep-0``
 *   (2100 us) and the big one in ``cluster-sleep-1`` (3700 us), each with
 *   its own powers, oracle and counters (struct pidle_table); in OSI
 *   mode as well (a domain governor sees its own domain's states:
 *   ``pidle-topo --dt`` gives sm6115's two cluster power domains, whose
 *   ``domain-idle-states`` differ, a set each);
 * - a domain whose CPUs are in several sets (sdm845's one cluster over
 *   little and big CPUs, a package above two clusters) needs those sets
 *   to agree, field by field, on the states of the domain's level: it
 *   goes down in one state whichever CPU is its last man. A difference is
 *   refused naming the domain, the two sets and the state
 *   (pidle_config_check_sets(); levels below or above it may differ).
 *
 * The print is canonical: each set's CPUs as ascending ranges, its own
 * table as pidle_states_print() prints one.
 */

/**
 * DOC: Tables of different lengths
 *
 * msm8956/msm8976 give their little CPUs 0-3 one state beyond WFI
 * (``little-power-collapse``, entry 181, exit 149, residency 703 us) and
 * their big CPUs 4-7 two (``big-retention`` 142/99/242, ``big-power-
 * collapse`` 158/144/863). The kernel's per-CPU drivers give each CPU its
 * own ``state_count``, and governors see each CPU's own table. So may a
 * set here: each set's driver has the set's own length.
 *
 * The model keeps one layout of *slots* (&pidle_states.nr_states), so that
 * everything per level (votes, fallbacks, level-local indices) stays
 * shared by every table and every reader that knows nothing of sets sees
 * one shape:
 *
 * - per level, as many slots as the set with the most states there; the
 *   levels in table order (every set has a state at each level, in the
 *   same order, or the value is refused naming the set and the level);
 * - a set's states at a level take the level's first slots in order,
 *   except its deepest there, which always takes the level's *last*
 *   slot (pidle_sets_layout()). msm8956: slots WFI, retention, power
 *   collapse; the little set has slots 0 and 2. Any deeper level hangs
 *   off a level's last slot: a CPU's fallback from a domain state, the
 *   state an offline CPU counts in, the state OSI hangs its domains off
 *   are one slot in every set, and a CPU idle at a deeper level votes
 *   for states its domain has;
 * - each set keeps its own length (&pidle_cpu_set.nr_own), the slot of
 *   each of its states (.slot, ascending: a driver's index to the
 *   model's state), and the slots it has (.present). Its &pidle_cpu_set.state
 *   is laid out in the slots, a slot it lacks holding a copy of its next
 *   deeper state at the level (there always is one), so any figure read
 *   from it is a real one of the set's; but no CPU of the set enters it
 *   (the driver maps indices to present slots), no domain of the set goes
 *   down in it (a domain's deepest full vote counter is a slot each of its
 *   CPUs' tables has: a CPU votes up to its own slot, or up to the
 *   level's last), nothing counts in it, and the oracle never picks it;
 * - the top-level table (&pidle_states.state) takes each level's slots
 *   from the first set that has them all, so a level's slot names read
 *   as one table.
 *
 * A domain spanning several sets still needs them to agree at its level,
 * state by state, the number of states included: same count, same slots.
 * In OSI mode the sets may differ at cpu level only (a domain governor
 * chooses among a level's states by index; pidle_mode_check_sets()). With
 * sets of one length the layout is the identity: nothing changes.
 */

/* The CPUS=VALUE;CPUS=VALUE grammar of states= and of power=. */
const struct pidle_set_syntax pidle_states_set_syntax = {
	.param	= "states",
	.want	= "CPUS=TABLE;CPUS=TABLE",
};

int pidle_set_err(const struct pidle_set_syntax *syn, struct pidle_err *err,
		  unsigned int k, const struct pidle_tok *cpus,
		  const char *inner)
{
	size_t n = strlen(syn->param);
	char q[32];

	pidle_tok_quote(cpus, q, sizeof(q));
	/* @inner is a parser message: "states: ..." */
	if (!strncmp(inner, syn->param, n) && !strncmp(inner + n, ": ", 2))
		inner += n + 2;
	return pidle_err(err, syn->param, "set %u (CPUs %s): %s", k, q, inner);
}

static int pidle_set_cpu(const struct pidle_set_syntax *syn,
			 const struct pidle_tok *tok, unsigned int k,
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
		scnprintf(m, sizeof(m), "CPU \"%s\": %s (want %s, CPUS as 0-3 or 0,2,4-5)",
			  q, why, syn->want);
		return pidle_set_err(syn, err, k, cpus, m);
	}
	*out = val;
	return 0;
}

/* CPUS of one set: ranges A or A-B, comma separated, ascending. */
int pidle_cpu_list_parse(const struct pidle_set_syntax *syn,
			 struct pidle_tok cpus, unsigned int k,
			 struct pidle_cpu_list *set, struct pidle_err *err)
{
	struct pidle_tok rest = cpus, part, lo;
	char m[PIDLE_ERR_LEN];
	unsigned int n = 0;
	int ret;

	if (!cpus.len)
		return pidle_err(err, syn->param, "set %u: no CPUs before '=' (want %s)",
				 k, syn->want);
	while (pidle_tok_next(&rest, ',', &part)) {
		if (n == PIDLE_MAX_SET_RANGES) {
			scnprintf(m, sizeof(m), "more than %d CPU ranges",
				  PIDLE_MAX_SET_RANGES);
			return pidle_set_err(syn, err, k, &cpus, m);
		}
		pidle_tok_next(&part, '-', &lo);
		ret = pidle_set_cpu(syn, &lo, k, &cpus, &set->range[n].first,
				    err);
		if (ret)
			return ret;
		set->range[n].last = set->range[n].first;
		if (part.s) {
			ret = pidle_set_cpu(syn, &part, k, &cpus,
					    &set->range[n].last, err);
			if (ret)
				return ret;
		}
		if (set->range[n].last < set->range[n].first) {
			scnprintf(m, sizeof(m), "range %u-%u goes backwards",
				  set->range[n].first, set->range[n].last);
			return pidle_set_err(syn, err, k, &cpus, m);
		}
		if (n && set->range[n].first <= set->range[n - 1].last) {
			scnprintf(m, sizeof(m), "CPU %u: ranges must ascend without overlap",
				  set->range[n].first);
			return pidle_set_err(syn, err, k, &cpus, m);
		}
		n++;
	}
	set->nr_ranges = n;
	return 0;
}

/*
 * The @k-th CPUS=VALUE item of @syn's grammar: at most PIDLE_MAX_CPU_SETS
 * of them, one '=', its CPUS into @list. @item is left holding VALUE,
 * @cpus the CPUS for the caller's later messages.
 */
int pidle_set_item(const struct pidle_set_syntax *syn, unsigned int k,
		   struct pidle_tok *item, struct pidle_tok *cpus,
		   struct pidle_cpu_list *list, struct pidle_err *err)
{
	char q[32], m[PIDLE_ERR_LEN];
	int ret;

	if (k == PIDLE_MAX_CPU_SETS)
		return pidle_err(err, syn->param, "more than %d CPU sets",
				 PIDLE_MAX_CPU_SETS);
	if (!pidle_tok_next(item, '=', cpus) || !item->s) {
		pidle_tok_quote(cpus, q, sizeof(q));
		return pidle_err(err, syn->param, "set %u \"%s\": no '=' (want %s)",
				 k, q, syn->want);
	}
	ret = pidle_cpu_list_parse(syn, *cpus, k, list, err);
	if (ret)
		return ret;
	if (memchr(item->s, '=', item->len)) {
		scnprintf(m, sizeof(m), "more than one '=' (want %s)", syn->want);
		return pidle_set_err(syn, err, k, cpus, m);
	}
	return 0;
}

/* Set @k's CPUs @list against set @j's @prev: no CPU in both. */
int pidle_set_disjoint(const struct pidle_set_syntax *syn, unsigned int k,
		       const struct pidle_tok *cpus,
		       const struct pidle_cpu_list *list, unsigned int j,
		       const struct pidle_cpu_list *prev, struct pidle_err *err)
{
	char m[PIDLE_ERR_LEN];
	int cpu = pidle_cpu_lists_overlap(list, prev);

	if (cpu < 0)
		return 0;
	scnprintf(m, sizeof(m), "CPU %d is in set %u too", cpu, j);
	return pidle_set_err(syn, err, k, cpus, m);
}

bool pidle_cpu_list_has(const struct pidle_cpu_list *set, unsigned int cpu)
{
	unsigned int r;

	for (r = 0; r < set->nr_ranges; r++)
		if (cpu >= set->range[r].first && cpu <= set->range[r].last)
			return true;
	return false;
}

/* The first CPU of @a that is also in @b, or -1. */
int pidle_cpu_lists_overlap(const struct pidle_cpu_list *a,
			    const struct pidle_cpu_list *b)
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
static bool pidle_set_run(const struct pidle_cpu_list *set, unsigned int *r,
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
	return pidle_cpu_list_print(&set->cpus, buf, size);
}

int pidle_cpu_list_print(const struct pidle_cpu_list *set, char *buf,
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

/*
 * The levels of set @k's own table (@set->state[0 .. @nr - 1]) as runs:
 * @lv[j] the j-th distinct level, @cnt[j] its states; the number of runs.
 */
static unsigned int pidle_set_levels(const struct pidle_cpu_set *set,
				     unsigned int nr, const char **lv,
				     unsigned int *cnt)
{
	unsigned int i, n = 0;

	for (i = 0; i < nr; i++) {
		if (!n || strcmp(lv[n - 1], set->state[i].level_name)) {
			lv[n] = set->state[i].level_name;
			cnt[n++] = 0;
		}
		cnt[n - 1]++;
	}
	return n;
}

/*
 * Lay every set's own table (parsed into set->state[0 .. nr_own - 1]) out
 * in the common slots: per level, as many slots as the set with the most
 * states there; a set's states at a level take the level's first slots in
 * order, but its deepest there always takes the level's last slot. Then
 * the top-level table: each level's slots from the first set that has
 * them all.
 */
static int pidle_sets_layout(struct pidle_states *out, struct pidle_err *err)
{
	const char *lv0[PIDLE_MAX_STATES], *lv[PIDLE_MAX_STATES];
	unsigned int cnt0[PIDLE_MAX_STATES], cnt[PIDLE_MAX_STATES];
	unsigned int most[PIDLE_MAX_STATES], base[PIDLE_MAX_STATES];
	char ca[PIDLE_CPU_SET_STR_LEN], m[PIDLE_ERR_LEN];
	unsigned int k, j, i, n0, n, total = 0;

	n0 = pidle_set_levels(&out->set[0], out->set[0].nr_own, lv0, cnt0);
	memcpy(most, cnt0, sizeof(most));
	for (k = 1; k < out->nr_sets; k++) {
		struct pidle_cpu_set *set = &out->set[k];

		n = pidle_set_levels(set, set->nr_own, lv, cnt);
		for (j = 0; j < max(n, n0); j++) {
			if (j < n && j < n0 && !strcmp(lv[j], lv0[j])) {
				most[j] = max(most[j], cnt[j]);
				continue;
			}
			pidle_cpu_set_print(set, ca, sizeof(ca));
			scnprintf(m, sizeof(m), "set %u (CPUs %s): %s level \"%s\", where set 0 has %s%s%s: every set needs a state at each level, in the same order (a set lacking a level would leave its domains there no state of their own)",
				  k, ca, j < n ? "a state at" : "no state after",
				  j < n ? lv[j] : lv[n - 1],
				  j < n0 ? "a state at \"" : "no more levels",
				  j < n0 ? lv0[j] : "", j < n0 ? "\"" : "");
			return pidle_err(err, "states", "%s", m);
		}
	}
	for (j = 0; j < n0; j++) {
		base[j] = total;
		total += most[j];
	}
	if (total > PIDLE_MAX_STATES)
		return pidle_err(err, "states", "the sets' tables need %u state slots (per level, the most states any set has there), more than %d",
				 total, PIDLE_MAX_STATES);
	for (k = 0; k < out->nr_sets; k++) {
		struct pidle_cpu_set *set = &out->set[k];
		const struct pidle_state_desc *deeper = NULL;
		unsigned int own = 0;
		int s;

		pidle_set_levels(set, set->nr_own, lv, cnt);
		for (j = 0; j < n0; j++)
			for (i = 0; i < cnt[j]; i++, own++)
				set->slot[own] = base[j] +
					(i + 1 == cnt[j] ? most[j] - 1 : i);
		/* Slots only ascend past own indices: move from the top. */
		set->present = 0;
		for (s = set->nr_own - 1; s >= 0; s--) {
			set->state[set->slot[s]] = set->state[s];
			set->present |= 1u << set->slot[s];
		}
		for (s = total - 1; s >= 0; s--) {
			if (set->present & (1u << s))
				deeper = &set->state[s];
			else
				set->state[s] = *deeper;
		}
		for (s = total; s < PIDLE_MAX_STATES; s++)
			memset(&set->state[s], 0, sizeof(set->state[s]));
	}
	out->nr_states = total;
	/*
	 * Each level's slots from the first set with as many states there
	 * as slots: every slot of the level is its own, so the names of a
	 * level's slots read as one table.
	 */
	for (j = 0; j < n0; j++)
		for (k = 0; k < out->nr_sets; k++) {
			/* Laid out: the level's slots are all its when present. */
			for (i = 0; i < most[j]; i++)
				if (!(out->set[k].present & (1u << (base[j] + i))))
					break;
			if (i < most[j])
				continue;
			memcpy(&out->state[base[j]], &out->set[k].state[base[j]],
			       most[j] * sizeof(out->state[0]));
			break;
		}
	return 0;
}

int pidle_states_sets_parse(struct pidle_tok rest, struct pidle_states *out,
			    struct pidle_err *err)
{
	struct pidle_tok item, cpus;
	struct pidle_err inner;
	unsigned int k = 0, j;
	int ret;

	memset(out, 0, sizeof(*out));
	while (pidle_tok_next(&rest, ';', &item)) {
		struct pidle_cpu_set *set = &out->set[k];

		ret = pidle_set_item(&pidle_states_set_syntax, k, &item, &cpus,
				     &set->cpus, err);
		if (ret)
			return ret;
		ret = pidle_states_table_parse(item, set->state, &set->nr_own,
					       &inner);
		if (ret)
			return pidle_set_err(&pidle_states_set_syntax, err, k,
					     &cpus, inner.msg);
		for (j = 0; j < k; j++) {
			ret = pidle_set_disjoint(&pidle_states_set_syntax, k, &cpus,
						 &set->cpus, j, &out->set[j].cpus,
						 err);
			if (ret)
				return ret;
		}
		k++;
	}
	if (k < 2)
		return pidle_err(err, "states", "one CPU set: give a table per set (CPUS=TABLE;CPUS=TABLE), or one table without CPUS= for every CPU");
	out->nr_sets = k;
	return pidle_sets_layout(out, err);
}

/* A set's own table, as it was given: its states, slot by slot. */
static int pidle_set_table_print(const struct pidle_cpu_set *set, char *buf,
				 size_t size)
{
	struct pidle_state_desc own[PIDLE_MAX_STATES];
	unsigned int i;

	for (i = 0; i < set->nr_own; i++)
		own[i] = set->state[set->slot[i]];
	return pidle_states_table_print(own, set->nr_own, buf, size);
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
		n = pidle_set_table_print(&st->set[k], buf + len, size - len);
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
		if (pidle_cpu_list_has(&st->set[k].cpus, cpu))
			return k;
	return -1;
}

const struct pidle_state_desc *pidle_states_of_cpu(const struct pidle_states *st,
						    unsigned int cpu)
{
	int k = pidle_states_set_of(st, cpu);

	return k < 0 ? st->state : st->set[k].state;
}

bool pidle_states_cpu_has(const struct pidle_states *st, unsigned int cpu,
			  unsigned int state)
{
	int k = pidle_states_set_of(st, cpu);

	if (state >= st->nr_states)
		return false;
	return k < 0 || (st->set[k].present & (1u << state));
}

/* The same CPUs, however written: compared run by run (pidle_set_run()). */
bool pidle_cpu_list_equal(const struct pidle_cpu_list *a,
			  const struct pidle_cpu_list *b)
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
		if (!pidle_cpu_list_equal(&a->set[k].cpus, &b->set[k].cpus))
			return false;
	return true;
}

/* The first state at level @level where sets @a and @b differ, or -1. */
static int pidle_sets_differ_at(const struct pidle_states *st,
				const struct pidle_topology *topo,
				unsigned int level, unsigned int a,
				unsigned int b)
{
	unsigned int i;

	for (i = 0; i < st->nr_states; i++) {
		const struct pidle_state_desc *sa = &st->set[a].state[i];
		bool ha = st->set[a].present & (1u << i);
		bool hb = st->set[b].present & (1u << i);

		if (pidle_topology_level_index(topo, sa->level_name) != (int)level)
			continue;
		if (ha != hb || (ha && !pidle_state_same(sa, &st->set[b].state[i])))
			return i;
	}
	return -1;
}

/* Set @k's name of slot @i for a message: "-" where it has no state. */
static const char *pidle_set_slot_name(const struct pidle_states *st,
				       unsigned int k, unsigned int i)
{
	return st->set[k].present & (1u << i) ? st->set[k].state[i].name : "-";
}

/*
 * Every domain of @level whose CPUs are in several sets needs those sets
 * to agree on the level's states. Linear in the CPUs: each domain
 * remembers the set of its first CPU (@first, one per domain) and every
 * other CPU's set is compared with it, through @diff, the first differing
 * state of each pair of sets at this level.
 */
static int pidle_check_level(const struct pidle_states *st,
			     const struct pidle_topology *topo,
			     unsigned int level, int *first,
			     struct pidle_err *err)
{
	const struct pidle_topo_level *tl = &topo->level[level - 1];
	char ca[PIDLE_CPU_SET_STR_LEN], cb[PIDLE_CPU_SET_STR_LEN];
	int diff[PIDLE_MAX_CPU_SETS][PIDLE_MAX_CPU_SETS];
	unsigned int a, b, cpu, dom;
	int i;

	for (a = 0; a < st->nr_sets; a++)
		for (b = 0; b < st->nr_sets; b++)
			diff[a][b] = pidle_sets_differ_at(st, topo, level, a, b);
	for (dom = 0; dom < tl->nr_domains; dom++)
		first[dom] = -1;
	for (cpu = 0; cpu < topo->nr_cpus; cpu++) {
		dom = tl->domain_of_cpu[cpu];
		b = pidle_states_set_of(st, cpu);
		if (first[dom] < 0) {
			first[dom] = b;
			continue;
		}
		a = first[dom];
		i = diff[a][b];
		if (i < 0)
			continue;
		pidle_cpu_set_print(&st->set[a], ca, sizeof(ca));
		pidle_cpu_set_print(&st->set[b], cb, sizeof(cb));
		return pidle_err(err, "states", "%s domain %u spans set %u (CPUs %s) and set %u (CPUs %s), whose state %d (%s%s%s) at level \"%s\" differs: a domain goes down in one state whichever CPU is its last man",
				 tl->name, dom, a, ca, b, cb, i,
				 pidle_set_slot_name(st, a, i),
				 strcmp(pidle_set_slot_name(st, a, i),
					pidle_set_slot_name(st, b, i)) ? "/" : "",
				 strcmp(pidle_set_slot_name(st, a, i),
					pidle_set_slot_name(st, b, i)) ?
				 pidle_set_slot_name(st, b, i) : "",
				 tl->name);
	}
	return 0;
}

int pidle_config_check_sets(const struct pidle_states *st,
			    const struct pidle_topology *topo,
			    struct pidle_err *err)
{
	/* Whole lists: pidle_err() says so if the sentence is too long. */
	char ca[PIDLE_CPU_SET_STR_LEN];
	unsigned int k, i, cpu, l, most = 0;
	int *first;
	int ret = 0;

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
	for (l = 0; l < topo->nr_levels; l++)
		most = max(most, topo->level[l].nr_domains);
	first = kcalloc(most ? most : 1, sizeof(*first), GFP_KERNEL);
	if (!first) {
		pidle_err(err, "states", "no memory to check the CPU sets against the topology");
		return -ENOMEM;
	}
	for (l = 1; l <= topo->nr_levels && !ret; l++)
		ret = pidle_check_level(st, topo, l, first, err);
	kfree(first);
	return ret;
}
