// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: how the state table binds to the topology, and the two
 * one-word parameters (wait=, domain_policy=, prewake=).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include "pidle_parse.h"

int pidle_topology_level_index(const struct pidle_topology *topo,
			       const char *name)
{
	unsigned int i;

	if (!strcmp(name, PIDLE_LEVEL_CPU))
		return 0;
	for (i = 0; i < topo->nr_levels; i++)
		if (!strcmp(topo->level[i].name, name))
			return i + 1;
	return -ENOENT;
}

static void pidle_topology_level_names(const struct pidle_topology *topo,
				       char *buf, size_t size)
{
	size_t n = scnprintf(buf, size, PIDLE_LEVEL_CPU);
	unsigned int i;

	for (i = 0; i < topo->nr_levels; i++)
		n += scnprintf(buf + n, size - n, ",%s", topo->level[i].name);
}

int pidle_config_check(const struct pidle_states *st,
		       const struct pidle_topology *topo,
		       struct pidle_err *err)
{
	unsigned int per_level[PIDLE_MAX_LEVELS + 1] = { 0 };
	char names[PIDLE_MAX_LEVELS * PIDLE_NAME_LEN + 8];
	int prev = 0, level, ret;
	unsigned int i;

	for (i = 0; i < st->nr_states; i++) {
		const struct pidle_state_desc *sd = &st->state[i];

		level = pidle_topology_level_index(topo, sd->level_name);
		if (level < 0) {
			pidle_topology_level_names(topo, names, sizeof(names));
			return pidle_err(err, "states", "state %u (%s): level \"%s\" is not a level of the topology (it has: %s)",
					 i, sd->name, sd->level_name, names);
		}
		if (i == 0 && level != 0)
			return pidle_err(err, "states", "state 0 (%s): level \"%s\": the first state must be at cpu level",
					 sd->name, sd->level_name);
		if (level < prev)
			return pidle_err(err, "states", "state %u (%s): level \"%s\" is below state %u's level \"%s\"",
					 i, sd->name, sd->level_name, i - 1,
					 st->state[i - 1].level_name);
		if (level && ++per_level[level] > PIDLE_MAX_DOMAIN_STATES)
			return pidle_err(err, "states", "state %u (%s): more than %d states at level \"%s\"",
					 i, sd->name, PIDLE_MAX_DOMAIN_STATES,
					 sd->level_name);
		prev = level;
	}
	ret = pidle_config_check_sets(st, topo, err);
	if (ret)
		return ret;
	return pidle_config_check_power(st, topo, err);
}

void pidle_states_drop_missing_levels(struct pidle_states *st,
				      const struct pidle_topology *topo)
{
	unsigned int i, n = 0;

	for (i = 0; i < st->nr_states; i++)
		if (pidle_topology_level_index(topo, st->state[i].level_name) >= 0)
			st->state[n++] = st->state[i];
	st->nr_states = n;
}

static const char *const pidle_wait_names[] = {
	[PIDLE_WAIT_POLL] = "poll",
	[PIDLE_WAIT_HALT] = "halt",
};

/* Index = the bool: off is false. */
static const char *const pidle_prewake_names[] = { "off", "on" };

static const char *const pidle_policy_names[] = {
	[PIDLE_POLICY_AUTO]	= "auto",
	[PIDLE_POLICY_TIMER]	= "timer",
};

static int pidle_word_parse(const char *param, const char *str,
			    const char *const *names, unsigned int nr,
			    unsigned int *out, struct pidle_err *err)
{
	struct pidle_tok tok = pidle_tok_trim(str);
	char q[32];
	unsigned int i;

	for (i = 0; i < nr; i++) {
		if (pidle_tok_eq(&tok, names[i])) {
			*out = i;
			return 0;
		}
	}
	pidle_tok_quote(&tok, q, sizeof(q));
	return pidle_err(err, param, "\"%s\": not one of %s, %s", q,
			 names[0], names[1]);
}

int pidle_wait_parse(const char *str, enum pidle_wait *out,
		     struct pidle_err *err)
{
	unsigned int v;
	int ret;

	ret = pidle_word_parse("wait", str, pidle_wait_names,
			       ARRAY_SIZE(pidle_wait_names), &v, err);
	if (!ret)
		*out = v;
	return ret;
}

const char *pidle_wait_name(enum pidle_wait wait)
{
	return pidle_wait_names[wait];
}

int pidle_prewake_parse(const char *str, bool *out, struct pidle_err *err)
{
	unsigned int v;
	int ret;

	ret = pidle_word_parse("prewake", str, pidle_prewake_names,
			       ARRAY_SIZE(pidle_prewake_names), &v, err);
	if (!ret)
		*out = v;
	return ret;
}

const char *pidle_prewake_name(bool prewake)
{
	return pidle_prewake_names[prewake];
}

int pidle_policy_parse(const char *str, enum pidle_policy *out,
		       struct pidle_err *err)
{
	unsigned int v;
	int ret;

	ret = pidle_word_parse("domain_policy", str, pidle_policy_names,
			       ARRAY_SIZE(pidle_policy_names), &v, err);
	if (!ret)
		*out = v;
	return ret;
}

const char *pidle_policy_name(enum pidle_policy policy)
{
	return pidle_policy_names[policy];
}

static const char *const pidle_mode_names[] = {
	[PIDLE_MODE_PC]		= "pc",
	[PIDLE_MODE_OSI]	= "osi",
};

int pidle_mode_parse(const char *str, enum pidle_mode *out,
		     struct pidle_err *err)
{
	unsigned int v;
	int ret;

	ret = pidle_word_parse("mode", str, pidle_mode_names,
			       ARRAY_SIZE(pidle_mode_names), &v, err);
	if (!ret)
		*out = v;
	return ret;
}

const char *pidle_mode_name(enum pidle_mode mode)
{
	return pidle_mode_names[mode];
}

int pidle_mode_check_sets(enum pidle_mode mode, const struct pidle_states *st,
			  struct pidle_err *err)
{
	static const char pc_why[] = ": in PC mode cpuidle gets the whole table, in ascending residency (driver-api/pm/cpuidle.rst); mode=osi keeps domain states apart";
	char cpus[PIDLE_CPU_SET_STR_LEN], pre[PIDLE_CPU_SET_STR_LEN + 32];
	unsigned int k, s, j;
	int ret;

	if (mode != PIDLE_MODE_OSI) {
		if (!pidle_states_per_set(st))
			return pidle_states_check_seq(st->state, NULL,
						      st->nr_states, "",
						      pc_why, err);
		/* Each set's driver: its own states, by their slots. */
		for (k = 0; k < st->nr_sets; k++) {
			const struct pidle_cpu_set *set = &st->set[k];

			pidle_cpu_set_print(set, cpus, sizeof(cpus));
			scnprintf(pre, sizeof(pre), "set %u (CPUs %s): ", k, cpus);
			ret = pidle_states_check_seq(set->state, set->slot,
						     set->nr_own, pre, pc_why,
						     err);
			if (ret)
				return ret;
		}
		return 0;
	}
	/*
	 * A domain governor chooses among its level's states by their
	 * level-local index (struct pidle_dgov_domain): a set of tables of
	 * different lengths may differ at the CPU level only.
	 */
	for (k = 0; k < st->nr_sets; k++)
		for (s = 0; s < st->nr_states; s++) {
			if (!strcmp(st->state[s].level_name, PIDLE_LEVEL_CPU) ||
			    (st->set[k].present & (1u << s)))
				continue;
			for (j = 0; j < st->nr_sets; j++)
				if (st->set[j].present & (1u << s))
					break;
			return pidle_err(err, "mode", "osi: set %u has fewer states at level \"%s\" than set %u (it lacks %s): a domain governor chooses among the same states of a level in every domain, so in OSI mode the sets may differ in length at cpu level only (mode=pc takes them)",
					 k, st->state[s].level_name, j,
					 st->state[s].name);
		}
	return 0;
}

int pidle_mode_check(enum pidle_mode mode, const struct pidle_states *st,
		     struct pidle_err *err)
{
	unsigned int i, deepest_cpu = 0;
	int ret;

	if (mode != PIDLE_MODE_OSI)
		return pidle_mode_check_sets(mode, st, err);
	for (i = 0; i < st->nr_states; i++)
		if (!strcmp(st->state[i].level_name, PIDLE_LEVEL_CPU))
			deepest_cpu = i;
	/* No domain state: nothing hangs off the CPU states. */
	if (deepest_cpu + 1 == st->nr_states)
		return 0;
	if (!pidle_state_wake_latency_ns(&st->state[deepest_cpu]))
		return pidle_err(err, "mode", "osi: the domains hang off the deepest cpu-level state, and state %u (%s) is a polling state (exit latency 0); give the table a cpu-level state that is not",
				 deepest_cpu, st->state[deepest_cpu].name);
	ret = pidle_mode_check_sets(mode, st, err);
	if (ret)
		return ret;
	/*
	 * Every CPU set's, with a table per set: each set's deepest CPU-level
	 * state is in the level's last slot, @deepest_cpu.
	 */
	for (i = 0; i < st->nr_sets; i++)
		if (!pidle_state_wake_latency_ns(&st->set[i].state[deepest_cpu]))
			return pidle_err(err, "mode", "osi: the domains hang off the deepest cpu-level state, and set %u's state %u (%s) is a polling state (exit latency 0); give the set a cpu-level state that is not",
					 i, deepest_cpu,
					 st->set[i].state[deepest_cpu].name);
	return 0;
}

/**
 * DOC: Domain governors by name
 *
 * ``domain_gov=`` names the domain governor of each domain level, used in
 * OSI mode (in PC mode it is kept, checked, and not used): one name for
 * every level, ``LEVEL:NAME,...`` per level, or both, ``NAME,LEVEL:NAME``,
 * the bare name serving the levels not named. A level not named at all
 * gets ``genpd-6.12``: the genpd CPU governor as Debian's 6.12 kernel
 * ships it, the newest kernel the project boots whose governor a module
 * can reproduce everywhere; the mainline variant's pending-IPI veto needs
 * to see remote pending IPIs, which only the eval kernel shows
 * (Documentation/cluster-governors.rst), and 6.1's lacks the per-CPU
 * latency QoS that 6.12 honours.
 *
 * A read of the parameter prints the choice resolved against the topology:
 * one name when one governor has every level, else ``LEVEL:NAME`` for each
 * level, innermost first. A topology change keeps the value as given and
 * resolves it again; a value naming a level the new topology lacks is
 * refused, as a state table's is.
 */

/*
 * The governors the module builds in (drivers/model/pidle_dgov_*.c, in
 * the order of their pidle_dgov_builtins[]): "genpd" is the mainline port.
 */
const char *const pidle_dgov_builtin_names[] = {
	"genpd", "genpd-6.12", "genpd-6.1", "deepest", "predict",
	NULL,
};

bool pidle_dgov_builtin_known(const char *name)
{
	unsigned int i;

	for (i = 0; pidle_dgov_builtin_names[i]; i++)
		if (!strcmp(pidle_dgov_builtin_names[i], name))
			return true;
	return false;
}

/* A governor's name: what <pidle/dgov.h> allows, [a-z0-9._-]. */
static const char *pidle_dgov_name_invalid(const struct pidle_tok *tok)
{
	size_t i;

	if (!tok->len)
		return "empty";
	if (tok->len >= PIDLE_NAME_LEN)
		return "longer than 15 characters";
	for (i = 0; i < tok->len; i++) {
		char c = tok->s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '_' || c == '-'))
			return "has a character outside [a-z0-9._-]";
	}
	return NULL;
}

int pidle_dgov_parse(const char *str, struct pidle_dgov_cfg *out,
		     struct pidle_err *err)
{
	struct pidle_tok rest = pidle_tok_trim(str), item, level;
	struct pidle_dgov_cfg dg;
	unsigned int n = 0, i, j;
	const char *why;
	char q[32];

	if (!rest.len)
		return pidle_err(err, "domain_gov", "empty (want NAME, LEVEL:NAME,... or NAME,LEVEL:NAME,...)");
	memset(&dg, 0, sizeof(dg));
	while (pidle_tok_next(&rest, ',', &item)) {
		pidle_tok_quote(&item, q, sizeof(q));
		if (!memchr(item.s, ':', item.len)) {
			/* The bare name: first, and once. */
			if (n || dg.all[0])
				return pidle_err(err, "domain_gov", "item %u \"%s\": a name for every level must come first, and once (want NAME,LEVEL:NAME,...)",
						 n + !!dg.all[0], q);
			why = pidle_dgov_name_invalid(&item);
			if (why)
				return pidle_err(err, "domain_gov", "item 0: governor \"%s\": %s",
						 q, why);
			memcpy(dg.all, item.s, item.len);
			dg.all[item.len] = '\0';
			continue;
		}
		i = n + !!dg.all[0];	/* the item's position, for messages */
		if (n == PIDLE_MAX_LEVELS)
			return pidle_err(err, "domain_gov", "item %u \"%s\": more than %d levels",
					 i, q, PIDLE_MAX_LEVELS);
		pidle_tok_next(&item, ':', &level);
		why = pidle_tok_name_invalid(&level);
		if (why) {
			pidle_tok_quote(&level, q, sizeof(q));
			return pidle_err(err, "domain_gov", "item %u: level \"%s\": %s",
					 i, q, why);
		}
		memcpy(dg.item[n].level_name, level.s, level.len);
		dg.item[n].level_name[level.len] = '\0';
		if (!strcmp(dg.item[n].level_name, PIDLE_LEVEL_CPU))
			return pidle_err(err, "domain_gov", "item %u: level \"cpu\": cpu-level states are the cpuidle governor's; name a domain level",
					 i);
		for (j = 0; j < n; j++)
			if (!strcmp(dg.item[j].level_name, dg.item[n].level_name))
				return pidle_err(err, "domain_gov", "item %u: level \"%s\" already given",
						 i, dg.item[n].level_name);
		pidle_tok_quote(&item, q, sizeof(q));
		why = memchr(item.s, ':', item.len) ?
		      "more than 2 fields (want LEVEL:NAME)" :
		      pidle_dgov_name_invalid(&item);
		if (why)
			return pidle_err(err, "domain_gov", "item %u (%s): governor \"%s\": %s",
					 i, dg.item[n].level_name, q, why);
		memcpy(dg.item[n].gov, item.s, item.len);
		dg.item[n].gov[item.len] = '\0';
		n++;
	}
	dg.nr_items = n;
	*out = dg;
	return 0;
}

int pidle_dgov_print(const struct pidle_dgov_cfg *dg, char *buf, size_t size)
{
	size_t len = 0;
	unsigned int i;
	int n;

	if (!size)
		return -ENOSPC;
	buf[0] = '\0';
	if (dg->all[0]) {
		if (strlen(dg->all) >= size)
			return -ENOSPC;
		len = scnprintf(buf, size, "%s", dg->all);
	}
	for (i = 0; i < dg->nr_items; i++) {
		char item[2 * PIDLE_NAME_LEN + 4];

		n = scnprintf(item, sizeof(item), "%s%s:%s", len ? "," : "",
			      dg->item[i].level_name, dg->item[i].gov);
		if (len + n >= size)
			return -ENOSPC;
		memcpy(buf + len, item, n + 1);
		len += n;
	}
	return len;
}

const char *pidle_dgov_name_of(const struct pidle_dgov_cfg *dg,
			       const struct pidle_topology *topo,
			       unsigned int level)
{
	unsigned int i;

	for (i = 0; i < dg->nr_items; i++)
		if (!strcmp(dg->item[i].level_name, topo->level[level - 1].name))
			return dg->item[i].gov;
	return dg->all[0] ? dg->all : PIDLE_DGOV_DEFAULT;
}

int pidle_dgov_print_resolved(const struct pidle_dgov_cfg *dg,
			      const struct pidle_topology *topo,
			      char *buf, size_t size)
{
	const char *first = topo->nr_levels ? pidle_dgov_name_of(dg, topo, 1) :
			    (dg->all[0] ? dg->all : PIDLE_DGOV_DEFAULT);
	bool same = true;
	size_t len = 0;
	unsigned int l;
	int n;

	if (!size)
		return -ENOSPC;
	for (l = 2; l <= topo->nr_levels; l++)
		if (strcmp(pidle_dgov_name_of(dg, topo, l), first))
			same = false;
	if (same) {
		if (strlen(first) >= size)
			return -ENOSPC;
		return scnprintf(buf, size, "%s", first);
	}
	buf[0] = '\0';
	for (l = 1; l <= topo->nr_levels; l++) {
		char item[2 * PIDLE_NAME_LEN + 4];

		n = scnprintf(item, sizeof(item), "%s%s:%s", l > 1 ? "," : "",
			      topo->level[l - 1].name,
			      pidle_dgov_name_of(dg, topo, l));
		if (len + n >= size)
			return -ENOSPC;
		memcpy(buf + len, item, n + 1);
		len += n;
	}
	return len;
}

static void pidle_dgov_known_names(char *buf, size_t size)
{
	size_t n = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; pidle_dgov_builtin_names[i]; i++)
		n += scnprintf(buf + n, size - n, "%s%s", i ? ", " : "",
			       pidle_dgov_builtin_names[i]);
}

int pidle_dgov_check(const struct pidle_dgov_cfg *dg,
		     const struct pidle_topology *topo,
		     bool (*known)(const char *name), struct pidle_err *err)
{
	char names[PIDLE_MAX_LEVELS * PIDLE_NAME_LEN + 8];
	unsigned int i, pos = !!dg->all[0];
	const char *gov;

	if (!known)
		known = pidle_dgov_builtin_known;
	if (dg->all[0] && !known(dg->all)) {
		pidle_dgov_known_names(names, sizeof(names));
		return pidle_err(err, "domain_gov", "item 0: governor \"%s\" is not registered (built in: %s)",
				 dg->all, names);
	}
	for (i = 0; i < dg->nr_items; i++) {
		if (pidle_topology_level_index(topo, dg->item[i].level_name) < 0) {
			pidle_topology_level_names(topo, names, sizeof(names));
			return pidle_err(err, "domain_gov", "item %u: level \"%s\" is not a domain level of the topology (it has: %s)",
					 pos + i, dg->item[i].level_name, names);
		}
		gov = dg->item[i].gov;
		if (!known(gov)) {
			pidle_dgov_known_names(names, sizeof(names));
			return pidle_err(err, "domain_gov", "item %u (%s): governor \"%s\" is not registered (built in: %s)",
					 pos + i, dg->item[i].level_name, gov, names);
		}
	}
	/* The default, for the levels nothing named. */
	for (i = 1; i <= topo->nr_levels; i++) {
		gov = pidle_dgov_name_of(dg, topo, i);
		if (!known(gov))
			return pidle_err(err, "domain_gov", "level \"%s\": its governor \"%s\" (the default) is not registered",
					 topo->level[i - 1].name, gov);
	}
	return 0;
}
