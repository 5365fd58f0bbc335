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
	int prev = 0, level;
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
	for (i = 0; i < st->nr_up; i++) {
		if (pidle_topology_level_index(topo, st->up[i].level_name) >= 0)
			continue;
		pidle_topology_level_names(topo, names, sizeof(names));
		return pidle_err(err, "power", "item %u (%s): level \"%s\" is not a level of the topology (it has: %s)",
				 i, st->up[i].level_name, st->up[i].level_name,
				 names);
	}
	return 0;
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
