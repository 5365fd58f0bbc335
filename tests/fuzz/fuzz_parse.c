// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the configuration parsers (pidle_states.c,
 * pidle_topology.c, pidle_config.c).
 *
 * The input is seven lines, each what the module would get for one
 * parameter (a missing line is empty):
 *
 *	states=		(empty: the default table, trimmed to the topology,
 *			 as the module does when states= is not given)
 *	topology=
 *	CPU count	(decimal; empty or 0: the description defines it, as
 *			 in pidle-topo; the module passes nr_cpu_ids)
 *	wait=
 *	domain_policy=
 *	mode=
 *	domain_gov=
 *
 * Every value is parsed, whatever the others did, and:
 *
 * - rejected: the return is -EINVAL, the output is untouched, and the
 *   message is one printable line that starts with the parameter's name;
 * - accepted: the result keeps every promise of <pidle/config.h> (checked
 *   here from the structure, not by the parser's own code), and its
 *   canonical print is a fixed point: print, parse, print again gives the
 *   same string and the same structure;
 * - the value with a trailing newline (what "echo > parameter" writes)
 *   parses the same, with no struct pidle_err to fill;
 * - the compact print (ranges with steps, DOMAIN*COUNT@STRIDE runs) is a
 *   fixed point too, parses to the same structure as the explicit one, is
 *   at most twice as long, and is what pidle_topology_show() gives when
 *   the explicit form does not fit;
 * - a print into exactly length + 1 bytes succeeds; one byte less, half,
 *   one byte and none are -ENOSPC; none writes past the buffer (ASan: the
 *   buffers are heap blocks of exactly that size);
 * - each allocation of a successful topology parse or print, made to fail
 *   in turn, gives -ENOMEM, leaves the output untouched and leaks nothing.
 *
 * With states and topology both accepted, pidle_config_check() either
 * accepts, and then the table fits the topology (checked here), or refuses
 * with a "states: " message; pidle_mode_check() accepts PC exactly when
 * the table (each set's own) is in order across its levels too, and OSI
 * exactly when no domain state hangs off a polling deepest CPU state.
 * domain_gov=, accepted, prints back as a fixed point and, with the
 * topology accepted, either passes pidle_dgov_check() (every level then
 * resolves to a built-in name, and the resolved print parses back to the
 * same per-level choice) or is refused naming domain_gov.
 */
#include <errno.h>
#include <stdbool.h>
#include <linux/slab.h>
#include <pidle/config.h>
#include "fuzz.h"

#define NO_DOMAIN	(~0u)

static bool is_name(const char *s)
{
	size_t n = strlen(s), i;

	if (!n || n >= PIDLE_NAME_LEN)
		return false;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '.' ||
		      s[i] == '-'))
			return false;
	return true;
}

/* A refusal: -EINVAL, one printable line naming the parameter. */
static void check_refusal(int ret, const struct pidle_err *err,
			  const char *param)
{
	size_t len = strnlen(err->msg, sizeof(err->msg)), i;

	FUZZ_CHECK(ret == -EINVAL, "%s: returned %d", param, ret);
	FUZZ_CHECK(len < sizeof(err->msg), "%s: message not terminated", param);
	FUZZ_CHECK(err->param && !strcmp(err->param, param),
		   "%s: the error carries parameter \"%s\"", param,
		   err->param ? err->param : "(none)");
	FUZZ_CHECK(!strncmp(err->msg, param, strlen(param)) &&
		   !strncmp(err->msg + strlen(param), ": ", 2),
		   "message \"%s\" does not start with \"%s: \"", err->msg, param);
	FUZZ_CHECK(len > strlen(param) + 2, "%s: empty message", param);
	for (i = 0; i < len; i++)
		FUZZ_CHECK(err->msg[i] >= 0x20 && err->msg[i] < 0x7f,
			   "message \"%s\": byte %zu is not printable", err->msg, i);
}

/* @str followed by a newline, in a new heap block. */
static char *with_newline(const char *str)
{
	size_t len = strlen(str);
	char *buf = malloc(len + 2);

	FUZZ_CHECK(buf, "out of memory");
	memcpy(buf, str, len);
	memcpy(buf + len, "\n", 2);
	return buf;
}

/*
 * The print contract: the canonical string fits in len + 1 bytes and in
 * nothing shorter, with nothing written past the buffer.
 */
typedef int (*print_fn)(const void *obj, char *buf, size_t size);

static void check_print_bounds(print_fn print, const void *obj,
			       const char *canon, const char *what)
{
	size_t len = strlen(canon), size[] = { len, len / 2, 1, 0 }, i;
	char *buf = malloc(len + 1);
	int ret;

	FUZZ_CHECK(buf, "out of memory");
	ret = print(obj, buf, len + 1);
	FUZZ_CHECK(ret == (int)len && !strcmp(buf, canon),
		   "%s: print into %zu bytes returned %d", what, len + 1, ret);
	free(buf);
	for (i = 0; i < sizeof(size) / sizeof(size[0]); i++) {
		buf = malloc(size[i]);
		FUZZ_CHECK(buf || !size[i], "out of memory");
		ret = print(obj, buf, size[i]);
		FUZZ_CHECK(ret == -ENOSPC, "%s: print of %zu characters into %zu bytes returned %d",
			   what, len, size[i], ret);
		free(buf);
	}
}

static int states_print(const void *st, char *buf, size_t size)
{
	return pidle_states_print(st, buf, size);
}

static int topology_print(const void *topo, char *buf, size_t size)
{
	return pidle_topology_print(topo, buf, size);
}

static int topology_print_compact(const void *topo, char *buf, size_t size)
{
	return pidle_topology_print_compact(topo, buf, size);
}

/* What pidle_states_parse() promises of a table it accepts. */
/* One table as parsed: each level's states in order, names unique. */
static void check_table(const struct pidle_state_desc *sd, unsigned int nr,
			unsigned int k)
{
	unsigned int i, j;

	for (i = 1; i < nr; i++) {
		for (j = i; j-- > 0; )
			if (!strcmp(sd[j].level_name, sd[i].level_name))
				break;
		if (j < i) {
			FUZZ_CHECK(sd[i].exit_latency_ns >= sd[j].exit_latency_ns,
				   "table %u state %u: exit latency decreases", k, i);
			FUZZ_CHECK(sd[i].target_residency_ns >= sd[j].target_residency_ns,
				   "table %u state %u: target residency decreases", k, i);
			FUZZ_CHECK(pidle_state_wake_latency_ns(&sd[i]) >=
				   pidle_state_wake_latency_ns(&sd[j]),
				   "table %u state %u: entry+exit latency decreases", k, i);
		}
		for (j = 0; j < i; j++)
			FUZZ_CHECK(strcmp(sd[j].name, sd[i].name),
				   "table %u: states %u and %u share a name", k, j, i);
	}
}

/* Whether a table is in order across its levels too (cpuidle's, PC mode). */
static bool table_in_order(const struct pidle_state_desc *state,
			   const u8 *slot, unsigned int nr)
{
	unsigned int i;

	for (i = 1; i < nr; i++) {
		const struct pidle_state_desc *a = &state[slot ? slot[i - 1] : i - 1];
		const struct pidle_state_desc *b = &state[slot ? slot[i] : i];

		if (b->target_residency_ns < a->target_residency_ns ||
		    b->exit_latency_ns < a->exit_latency_ns ||
		    pidle_state_wake_latency_ns(b) < pidle_state_wake_latency_ns(a))
			return false;
	}
	return true;
}

static void check_states(const struct pidle_states *st)
{
	struct pidle_state_desc own[PIDLE_MAX_STATES];
	unsigned int i, k;

	FUZZ_CHECK(st->nr_states >= 1 && st->nr_states <= PIDLE_MAX_STATES,
		   "%u states", st->nr_states);
	for (i = 0; i < st->nr_states; i++) {
		const struct pidle_state_desc *sd = &st->state[i];

		FUZZ_CHECK(is_name(sd->name), "state %u: bad name", i);
		FUZZ_CHECK(is_name(sd->level_name), "state %u: bad level", i);
		FUZZ_CHECK(sd->exit_latency_ns <= PIDLE_MAX_EXIT_LATENCY_US * 1000 &&
			   sd->exit_latency_ns % 1000 == 0,
			   "state %u: exit latency %llu ns", i, sd->exit_latency_ns);
		FUZZ_CHECK(sd->entry_latency_ns % 1000 == 0 &&
			   pidle_state_wake_latency_ns(sd) <= PIDLE_MAX_EXIT_LATENCY_US * 1000,
			   "state %u: entry %llu + exit %llu ns", i,
			   sd->entry_latency_ns, sd->exit_latency_ns);
		FUZZ_CHECK(sd->target_residency_ns <= PIDLE_MAX_TIME_US * 1000 &&
			   sd->target_residency_ns % 1000 == 0,
			   "state %u: residency %llu ns", i, sd->target_residency_ns);
		FUZZ_CHECK(sd->power_mw <= PIDLE_MAX_POWER_MW &&
			   sd->energy_uj <= PIDLE_MAX_ENERGY_UJ,
			   "state %u: power %u mW, energy %u uJ", i, sd->power_mw,
			   sd->energy_uj);
	}
	if (!st->nr_sets) {
		check_table(st->state, st->nr_states, 0);
		return;
	}
	/*
	 * Tables of different lengths: each set's own table in ascending
	 * slots of the same levels as the common layout's, every level's
	 * last slot its deepest there.
	 */
	for (k = 0; k < st->nr_sets; k++) {
		const struct pidle_cpu_set *set = &st->set[k];

		FUZZ_CHECK(set->nr_own >= 1 && set->nr_own <= st->nr_states &&
			   (unsigned int)__builtin_popcount(set->present) == set->nr_own &&
			   !(set->present >> st->nr_states),
			   "set %u: %u states, present %#x of %u slots", k,
			   set->nr_own, set->present, st->nr_states);
		for (i = 0; i < set->nr_own; i++) {
			FUZZ_CHECK(set->slot[i] < st->nr_states &&
				   (!i || set->slot[i] > set->slot[i - 1]) &&
				   (set->present & (1u << set->slot[i])),
				   "set %u: state %u in slot %u", k, i, set->slot[i]);
			own[i] = set->state[set->slot[i]];
		}
		for (i = 0; i < st->nr_states; i++) {
			FUZZ_CHECK(!strcmp(set->state[i].level_name,
					   st->state[i].level_name),
				   "set %u slot %u: level %s, the layout's %s", k, i,
				   set->state[i].level_name, st->state[i].level_name);
			if (i + 1 == st->nr_states ||
			    strcmp(st->state[i].level_name, st->state[i + 1].level_name))
				FUZZ_CHECK(set->present & (1u << i),
					   "set %u lacks slot %u, its level's last", k, i);
		}
		check_table(own, set->nr_own, k);
	}
}

static void fuzz_states(const char *str)
{
	struct pidle_states a, b, before;
	struct pidle_err err = { 0 };
	char canon[PIDLE_PARAM_LEN], again[PIDLE_PARAM_LEN], *nl;
	int ret;

	memset(&a, 0x5a, sizeof(a));
	before = a;
	ret = pidle_states_parse(str, &a, &err);
	if (ret) {
		check_refusal(ret, &err, "states");
		FUZZ_CHECK(!memcmp(&a, &before, sizeof(a)), "output written on error");
		nl = with_newline(str);
		FUZZ_CHECK(pidle_states_parse(nl, &a, NULL) == ret,
			   "with a newline: accepted, or another error");
		free(nl);
		return;
	}
	check_states(&a);
	nl = with_newline(str);
	ret = pidle_states_parse(nl, &b, NULL);
	FUZZ_CHECK(!ret && a.nr_states == b.nr_states &&
		   !memcmp(a.state, b.state, a.nr_states * sizeof(a.state[0])),
		   "with a newline: returned %d, or a different table", ret);
	free(nl);
	/* 10 states of at most 61 characters each: always fits. */
	ret = pidle_states_print(&a, canon, sizeof(canon));
	FUZZ_CHECK(ret > 0 && (size_t)ret == strlen(canon), "print returned %d", ret);
	ret = pidle_states_parse(canon, &b, &err);
	FUZZ_CHECK(!ret, "canonical \"%s\" refused: %s", canon, err.msg);
	FUZZ_CHECK(a.nr_states == b.nr_states &&
		   !memcmp(a.state, b.state, a.nr_states * sizeof(a.state[0])),
		   "\"%s\" reparses to a different table", canon);
	/* A table per CPU set: the same sets, CPUs and tables. */
	FUZZ_CHECK(a.nr_sets == b.nr_sets &&
		   !memcmp(a.set, b.set, a.nr_sets * sizeof(a.set[0])),
		   "\"%s\" reparses to different CPU sets", canon);
	FUZZ_CHECK(a.nr_sets != 1 && a.nr_sets <= PIDLE_MAX_CPU_SETS,
		   "%u CPU sets", a.nr_sets);
	pidle_states_print(&b, again, sizeof(again));
	FUZZ_CHECK(!strcmp(canon, again), "\"%s\" prints back as \"%s\"", canon, again);
	check_print_bounds(states_print, &a, canon, "states");
}

/* The first power set holding @cpu, or -1. */
static int fuzz_power_set_of(const struct pidle_states *st,
				     unsigned int cpu)
{
	unsigned int k, r;

	for (k = 0; k < st->nr_power_sets; k++)
		for (r = 0; r < st->power_set[k].cpus.nr_ranges; r++)
			if (cpu >= st->power_set[k].cpus.range[r].first &&
			    cpu <= st->power_set[k].cpus.range[r].last)
				return k;
	return -1;
}

/* power=: refused untouched, or printed back and reparsed the same. */
static void fuzz_power(const char *str)
{
	struct pidle_states a, b, before;
	struct pidle_err err = { 0 };
	char canon[PIDLE_PARAM_LEN], again[PIDLE_PARAM_LEN];
	unsigned int i, j, k;
	int ret;

	memset(&a, 0x5a, sizeof(a));
	before = a;
	ret = pidle_power_parse(str, &a, &err);
	if (ret) {
		check_refusal(ret, &err, "power");
		FUZZ_CHECK(!memcmp(&a, &before, sizeof(a)), "output written on error");
		return;
	}
	FUZZ_CHECK(a.nr_up <= PIDLE_MAX_LEVELS + 1, "%u levels", a.nr_up);
	FUZZ_CHECK(!memcmp(a.state, before.state, sizeof(a.state)) &&
		   !memcmp(a.set, before.set, sizeof(a.set)) &&
		   a.nr_sets == before.nr_sets,
		   "power= wrote the state table");
	for (i = 0; i < a.nr_up; i++)
		FUZZ_CHECK(is_name(a.up[i].level_name) &&
			   a.up[i].power_mw <= PIDLE_MAX_POWER_MW,
			   "item %u: level or power out of range", i);
	/* Per set: 2..4 sets, disjoint, each list sane; set 0's on top. */
	FUZZ_CHECK(a.nr_power_sets == 0 ||
		   (a.nr_power_sets >= 2 && a.nr_power_sets <= PIDLE_MAX_CPU_SETS),
		   "%u power sets", a.nr_power_sets);
	for (k = 0; k < a.nr_power_sets; k++) {
		const struct pidle_power_set *ps = &a.power_set[k];

		FUZZ_CHECK(ps->cpus.nr_ranges >= 1 &&
			   ps->cpus.nr_ranges <= PIDLE_MAX_SET_RANGES &&
			   ps->nr_up <= PIDLE_MAX_LEVELS + 1,
			   "power set %u: %u ranges, %u levels", k,
			   ps->cpus.nr_ranges, ps->nr_up);
		for (i = 0; i < ps->nr_up; i++)
			FUZZ_CHECK(is_name(ps->up[i].level_name) &&
				   ps->up[i].power_mw <= PIDLE_MAX_POWER_MW,
				   "set %u item %u: level or power out of range", k, i);
		for (j = 0; j < k; j++)
			for (i = 0; i < ps->cpus.nr_ranges; i++)
				FUZZ_CHECK(fuzz_power_set_of(&a, ps->cpus.range[i].first) == (int)k,
					   "power set %u: CPU %u also in set %u", k,
					   ps->cpus.range[i].first, j);
	}
	if (a.nr_power_sets)
		FUZZ_CHECK(a.nr_up == a.power_set[0].nr_up &&
			   !memcmp(a.up, a.power_set[0].up, a.nr_up * sizeof(a.up[0])),
			   "top-level list is not set 0's");
	ret = pidle_power_print(&a, canon, sizeof(canon));
	FUZZ_CHECK(ret > 0 && (size_t)ret == strlen(canon), "print returned %d", ret);
	memset(&b, 0, sizeof(b));
	ret = pidle_power_parse(canon, &b, &err);
	FUZZ_CHECK(!ret && a.nr_up == b.nr_up &&
		   !memcmp(a.up, b.up, a.nr_up * sizeof(a.up[0])) &&
		   a.nr_power_sets == b.nr_power_sets,
		   "canonical \"%s\" refused or different: %s", canon, err.msg);
	for (k = 0; k < a.nr_power_sets; k++)
		FUZZ_CHECK(a.power_set[k].nr_up == b.power_set[k].nr_up &&
			   !memcmp(a.power_set[k].up, b.power_set[k].up,
				   a.power_set[k].nr_up * sizeof(a.up[0])),
			   "canonical \"%s\": set %u differs", canon, k);
	pidle_power_print(&b, again, sizeof(again));
	FUZZ_CHECK(!strcmp(canon, again), "\"%s\" prints back as \"%s\"", canon, again);
}

/* What pidle_topology_parse() promises of a description it accepts. */
static void check_topology(const struct pidle_topology *t, unsigned int nr_cpus)
{
	unsigned int *parent = calloc(t->nr_cpus, sizeof(*parent));
	unsigned int *count = calloc(t->nr_cpus, sizeof(*count));
	unsigned int i, j, cpu, next;

	FUZZ_CHECK(parent && count, "out of memory");
	FUZZ_CHECK(t->nr_cpus >= 1 && t->nr_cpus <= PIDLE_MAX_CPUS, "%u CPUs",
		   t->nr_cpus);
	FUZZ_CHECK(!nr_cpus || t->nr_cpus == nr_cpus, "%u CPUs, asked for %u",
		   t->nr_cpus, nr_cpus);
	FUZZ_CHECK(t->nr_levels <= PIDLE_MAX_LEVELS, "%u levels", t->nr_levels);
	for (i = 0; i < t->nr_levels; i++) {
		const struct pidle_topo_level *l = &t->level[i];

		FUZZ_CHECK(is_name(l->name) && strcmp(l->name, PIDLE_LEVEL_CPU),
			   "level %u: bad name", i);
		for (j = 0; j < i; j++)
			FUZZ_CHECK(strcmp(l->name, t->level[j].name),
				   "levels %u and %u share a name", j, i);
		FUZZ_CHECK(l->nr_domains >= 1 && l->nr_domains <= t->nr_cpus,
			   "level %s: %u domains", l->name, l->nr_domains);
		/* Numbered by lowest CPU: first seen in order 0, 1, 2, ... */
		next = 0;
		for (cpu = 0; cpu < t->nr_cpus; cpu++) {
			unsigned int d = l->domain_of_cpu[cpu];

			FUZZ_CHECK(d <= next && d < l->nr_domains,
				   "level %s: CPU %u in domain %u (next new: %u)",
				   l->name, cpu, d, next);
			if (d == next)
				next++;
		}
		FUZZ_CHECK(next == l->nr_domains, "level %s: %u of %u domains used",
			   l->name, next, l->nr_domains);
		memset(count, 0, t->nr_cpus * sizeof(*count));
		for (cpu = 0; cpu < t->nr_cpus; cpu++)
			FUZZ_CHECK(++count[l->domain_of_cpu[cpu]] <= PIDLE_MAX_DOMAIN_CPUS,
				   "level %s: domain too large", l->name);
		if (!i)
			continue;
		/* Each domain of the level below sits in one domain of this one. */
		for (j = 0; j < t->level[i - 1].nr_domains; j++)
			parent[j] = NO_DOMAIN;
		for (cpu = 0; cpu < t->nr_cpus; cpu++) {
			unsigned int d = t->level[i - 1].domain_of_cpu[cpu];

			if (parent[d] == NO_DOMAIN)
				parent[d] = l->domain_of_cpu[cpu];
			FUZZ_CHECK(parent[d] == l->domain_of_cpu[cpu],
				   "level %s: domain %u split by %s",
				   t->level[i - 1].name, d, l->name);
		}
	}
	free(parent);
	free(count);
}

static bool topology_equal(const struct pidle_topology *a,
			   const struct pidle_topology *b)
{
	unsigned int i;

	if (a->nr_cpus != b->nr_cpus || a->nr_levels != b->nr_levels)
		return false;
	for (i = 0; i < a->nr_levels; i++)
		if (strcmp(a->level[i].name, b->level[i].name) ||
		    a->level[i].nr_domains != b->level[i].nr_domains ||
		    memcmp(a->level[i].domain_of_cpu, b->level[i].domain_of_cpu,
			   a->nr_cpus * sizeof(unsigned int)))
			return false;
	return true;
}

/* Each allocation of a parse, then of a print, failing in turn. */
static void check_topology_enomem(const char *str, unsigned int nr_cpus,
				  const struct pidle_topology *good,
				  unsigned long parse_allocs)
{
	struct pidle_topology t, before;
	struct pidle_err err = { 0 };
	unsigned long n;
	char buf[16];
	int ret;

	memset(&t, 0x5a, sizeof(t));
	before = t;
	for (n = 1; n <= parse_allocs; n++) {
		pidle_shim_fail_alloc_at = pidle_shim_allocs + n;
		ret = pidle_topology_parse(str, nr_cpus, &t, &err);
		pidle_shim_fail_alloc_at = 0;
		FUZZ_CHECK(ret == -ENOMEM, "allocation %lu of %lu failing: parse returned %d",
			   n, parse_allocs, ret);
		FUZZ_CHECK(!memcmp(&t, &before, sizeof(t)), "output written on -ENOMEM");
	}
	if (!good->nr_levels)
		return;		/* "none" allocates nothing to print */
	for (n = 1; n <= 2; n++) {
		pidle_shim_fail_alloc_at = pidle_shim_allocs + n;
		ret = pidle_topology_print(good, buf, sizeof(buf));
		pidle_shim_fail_alloc_at = 0;
		FUZZ_CHECK(ret == -ENOMEM, "print allocation %lu failing: returned %d",
			   n, ret);
	}
}

/* Returns true, with @out filled, when @str is accepted. */
static bool fuzz_topology(const char *str, unsigned int nr_cpus,
			  struct pidle_topology *out)
{
	struct pidle_topology a, b, before;
	struct pidle_err err = { 0 };
	/* Worst case: every CPU its own domain, "NNNN," each, on every level. */
	static char canon[PIDLE_MAX_LEVELS * (PIDLE_MAX_CPUS * 5 + PIDLE_NAME_LEN + 2)];
	static char again[sizeof(canon)];
	unsigned long allocs = pidle_shim_allocs;
	char *nl = with_newline(str);
	int ret;

	memset(&a, 0x5a, sizeof(a));
	before = a;
	ret = pidle_topology_parse(str, nr_cpus, &a, &err);
	if (ret) {
		check_refusal(ret, &err, "topology");
		FUZZ_CHECK(!memcmp(&a, &before, sizeof(a)), "output written on error");
		FUZZ_CHECK(pidle_topology_parse(nl, nr_cpus, &b, NULL) == ret,
			   "with a newline: accepted, or another error");
		free(nl);
		return false;
	}
	allocs = pidle_shim_allocs - allocs;
	check_topology(&a, nr_cpus);
	ret = pidle_topology_parse(nl, nr_cpus, &b, NULL);
	FUZZ_CHECK(!ret && topology_equal(&a, &b), "with a newline: returned %d, or differs",
		   ret);
	pidle_topology_free(&b);
	free(nl);
	ret = pidle_topology_print(&a, canon, sizeof(canon));
	FUZZ_CHECK(ret > 0 && (size_t)ret == strlen(canon), "print returned %d", ret);
	/* The canonical form names every CPU: it needs no CPU count... */
	ret = pidle_topology_parse(canon, a.nr_levels ? 0 : a.nr_cpus, &b, &err);
	FUZZ_CHECK(!ret, "canonical \"%.200s\" refused: %s", canon, err.msg);
	FUZZ_CHECK(topology_equal(&a, &b), "\"%.200s\" reparses differently", canon);
	ret = pidle_topology_print(&b, again, sizeof(again));
	FUZZ_CHECK(ret > 0 && !strcmp(canon, again), "\"%.200s\" prints back as \"%.200s\"",
		   canon, again);
	pidle_topology_free(&b);
	/* ... and parses the same for its own count. */
	ret = pidle_topology_parse(canon, a.nr_cpus, &b, &err);
	FUZZ_CHECK(!ret && topology_equal(&a, &b), "\"%.200s\" for %u CPUs: %s",
		   canon, a.nr_cpus, ret ? err.msg : "differs");
	pidle_topology_free(&b);
	check_print_bounds(topology_print, &a, canon, "topology");

	/*
	 * The compact form: the same structure, a fixed point. Not always
	 * shorter: "3,19" is "3*2@16" (found by this fuzzer); a run of two
	 * costs a few characters at most, a long run saves its length.
	 */
	ret = pidle_topology_print_compact(&a, again, sizeof(again));
	FUZZ_CHECK(ret > 0 && (size_t)ret == strlen(again) &&
		   (size_t)ret <= 2 * strlen(canon),
		   "compact print returned %d (explicit: %zu)", ret, strlen(canon));
	ret = pidle_topology_parse(again, a.nr_levels ? 0 : a.nr_cpus, &b, &err);
	FUZZ_CHECK(!ret, "compact \"%.200s\" refused: %s", again, err.msg);
	FUZZ_CHECK(topology_equal(&a, &b), "compact \"%.200s\" reparses differently", again);
	ret = pidle_topology_print_compact(&b, canon, sizeof(canon));
	FUZZ_CHECK(ret > 0 && !strcmp(canon, again), "compact \"%.200s\" prints back as \"%.200s\"",
		   again, canon);
	pidle_topology_free(&b);
	check_print_bounds(topology_print_compact, &a, again, "topology compact");
	/* show: explicit when it fits, else compact. */
	{
		size_t elen = pidle_topology_print(&a, canon, sizeof(canon));
		size_t clen = strlen(again);
		char *page = malloc(elen + 1);

		FUZZ_CHECK(page, "out of memory");
		ret = pidle_topology_show(&a, page, elen + 1);
		FUZZ_CHECK(ret == (int)elen && !strcmp(page, canon), "show into %zu bytes: %d",
			   elen + 1, ret);
		ret = pidle_topology_show(&a, page, elen);
		FUZZ_CHECK(elen <= clen ? ret == -ENOSPC :
			   ret == (int)clen && !strcmp(page, again),
			   "show into %zu bytes (compact %zu): %d", elen, clen, ret);
		free(page);
	}
	check_topology_enomem(str, nr_cpus, &a, allocs);
	*out = a;
	return true;
}

/* Every domain of @level one up power, whichever of its CPUs' lists. */
static void fuzz_check_up_power(const struct pidle_states *st,
				const struct pidle_topology *topo, unsigned int level)
{
	const struct pidle_topo_level *tl = &topo->level[level - 1];
	long *mw = malloc(tl->nr_domains * sizeof(*mw));
	const struct pidle_level_power *up;
	unsigned int cpu, j, n;
	long a;

	FUZZ_CHECK(mw, "out of memory");
	for (j = 0; j < tl->nr_domains; j++)
		mw[j] = -1;
	for (cpu = 0; cpu < topo->nr_cpus; cpu++) {
		n = pidle_power_of_cpu(st, cpu, &up);
		a = 0;
		for (j = 0; j < n; j++)
			if (pidle_topology_level_index(topo, up[j].level_name) == (int)level)
				a = up[j].power_mw;
		if (mw[tl->domain_of_cpu[cpu]] < 0)
			mw[tl->domain_of_cpu[cpu]] = a;
		FUZZ_CHECK(mw[tl->domain_of_cpu[cpu]] == a, "%s domain %u: CPU %u up %ld mW, its first CPU's %ld",
			   tl->name, tl->domain_of_cpu[cpu], cpu, a, mw[tl->domain_of_cpu[cpu]]);
	}
	free(mw);
}

/* What pidle_config_check() promises of a table and topology it accepts. */
static void fuzz_config_check(const struct pidle_states *st,
			      const struct pidle_topology *topo)
{
	unsigned int per_level[PIDLE_MAX_LEVELS + 1] = { 0 };
	struct pidle_err err = { 0 };
	int ret, level, prev = 0;
	unsigned int i;

	ret = pidle_config_check(st, topo, &err);
	if (ret) {
		check_refusal(ret, &err, strncmp(err.msg, "power", 5) ?
					 "states" : "power");
		return;
	}
	for (i = 0; i < st->nr_up; i++)
		FUZZ_CHECK(pidle_topology_level_index(topo, st->up[i].level_name) >= 0,
			   "power item %u: level %s not in the topology", i,
			   st->up[i].level_name);
	/*
	 * power= per set: as many sets as states=, every CPU's power set
	 * holding exactly its states= set's CPUs, and every domain one up
	 * power at its level whichever of its CPUs' lists gives it.
	 */
	if (st->nr_power_sets) {
		FUZZ_CHECK(st->nr_sets == st->nr_power_sets, "%u power sets for %u sets",
			   st->nr_power_sets, st->nr_sets);
		for (i = 0; i < topo->nr_cpus; i++)
			FUZZ_CHECK(fuzz_power_set_of(st, i) >= 0, "CPU %u in no power set", i);
		for (i = 0; i < topo->nr_levels; i++)
			fuzz_check_up_power(st, topo, i + 1);
	}
	for (i = 0; i < st->nr_states; i++) {
		level = pidle_topology_level_index(topo, st->state[i].level_name);
		FUZZ_CHECK(level >= 0, "state %u: level %s not in the topology", i,
			   st->state[i].level_name);
		FUZZ_CHECK(level == 0 ||
			   !strcmp(topo->level[level - 1].name, st->state[i].level_name),
			   "state %u: level index %d is wrong", i, level);
		FUZZ_CHECK(i || level == 0, "state 0 above cpu level");
		FUZZ_CHECK(level >= prev, "state %u: level decreases", i);
		FUZZ_CHECK(!level || ++per_level[level] <= PIDLE_MAX_DOMAIN_STATES,
			   "state %u: too many states at one level", i);
		prev = level;
	}
}

static void fuzz_words(const char *wait, const char *policy)
{
	struct pidle_err err = { 0 };
	enum pidle_wait w = 77, w2;
	enum pidle_policy p = 77, p2;
	int ret;

	ret = pidle_wait_parse(wait, &w, &err);
	if (ret) {
		check_refusal(ret, &err, "wait");
		FUZZ_CHECK(w == 77, "wait written on error");
	} else {
		FUZZ_CHECK(!pidle_wait_parse(pidle_wait_name(w), &w2, &err) && w2 == w,
			   "wait %s does not reparse", pidle_wait_name(w));
	}
	ret = pidle_policy_parse(policy, &p, &err);
	if (ret) {
		check_refusal(ret, &err, "domain_policy");
		FUZZ_CHECK(p == 77, "domain_policy written on error");
	} else {
		FUZZ_CHECK(!pidle_policy_parse(pidle_policy_name(p), &p2, &err) && p2 == p,
			   "domain_policy %s does not reparse", pidle_policy_name(p));
	}
}

/* mode=: refused untouched, or its name reparses to it. */
static void fuzz_mode(const char *str)
{
	struct pidle_err err = { 0 };
	enum pidle_mode m = 77, m2;
	int ret;

	ret = pidle_mode_parse(str, &m, &err);
	if (ret) {
		check_refusal(ret, &err, "mode");
		FUZZ_CHECK(m == 77, "mode written on error");
		return;
	}
	FUZZ_CHECK(!pidle_mode_parse(pidle_mode_name(m), &m2, &err) && m2 == m,
		   "mode %s does not reparse", pidle_mode_name(m));
}

/* What pidle_mode_check() promises, from the table itself. */
static void fuzz_mode_check(const struct pidle_states *st)
{
	struct pidle_err err = { 0 };
	unsigned int i, j, deepest_cpu = 0;
	bool polling, lacks = false, ordered;
	int ret;

	ordered = st->nr_sets || table_in_order(st->state, NULL, st->nr_states);

	for (i = 0; i < st->nr_sets; i++)
		ordered &= table_in_order(st->set[i].state, st->set[i].slot, st->set[i].nr_own);
	ret = pidle_mode_check(PIDLE_MODE_PC, st, &err);
	if (ret)
		check_refusal(ret, &err, "states");
	FUZZ_CHECK(!ret == ordered, "PC %s a table %sin order across its levels: %s",
		   ret ? "refused" : "accepted", ordered ? "" : "not ", err.msg);
	for (i = 0; i < st->nr_states; i++)
		if (!strcmp(st->state[i].level_name, PIDLE_LEVEL_CPU))
			deepest_cpu = i;
	polling = deepest_cpu + 1 < st->nr_states &&
		  !st->state[deepest_cpu].exit_latency_ns &&
		  !st->state[deepest_cpu].entry_latency_ns;
	/* A table per CPU set: any set's (each its own deepest there). */
	for (i = 0; i < st->nr_sets; i++)
		polling |= deepest_cpu + 1 < st->nr_states &&
			   !st->set[i].state[deepest_cpu].exit_latency_ns &&
			   !st->set[i].state[deepest_cpu].entry_latency_ns;
	/* Tables of different lengths: OSI takes them at cpu level only. */
	for (i = 0; i < st->nr_sets; i++)
		for (j = deepest_cpu + 1; j < st->nr_states; j++)
			lacks |= !(st->set[i].present & (1u << j));
	ret = pidle_mode_check(PIDLE_MODE_OSI, st, &err);
	if (ret)
		check_refusal(ret, &err, "mode");
	FUZZ_CHECK(!ret == !(polling || lacks),
		   "OSI %s a table whose domains hang off %s%s",
		   ret ? "refused" : "accepted",
		   polling ? "a polling state" : "a real state",
		   lacks ? ", a set lacking a domain state" : "");
}

/* domain_gov=: refused untouched, or a fixed point; then its check. */
static void fuzz_dgov(const char *str, const struct pidle_topology *topo)
{
	struct pidle_dgov_cfg a, b, before;
	struct pidle_err err = { 0 };
	char canon[PIDLE_PARAM_LEN], again[PIDLE_PARAM_LEN];
	unsigned int l;
	int ret;

	memset(&a, 0x5a, sizeof(a));
	before = a;
	ret = pidle_dgov_parse(str, &a, &err);
	if (ret) {
		check_refusal(ret, &err, "domain_gov");
		FUZZ_CHECK(!memcmp(&a, &before, sizeof(a)), "output written on error");
		return;
	}
	FUZZ_CHECK(a.nr_items <= PIDLE_MAX_LEVELS, "%u items", a.nr_items);
	FUZZ_CHECK(a.all[0] || a.nr_items, "accepted with no name at all");
	ret = pidle_dgov_print(&a, canon, sizeof(canon));
	FUZZ_CHECK(ret > 0 && (size_t)ret == strlen(canon), "print returned %d", ret);
	memset(&b, 0, sizeof(b));
	ret = pidle_dgov_parse(canon, &b, &err);
	FUZZ_CHECK(!ret, "canonical \"%s\" refused: %s", canon, err.msg);
	pidle_dgov_print(&b, again, sizeof(again));
	FUZZ_CHECK(!strcmp(canon, again), "\"%s\" prints back as \"%s\"", canon, again);
	if (!topo)
		return;
	ret = pidle_dgov_check(&a, topo, NULL, &err);
	if (ret) {
		check_refusal(ret, &err, "domain_gov");
		return;
	}
	for (l = 1; l <= topo->nr_levels; l++)
		FUZZ_CHECK(pidle_dgov_builtin_known(pidle_dgov_name_of(&a, topo, l)),
			   "level %u resolves to an unknown governor", l);
	ret = pidle_dgov_print_resolved(&a, topo, canon, sizeof(canon));
	FUZZ_CHECK(ret > 0 && (size_t)ret == strlen(canon), "resolved print returned %d", ret);
	ret = pidle_dgov_parse(canon, &b, &err);
	FUZZ_CHECK(!ret && !pidle_dgov_check(&b, topo, NULL, &err),
		   "resolved \"%s\" refused: %s", canon, err.msg);
	for (l = 1; l <= topo->nr_levels; l++)
		FUZZ_CHECK(!strcmp(pidle_dgov_name_of(&a, topo, l),
				   pidle_dgov_name_of(&b, topo, l)),
			   "resolved \"%s\": level %u differs", canon, l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *line[7];
	char *power;
	struct pidle_topology topo;
	struct pidle_states st;
	struct pidle_err err;
	unsigned long nr_cpus;
	bool have_topo;
	char *copy;

	fuzz_split(data, size, &copy, line, 7, NULL, NULL);
	/* Past PIDLE_MAX_CPUS too, to reach the parser's own limit. */
	nr_cpus = strtoul(line[2], NULL, 10);
	if (nr_cpus > 2 * PIDLE_MAX_CPUS)
		nr_cpus = 2 * PIDLE_MAX_CPUS;

	/* "STATES|POWER", as fuzz_model reads it. */
	power = strchr(line[0], '|');
	if (power) {
		*power++ = '\0';
		fuzz_power(power);
	}
	if (line[0][0])
		fuzz_states(line[0]);
	have_topo = fuzz_topology(line[1], nr_cpus, &topo);
	fuzz_words(line[3], line[4]);
	fuzz_mode(line[5]);
	if (line[6][0])
		fuzz_dgov(line[6], have_topo ? &topo : NULL);

	if (have_topo) {
		if (line[0][0]) {
			if (!pidle_states_parse(line[0], &st, &err) &&
			    (!power || !pidle_power_parse(power, &st, &err))) {
				fuzz_config_check(&st, &topo);
				fuzz_mode_check(&st);
			}
		} else {
			/* The module without states=: the default table, trimmed. */
			FUZZ_CHECK(!pidle_states_parse(pidle_default_states, &st, &err),
				   "default table refused: %s", err.msg);
			pidle_states_drop_missing_levels(&st, &topo);
			FUZZ_CHECK(st.nr_states >= 1, "default table trimmed to nothing");
			fuzz_config_check(&st, &topo);
			fuzz_mode_check(&st);
		}
		pidle_topology_free(&topo);
	}
	free(copy);
	return 0;
}
