// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the states= table.
 *
 * NAME:[ENTRY_US+]EXIT_LATENCY_US:TARGET_RESIDENCY_US[:LEVEL[:POWER_MW[:ENERGY_UJ]]],
 * comma separated; and power=, the active/up power of each level, which
 * completes the table's energy model (Documentation/energy.rst). Parsing checks what the table says on its own (syntax, ranges,
 * order); whether its levels exist is pidle_config_check()'s job, since
 * states= and topology= are separate parameters.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "pidle_parse.h"

/*
 * Loosely Skylake-SP shaped (drivers/idle/intel_idle.c skx_cstates, with a
 * core and a package C6 split out): a polling state, two CPU states, one
 * core and one package state.
 */
const char pidle_default_states[] =
	"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package";

enum pidle_state_field {
	PIDLE_F_NAME,
	PIDLE_F_LATENCY,
	PIDLE_F_RESIDENCY,
	PIDLE_F_LEVEL,
	PIDLE_F_POWER,
	PIDLE_F_ENERGY,
	PIDLE_F_COUNT,
};

static const char *const pidle_state_field_name[PIDLE_F_COUNT] = {
	[PIDLE_F_NAME]		= "name",
	[PIDLE_F_LATENCY]	= "exit latency",
	[PIDLE_F_RESIDENCY]	= "target residency",
	[PIDLE_F_LEVEL]		= "level",
	[PIDLE_F_POWER]		= "power",
	[PIDLE_F_ENERGY]	= "energy",
};

#define PIDLE_STATE_SYNTAX \
	"NAME:[ENTRY_US+]EXIT_LATENCY_US:TARGET_RESIDENCY_US[:LEVEL[:POWER_MW[:ENERGY_UJ]]]"

#define PIDLE_LATENCY_CAP_WHY \
	"more than 20000 us, the exit-latency cap (spun with interrupts masked)"

/*
 * The latency field: EXIT_US, or ENTRY_US+EXIT_US as a devicetree idle
 * state's entry-latency-us and exit-latency-us (a domain state's power-off
 * and power-on, genpd's of_genpd_parse_idle_states()). cpuidle is told
 * their sum (dt_idle_states.c), so the sum is held to the cap too.
 */
static int pidle_latency_parse(const struct pidle_tok *tok,
			       struct pidle_state_desc *sd, const char **why)
{
	struct pidle_tok rest = *tok, entry, exit;
	u64 entry_us = 0, exit_us;

	if (memchr(tok->s, '+', tok->len)) {
		pidle_tok_next(&rest, '+', &entry);
		if (pidle_tok_u64(&entry, PIDLE_MAX_EXIT_LATENCY_US, &entry_us, why)) {
			if (!strcmp(*why, "too large"))
				*why = "entry latency " PIDLE_LATENCY_CAP_WHY;
			else if (!strcmp(*why, "empty"))
				*why = "no entry latency before the + (want ENTRY_US+EXIT_US)";
			else
				*why = "the entry latency before the + is not a decimal number (want ENTRY_US+EXIT_US)";
			return -EINVAL;
		}
		exit = rest;
		if (!exit.s || !exit.len) {
			*why = "no exit latency after the + (want ENTRY_US+EXIT_US)";
			return -EINVAL;
		}
	} else {
		exit = *tok;
	}
	if (pidle_tok_u64(&exit, PIDLE_MAX_EXIT_LATENCY_US, &exit_us, why)) {
		if (!strcmp(*why, "too large"))
			*why = PIDLE_LATENCY_CAP_WHY;
		else if (!strcmp(*why, "not a decimal number") && exit.s != tok->s)
			*why = "the exit latency after the + is not a decimal number (want ENTRY_US+EXIT_US)";
		return -EINVAL;
	}
	if (entry_us + exit_us > PIDLE_MAX_EXIT_LATENCY_US) {
		*why = "entry+exit more than 20000 us, the exit-latency cap (cpuidle is told their sum)";
		return -EINVAL;
	}
	sd->entry_latency_ns = entry_us * 1000;
	sd->exit_latency_ns = exit_us * 1000;
	return 0;
}

static int pidle_state_parse_one(struct pidle_tok str, unsigned int idx,
				 struct pidle_state_desc *sd,
				 struct pidle_err *err)
{
	struct pidle_tok tok;
	const char *why;
	char q[32];
	unsigned int f;
	u64 val;

	memset(sd, 0, sizeof(*sd));
	strscpy(sd->level_name, PIDLE_LEVEL_CPU, sizeof(sd->level_name));

	if (!str.len)
		return pidle_err(err, "states", "state %u: empty", idx);

	for (f = 0; pidle_tok_next(&str, ':', &tok); f++) {
		pidle_tok_quote(&tok, q, sizeof(q));
		if (f >= PIDLE_F_COUNT)
			return pidle_err(err, "states", "state %u (%s): more than %d fields",
					 idx, sd->name, PIDLE_F_COUNT);
		switch (f) {
		case PIDLE_F_NAME:
		case PIDLE_F_LEVEL:
			why = pidle_tok_name_invalid(&tok);
			if (why)
				goto bad;
			memcpy(f == PIDLE_F_NAME ? sd->name : sd->level_name,
			       tok.s, tok.len);
			(f == PIDLE_F_NAME ? sd->name : sd->level_name)[tok.len] = '\0';
			break;
		case PIDLE_F_LATENCY:
			/* limits.h says why the cap. */
			if (pidle_latency_parse(&tok, sd, &why))
				goto bad;
			break;
		case PIDLE_F_RESIDENCY:
			if (pidle_tok_u64(&tok, PIDLE_MAX_TIME_US, &val, &why)) {
				if (!strcmp(why, "too large"))
					why = "more than 10000000 us";
				goto bad;
			}
			sd->target_residency_ns = val * 1000;
			break;
		case PIDLE_F_POWER:
			if (pidle_tok_u64(&tok, PIDLE_MAX_POWER_MW, &val, &why)) {
				if (!strcmp(why, "too large"))
					why = "more than 1000000 mW";
				goto bad;
			}
			sd->power_mw = (u32)val;
			break;
		case PIDLE_F_ENERGY:
			if (pidle_tok_u64(&tok, PIDLE_MAX_ENERGY_UJ, &val, &why)) {
				if (!strcmp(why, "too large"))
					why = "more than 1000000 uJ";
				goto bad;
			}
			sd->energy_uj = (u32)val;
			break;
		}
	}
	if (f <= PIDLE_F_RESIDENCY)
		return pidle_err(err, "states", "state %u (%s): missing %s (want " PIDLE_STATE_SYNTAX ")",
				 idx, sd->name, pidle_state_field_name[f]);
	return 0;

bad:
	return pidle_err(err, "states", "state %u (%s): %s \"%s\": %s", idx,
			 f == PIDLE_F_NAME ? "?" : sd->name,
			 pidle_state_field_name[f], q, why);
}

/*
 * Deeper means no shorter a target residency, exit latency or entry+exit
 * latency: what cpuidle's governors assume of a driver's states (in
 * ascending target residency, Documentation/driver-api/pm/cpuidle.rst) and
 * genpd's of a domain's. @b at index @ib follows @a at @ia.
 */
static int pidle_states_order_pair(const struct pidle_state_desc *a,
				   unsigned int ia,
				   const struct pidle_state_desc *b,
				   unsigned int ib, const char *pre,
				   const char *why, struct pidle_err *err)
{
	if (b->target_residency_ns < a->target_residency_ns)
		return pidle_err(err, "states", "%sstate %u (%s): target residency %llu us is less than state %u's %llu us%s",
				 pre, ib, b->name,
				 div_u64(b->target_residency_ns, 1000),
				 ia, div_u64(a->target_residency_ns, 1000), why);
	if (b->exit_latency_ns < a->exit_latency_ns)
		return pidle_err(err, "states", "%sstate %u (%s): exit latency %llu us is less than state %u's %llu us%s",
				 pre, ib, b->name,
				 div_u64(b->exit_latency_ns, 1000),
				 ia, div_u64(a->exit_latency_ns, 1000), why);
	if (pidle_state_wake_latency_ns(b) < pidle_state_wake_latency_ns(a))
		return pidle_err(err, "states", "%sstate %u (%s): entry+exit latency %llu us is less than state %u's %llu us%s",
				 pre, ib, b->name,
				 div_u64(pidle_state_wake_latency_ns(b), 1000),
				 ia, div_u64(pidle_state_wake_latency_ns(a), 1000),
				 why);
	return 0;
}

/*
 * What a table says on its own: each level's states in order (the CPU
 * states are a cpuidle driver's, a domain level's are genpd's), names
 * unique. Across levels the order is the mode's: PC mode checks the whole
 * table (pidle_mode_check_sets()); in OSI mode cpuidle and genpd keep a
 * CPU's and its domains' states apart, and sm6115's cluster state has a
 * shorter residency than its CPU state.
 */
static int pidle_states_check_order(const struct pidle_state_desc *state,
				    unsigned int nr_states,
				    struct pidle_err *err)
{
	unsigned int i, j;
	int ret;

	for (i = 1; i < nr_states; i++) {
		const struct pidle_state_desc *b = &state[i];

		for (j = i; j-- > 0; )
			if (!strcmp(state[j].level_name, b->level_name))
				break;
		if (j < i) {
			ret = pidle_states_order_pair(&state[j], j, b, i, "", "",
						      err);
			if (ret)
				return ret;
		}
		for (j = 0; j < i; j++)
			if (!strcmp(state[j].name, b->name))
				return pidle_err(err, "states", "state %u: name \"%s\" already used by state %u",
						 i, b->name, j);
	}
	return 0;
}

int pidle_states_check_seq(const struct pidle_state_desc *state,
			   const u8 *slot, unsigned int nr_states,
			   const char *pre, const char *why,
			   struct pidle_err *err)
{
	unsigned int i;
	int ret;

	for (i = 1; i < nr_states; i++) {
		ret = pidle_states_order_pair(&state[slot ? slot[i - 1] : i - 1],
					      i - 1,
					      &state[slot ? slot[i] : i], i,
					      pre, why, err);
		if (ret)
			return ret;
	}
	return 0;
}

int pidle_states_table_parse(struct pidle_tok rest,
			     struct pidle_state_desc *state,
			     unsigned int *nr_states, struct pidle_err *err)
{
	struct pidle_tok tok;
	unsigned int n = 0;
	int ret;

	if (!rest.len)
		return pidle_err(err, "states", "empty table");
	while (pidle_tok_next(&rest, ',', &tok)) {
		if (n == PIDLE_MAX_STATES)
			return pidle_err(err, "states", "more than %d states",
					 PIDLE_MAX_STATES);
		ret = pidle_state_parse_one(tok, n, &state[n], err);
		if (ret)
			return ret;
		n++;
	}
	ret = pidle_states_check_order(state, n, err);
	if (ret)
		return ret;
	*nr_states = n;
	return 0;
}

int pidle_states_parse(const char *str, struct pidle_states *out,
		       struct pidle_err *err)
{
	struct pidle_tok rest = pidle_tok_trim(str);
	struct pidle_states *st;
	int ret;

	if (!rest.len)
		return pidle_err(err, "states", "empty table");
	/* Several kilobytes with the sets: not on a kernel stack. */
	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return -ENOMEM;
	if (memchr(rest.s, '=', rest.len))
		ret = pidle_states_sets_parse(rest, st, err);
	else
		ret = pidle_states_table_parse(rest, st->state, &st->nr_states,
					       err);
	if (!ret)
		*out = *st;
	kfree(st);
	return ret;
}

int pidle_states_table_print(const struct pidle_state_desc *state,
			     unsigned int nr_states, char *buf, size_t size)
{
	size_t len = 0;
	unsigned int i;

	if (!size)
		return -ENOSPC;
	buf[0] = '\0';
	for (i = 0; i < nr_states; i++) {
		const struct pidle_state_desc *sd = &state[i];
		char item[3 * PIDLE_NAME_LEN + 64];
		int n;

		n = scnprintf(item, sizeof(item), "%s%s:", i ? "," : "", sd->name);
		/* An entry latency of 0 is the one not given: left out. */
		if (sd->entry_latency_ns)
			n += scnprintf(item + n, sizeof(item) - n, "%llu+",
				       div_u64(sd->entry_latency_ns, 1000));
		n += scnprintf(item + n, sizeof(item) - n, "%llu:%llu",
			       div_u64(sd->exit_latency_ns, 1000),
			       div_u64(sd->target_residency_ns, 1000));
		/* Trailing optional fields are left out; inner ones cannot be. */
		if (sd->energy_uj || sd->power_mw ||
		    strcmp(sd->level_name, PIDLE_LEVEL_CPU))
			n += scnprintf(item + n, sizeof(item) - n, ":%s",
				       sd->level_name);
		if (sd->energy_uj || sd->power_mw)
			n += scnprintf(item + n, sizeof(item) - n, ":%u",
				       sd->power_mw);
		if (sd->energy_uj)
			n += scnprintf(item + n, sizeof(item) - n, ":%u",
				       sd->energy_uj);
		if (len + n >= size)
			return -ENOSPC;
		memcpy(buf + len, item, n + 1);
		len += n;
	}
	return len;
}

int pidle_states_print(const struct pidle_states *st, char *buf, size_t size)
{
	if (pidle_states_per_set(st))
		return pidle_states_sets_print(st, buf, size);
	return pidle_states_table_print(st->state, st->nr_states, buf, size);
}

/* LEVEL:POWER_MW,...: one list, into @up (left untouched on error). */
int pidle_power_list_parse(struct pidle_tok rest, struct pidle_level_power *out,
			   unsigned int *nr_up, struct pidle_err *err)
{
	struct pidle_level_power up[PIDLE_MAX_LEVELS + 1];
	struct pidle_tok item, tok;
	unsigned int n = 0, i;
	const char *why;
	char q[32];
	u64 val;

	memset(up, 0, sizeof(up));
	while (pidle_tok_next(&rest, ',', &item)) {
		if (n == ARRAY_SIZE(up))
			return pidle_err(err, "power", "more than %zu levels (cpu and %d domain levels at most)",
					 ARRAY_SIZE(up), PIDLE_MAX_LEVELS);
		pidle_tok_quote(&item, q, sizeof(q));
		if (!pidle_tok_next(&item, ':', &tok) || !item.s)
			return pidle_err(err, "power", "item %u \"%s\": want LEVEL:POWER_MW",
					 n, q);
		why = pidle_tok_name_invalid(&tok);
		if (why) {
			pidle_tok_quote(&tok, q, sizeof(q));
			return pidle_err(err, "power", "item %u: level \"%s\": %s",
					 n, q, why);
		}
		memcpy(up[n].level_name, tok.s, tok.len);
		up[n].level_name[tok.len] = '\0';
		for (i = 0; i < n; i++)
			if (!strcmp(up[i].level_name, up[n].level_name))
				return pidle_err(err, "power", "item %u: level \"%s\" already given by item %u",
						 n, up[n].level_name, i);
		pidle_tok_quote(&item, q, sizeof(q));
		if (pidle_tok_u64(&item, PIDLE_MAX_POWER_MW, &val, &why)) {
			if (!strcmp(why, "too large"))
				why = "more than 1000000 mW";
			else if (!strcmp(why, "not a decimal number") &&
				 memchr(item.s, ':', item.len))
				why = "more than 2 fields (want LEVEL:POWER_MW)";
			return pidle_err(err, "power", "item %u (%s): power \"%s\": %s",
					 n, up[n].level_name, q, why);
		}
		up[n++].power_mw = (u32)val;
	}
	*nr_up = n;
	memcpy(out, up, sizeof(up));
	return 0;
}

int pidle_power_parse(const char *str, struct pidle_states *out,
		      struct pidle_err *err)
{
	struct pidle_tok rest = pidle_tok_trim(str);
	struct pidle_level_power up[PIDLE_MAX_LEVELS + 1];
	unsigned int n;
	int ret;

	if (!rest.len || pidle_tok_eq(&rest, "none")) {
		out->nr_up = 0;
		out->nr_power_sets = 0;
		return 0;
	}
	if (memchr(rest.s, '=', rest.len))
		return pidle_power_sets_parse(rest, out, err);
	ret = pidle_power_list_parse(rest, up, &n, err);
	if (ret)
		return ret;
	out->nr_up = n;
	out->nr_power_sets = 0;
	memcpy(out->up, up, sizeof(up));
	return 0;
}

int pidle_power_list_print(const struct pidle_level_power *up,
			   unsigned int nr_up, char *buf, size_t size)
{
	size_t len = 0;
	unsigned int i;

	if (!size)
		return -ENOSPC;
	if (!nr_up)
		return scnprintf(buf, size, "none");
	buf[0] = '\0';
	for (i = 0; i < nr_up; i++) {
		char item[PIDLE_NAME_LEN + 16];
		int n = scnprintf(item, sizeof(item), "%s%s:%u", i ? "," : "",
				  up[i].level_name, up[i].power_mw);

		if (len + n >= size)
			return -ENOSPC;
		memcpy(buf + len, item, n + 1);
		len += n;
	}
	return len;
}

int pidle_power_print(const struct pidle_states *st, char *buf, size_t size)
{
	if (st->nr_power_sets)
		return pidle_power_sets_print(st, buf, size);
	return pidle_power_list_print(st->up, st->nr_up, buf, size);
}
