// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-topo --dt --dt-shared-domain POLICY: one state for a domain that
 * holds CPUs of several kinds whose states at its level differ.
 *
 * DOC: shared domain states
 *
 * An import with a table per CPU set (CPU kinds with different states,
 * pidle-dt.c) gives each set its own CPU states, and a PSCI power level
 * may put some of them at a domain level (cluster). Where each kind has a
 * cluster of its own (hi3660, mt8183) every cluster keeps its kind's
 * state. MediaTek's DynamIQ SoCs (mt8186, mt8188, mt8192, mt8195, mt8390,
 * mt8395) have one cpu-map cluster of little and big CPUs, and each kind
 * lists its own cluster state (mt8195: cpu-off-l 55+155 us, cpu-off-b
 * 50+200 us, both arm,psci-suspend-param 0x01010002, power level 1). The
 * kernel loads that: the PSCI firmware coordinates the cluster, and which
 * figures the cluster then has the devicetree does not say. The module's
 * domain goes down in one state whichever CPU is its last man
 * (pidle_config_check_sets() refuses sets that differ at a domain's
 * level), so the import chooses, says so in a note and in the output's
 * comment where it has one:
 *
 * - slowest (the default): each figure the larger of the sets' (entry,
 *   exit, residency; local-timer-stop when any has it). The last man of
 *   one kind pays its entry latency, the first man of the other kind may
 *   be the one that wakes and pays its exit latency: a governor on either
 *   kind must not be promised a cheaper wake-up than the firmware may
 *   give. The name is the slowest-to-wake set's state's (largest
 *   entry + exit, the lowest set on a tie). The devicetree has no power:
 *   an --energy-model is applied afterwards, by name, to the one table.
 * - set:N: CPU set N's state, as when PSCI's last man is always of that
 *   kind (the little cluster's, set 0 on these SoCs).
 * - refuse: nothing shared; the module's parser refuses the import, as
 *   before this option.
 *
 * Every set of a group of sets joined by the level's domains then carries
 * the same state at that index (what the module requires); the CPU states
 * stay each set's own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pidle-dt.h"
#include "pidle_common.h"

/* A word of the policy, for messages: slowest, set:N, refuse. */
static const char *dt_sh_name(const struct pidle_dt_shared *sh, char *buf, size_t size)
{
	if (sh->policy == PIDLE_DT_SHARED_SET) {
		snprintf(buf, size, "set:%u", sh->set);
		return buf;
	}
	return sh->policy == PIDLE_DT_SHARED_REFUSE ? "refuse" : "slowest";
}

int pidle_dt_shared_parse(const char *arg, struct pidle_dt_shared *out)
{
	long n;

	memset(out, 0, sizeof(*out));
	out->arg = arg;
	if (!strcmp(arg, "slowest")) {
		out->policy = PIDLE_DT_SHARED_SLOWEST;
	} else if (!strcmp(arg, "refuse")) {
		out->policy = PIDLE_DT_SHARED_REFUSE;
	} else if (!strncmp(arg, "set:", 4) && arg[4] >= '0' && arg[4] <= '9' &&
		   pidle_parse_long(arg + 4, 0, PIDLE_MAX_CPU_SETS - 1, &n)) {
		out->policy = PIDLE_DT_SHARED_SET;
		out->set = n;
	} else {
		return -1;
	}
	return 0;
}

static bool dt_sh_same(const struct pidle_dt_state *a, const struct pidle_dt_state *b)
{
	return !strcmp(a->name, b->name) && a->entry_us == b->entry_us &&
	       a->exit_us == b->exit_us && a->residency_us == b->residency_us;
}

static unsigned int dt_sh_root(const unsigned int *grp, unsigned int s)
{
	while (grp[s] != s)
		s = grp[s];
	return s;
}

/*
 * @grp: the sets joined by the domains of level @l (a domain holding CPUs
 * of sets a and b joins them), each pointing towards its group's lowest
 * set. @first: scratch, one per domain. @where[g]: a domain of group g
 * holding several sets, for messages.
 */
static void dt_sh_join(const struct pidle_dt_config *cfg, unsigned int l, int *first,
		       unsigned int *grp, int *where)
{
	const struct pidle_dt_level *lv = &cfg->level[l];

	for (unsigned int s = 0; s < cfg->nr_sets; s++) {
		grp[s] = s;
		where[s] = -1;
	}
	for (unsigned int d = 0; d < lv->nr_domains; d++)
		first[d] = -1;
	for (unsigned int i = 0; i < cfg->nr_cpus; i++) {
		unsigned int d = lv->dom[i], a, b;

		if (first[d] < 0) {
			first[d] = cfg->set_of[i];
			continue;
		}
		a = dt_sh_root(grp, first[d]);
		b = dt_sh_root(grp, cfg->set_of[i]);
		if (a == b) {
			if (cfg->set_of[i] != (unsigned int)first[d] && where[a] < 0)
				where[a] = d;
			continue;
		}
		if (b < a) {
			unsigned int t = a;

			a = b;
			b = t;
		}
		grp[b] = a;
		if (where[a] < 0)
			where[a] = where[b] >= 0 ? where[b] : (int)d;
	}
}

/* The state of the slowest-to-wake member: largest entry + exit, then residency. */
static unsigned int dt_sh_slowest_set(const struct pidle_dt_config *cfg, unsigned int k,
				      const unsigned int *member, unsigned int n)
{
	unsigned int best = member[0];

	for (unsigned int j = 1; j < n; j++) {
		const struct pidle_dt_state *a = &cfg->set_state[member[j]][k];
		const struct pidle_dt_state *b = &cfg->set_state[best][k];
		unsigned long long la = (unsigned long long)a->entry_us + a->exit_us;
		unsigned long long lb = (unsigned long long)b->entry_us + b->exit_us;

		if (la > lb || (la == lb && a->residency_us > b->residency_us))
			best = member[j];
	}
	return best;
}

/* slowest: each figure the larger (see the DOC block: why). */
static struct pidle_dt_state dt_sh_slowest(const struct pidle_dt_config *cfg, unsigned int k,
					   const unsigned int *member, unsigned int n)
{
	struct pidle_dt_state m = cfg->set_state[dt_sh_slowest_set(cfg, k, member, n)][k];

	for (unsigned int j = 0; j < n; j++) {
		const struct pidle_dt_state *s = &cfg->set_state[member[j]][k];

		if (s->entry_us > m.entry_us)
			m.entry_us = s->entry_us;
		if (s->exit_us > m.exit_us)
			m.exit_us = s->exit_us;
		if (s->residency_us > m.residency_us)
			m.residency_us = s->residency_us;
		m.timer_stop |= s->timer_stop;
	}
	return m;
}

/* "cpu-off-l 55+155 us, residency 840 us" */
static int dt_sh_figures(const struct pidle_dt_state *s, char *buf, size_t size)
{
	return snprintf(buf, size, "%s %u+%u us, residency %u us", s->name, s->entry_us,
			s->exit_us, s->residency_us);
}

/* "set 0 cpu-off-l 55+155 us, residency 840 us; set 1 ..." */
static void dt_sh_list(const struct pidle_dt_config *cfg, unsigned int k,
		       const unsigned int *member, unsigned int n, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned int j = 0; j < n && len < size; j++) {
		len += snprintf(buf + len, size - len, "%sset %u ", j ? "; " : "", member[j]);
		if (len < size)
			len += dt_sh_figures(&cfg->set_state[member[j]][k], buf + len, size - len);
	}
}

/*
 * The output's comment, before the sets take @m: "cluster state 2
 * cpu-off-b 55+200:1000 on sets 0,1 (set 0's was cpu-off-l 55+155:840,
 * set 1's cpu-off-b 50+200:1000)".
 */
static void dt_sh_comment(struct pidle_dt_config *cfg, const char *level, unsigned int k,
			  const struct pidle_dt_state *m, const unsigned int *member,
			  unsigned int n)
{
	size_t size = sizeof(cfg->shared), len = strlen(cfg->shared);

	if (len + 1 >= size)
		return;
	len += snprintf(cfg->shared + len, size - len, "%s%s state %u %s %u+%u:%u on sets",
			len ? "; " : "", level, k + 1, m->name, m->entry_us, m->exit_us,
			m->residency_us);
	for (unsigned int j = 0; j < n && len < size; j++)
		len += snprintf(cfg->shared + len, size - len, "%s%u", j ? "," : " ", member[j]);
	for (unsigned int j = 0; j < n && len < size; j++) {
		const struct pidle_dt_state *s = &cfg->set_state[member[j]][k];

		len += snprintf(cfg->shared + len, size - len, "%sset %u's %s%s %u+%u:%u",
				j ? ", " : " (", member[j], j ? "" : "was ", s->name,
				s->entry_us, s->exit_us, s->residency_us);
	}
	if (len < size)
		snprintf(cfg->shared + len, size - len, ")");
}

/*
 * One group of sets (@member, @n > 1) joined by level @l's domains, whose
 * state @k (a CPU state at that level) differs: the policy's state on
 * every member. 0, or PIDLE_EXIT_USAGE with @msg for a set:N outside.
 */
static int dt_sh_group(struct pidle_dt_config *cfg, const struct pidle_dt_shared *sh,
		       unsigned int l, unsigned int k, int where, const unsigned int *member,
		       unsigned int n, char msg[PIDLE_DT_MSG_LEN])
{
	const char *level = cfg->level[l].name;
	char dom[PIDLE_DT_MSG_LEN / 4], list[PIDLE_DT_MSG_LEN / 2], got[96], pol[16];
	char whose[16] = "";
	struct pidle_dt_state m;
	bool in = false;

	if (pidle_dt_cpus_print(cfg->level[l].dom, where, cfg->nr_cpus, dom, sizeof(dom)) < 0)
		snprintf(dom, sizeof(dom), "...");
	for (unsigned int j = 0; j < n; j++)
		in |= member[j] == sh->set;
	if (sh->policy == PIDLE_DT_SHARED_SET && !in) {
		char cpus[PIDLE_DT_MSG_LEN / 4];

		if (pidle_dt_cpus_print(cfg->set_of, sh->set, cfg->nr_cpus, cpus, sizeof(cpus)) < 0)
			snprintf(cpus, sizeof(cpus), "...");
		snprintf(msg, PIDLE_DT_MSG_LEN, "invalid --dt-shared-domain '%s': set %u (CPUs %s) has no CPU in %s domain %d (CPUs %s), whose state %u differs between the sets it holds: name one of them.",
			 sh->arg, sh->set, cpus, level, where, dom, k + 1);
		return PIDLE_EXIT_USAGE;
	}
	m = sh->policy == PIDLE_DT_SHARED_SET ? cfg->set_state[sh->set][k] :
		dt_sh_slowest(cfg, k, member, n);
	dt_sh_list(cfg, k, member, n, list, sizeof(list));
	dt_sh_figures(&m, got, sizeof(got));
	if (sh->policy == PIDLE_DT_SHARED_SET)
		snprintf(whose, sizeof(whose), "set %u's ", sh->set);
	pidle_dt_note(cfg, "%s domain %d (CPUs %s) holds CPUs of sets whose state %u at level %s differs (%s), and the devicetree does not say which the domain takes (PSCI firmware coordinates it; the module's domain goes down in one state whichever CPU is its last man): --dt-shared-domain %s gives every set %s%s%s",
		   level, where, dom, k + 1, level, list, dt_sh_name(sh, pol, sizeof(pol)), whose,
		   got, sh->policy == PIDLE_DT_SHARED_SET ? "" :
		   ", each figure the larger (set:N for one set's, refuse to refuse)");
	dt_sh_comment(cfg, level, k, &m, member, n);
	for (unsigned int j = 0; j < n; j++) {
		/* each set keeps its level name; the figures become the shared ones */
		struct pidle_dt_state *s = &cfg->set_state[member[j]][k];
		char keep[PIDLE_NAME_LEN];

		memcpy(keep, s->level, sizeof(keep));
		*s = m;
		memcpy(s->level, keep, sizeof(keep));
		if (member[j] == 0)
			cfg->state[1 + k] = *s;
	}
	return 0;
}

/* The CPU sets whose CPUs share a level's domains, and differ at state @k. */
static int dt_sh_state(struct pidle_dt_config *cfg, const struct pidle_dt_shared *sh,
		       unsigned int l, unsigned int k, int *first, bool *any,
		       char msg[PIDLE_DT_MSG_LEN])
{
	unsigned int grp[PIDLE_MAX_CPU_SETS], member[PIDLE_MAX_CPU_SETS];
	int where[PIDLE_MAX_CPU_SETS];

	dt_sh_join(cfg, l, first, grp, where);
	for (unsigned int g = 0; g < cfg->nr_sets; g++) {
		unsigned int n = 0;
		bool differ = false;
		int r;

		if (grp[g] != g)
			continue;
		for (unsigned int s = 0; s < cfg->nr_sets; s++)
			if (dt_sh_root(grp, s) == g)
				member[n++] = s;
		for (unsigned int j = 1; j < n; j++)
			differ |= !dt_sh_same(&cfg->set_state[member[j]][k],
					      &cfg->set_state[member[0]][k]);
		if (!differ)
			continue;
		*any = true;
		if (sh->policy == PIDLE_DT_SHARED_REFUSE)
			continue;
		r = dt_sh_group(cfg, sh, l, k, where[g], member, n, msg);
		if (r)
			return r;
	}
	return 0;
}

int pidle_dt_share_domains(struct pidle_dt_config *cfg, const struct pidle_dt_shared *sh,
			   char msg[PIDLE_DT_MSG_LEN])
{
	static const struct pidle_dt_shared dflt = { .policy = PIDLE_DT_SHARED_SLOWEST };
	unsigned int most = 1;
	bool any = false;
	int *first, r = 0;

	if (!sh)
		sh = &dflt;
	cfg->shared[0] = '\0';
	if (sh->policy == PIDLE_DT_SHARED_SET && cfg->nr_sets && sh->set >= cfg->nr_sets) {
		snprintf(msg, PIDLE_DT_MSG_LEN, "invalid --dt-shared-domain '%s': the import has %u CPU sets, 0 to %u.",
			 sh->arg, cfg->nr_sets, cfg->nr_sets - 1);
		return PIDLE_EXIT_USAGE;
	}
	for (unsigned int l = 0; l < cfg->nr_levels; l++)
		if (cfg->level[l].nr_domains > most)
			most = cfg->level[l].nr_domains;
	first = calloc(most, sizeof(*first));
	if (!first) {
		snprintf(msg, PIDLE_DT_MSG_LEN, "out of memory");
		return PIDLE_EXIT_INPUT;
	}
	for (unsigned int k = 0; k < cfg->nr_cpu_states && cfg->nr_sets && !r; k++)
		for (unsigned int l = 0; l < cfg->nr_levels && !r; l++)
			if (!strcmp(cfg->set_state[0][k].level, cfg->level[l].name))
				r = dt_sh_state(cfg, sh, l, k, first, &any, msg);
	free(first);
	if (!r && !any && sh->arg)
		pidle_dt_note(cfg, "--dt-shared-domain %s: no domain holds CPUs whose states at its level differ: nothing to choose",
			   sh->arg);
	return r;
}
