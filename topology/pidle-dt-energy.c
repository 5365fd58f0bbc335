// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-topo --dt FILE --energy-model EM: idle power from idlestat's energy
 * model file (idlestat's energy_model.c, parse_energy_model(); examples in
 * its tree: energy_model, energy_model_TC2), put on the imported states.
 *
 * The file, per cluster A, B, ... (idlestat numbers clusters by the
 * kernel's physical package id, which on the Arm boards it was written
 * for is the cpu-map cluster):
 *
 *	clusters N
 *	clusterA: P cap states C C states
 *	P-states:
 *	SPEED_MHZ CLUSTER_POWER CORE_POWER	(P lines)
 *	C-states:
 *	NAME CLUSTER_POWER CORE_POWER		(C lines, cpuidle state names)
 *	wakeup CLUSTER_ENERGY CORE_ENERGY
 *
 * The mapping (Documentation/pidle-topo.rst, "Idle power"):
 * - a CPU-level state's POWER_MW: the CORE_POWER of the C line of its name;
 * - a state of the cluster level: the CLUSTER_POWER of its line;
 * - power=: cpu: the CORE_POWER, cluster: the CLUSTER_POWER of the fastest
 *   P-state (the model has one active power per CPU and one up power per
 *   domain, as the Juno presets of presets.c do it);
 * - each imported CPU takes its own cluster's figures: CPUs of clusters
 *   whose figures differ (Juno's A57s and A53s) become CPU sets, a table
 *   and a power= list each (states= and power= CPUS=...;CPUS=...), split
 *   further by the import's own tables; clusters with the same figures,
 *   or one cluster, give one table and one power= as before;
 * - the wakeup line is not used: idlestat scales it by 47742/1024000 per
 *   wake-up into its own energy index, not into an energy of the state.
 * Units are the file's: idlestat states none (the EAS model's "bogo"
 * units); they go in the mW fields as they are, comparable within the
 * table only. Said on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pidle-dt.h"
#include "pidle_common.h"

#define EM_MAX_CLUSTERS	26
#define EM_MAX_CSTATES	32

struct em_cstate {
	char name[64];
	unsigned int cluster_p, core_p;
};

struct em_cluster {
	bool seen;
	unsigned int nr_p, nr_c;	/* as the header says */
	unsigned int got_p, got_c;
	unsigned int top_speed, top_cluster_p, top_core_p;
	struct em_cstate c[EM_MAX_CSTATES];
};

static bool em_same(const struct em_cluster *a, const struct em_cluster *b)
{
	if (a->top_cluster_p != b->top_cluster_p || a->top_core_p != b->top_core_p ||
	    a->got_c != b->got_c)
		return false;
	for (unsigned int i = 0; i < a->got_c; i++)
		if (strcmp(a->c[i].name, b->c[i].name) ||
		    a->c[i].cluster_p != b->c[i].cluster_p || a->c[i].core_p != b->c[i].core_p)
			return false;
	return true;
}

/* State @k of table @set of the import (as pidle-dt.c prints the tables). */
static const struct pidle_dt_state *em_state(const struct pidle_dt_config *cfg,
					     unsigned int set, unsigned int k)
{
	if (cfg->nr_sets && k >= 1 && k <= cfg->nr_cpu_states)
		return &cfg->set_state[set][k - 1];
	/* a set's own domain states (domains of a level that differ) */
	if (cfg->nr_sets && cfg->dom_per_set && k > cfg->nr_cpu_states)
		return &cfg->set_dom[set][k - 1 - cfg->nr_cpu_states];
	return &cfg->state[k];
}

void pidle_dt_energy_free(struct pidle_dt_energy *en)
{
	free(en->set_of);
	en->set_of = NULL;
}

/*
 * The file is text: a control byte (a NUL, an escape) says it is some
 * other file, and echoing its lines would send raw bytes to the terminal.
 * Returns the offset of the first such byte, or -1.
 */
static long em_binary_at(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = text[i];

		if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
			return (long)i;
	}
	return -1;
}

int pidle_dt_energy_parse(const char *text, size_t text_len, const char *file,
			  struct pidle_dt_config *cfg, const unsigned int *active_mw,
			  struct pidle_dt_energy *en,
			  char msg[PIDLE_DT_MSG_LEN])
{
	struct em_cluster *cl = calloc(EM_MAX_CLUSTERS, sizeof(*cl));
	unsigned int nr_clusters = 0, lineno = 0, matched = 0;
	enum { NONE, PSTATES, CSTATES } section = NONE;
	const char *p = text;
	struct em_cluster *cur = NULL, *use;
	int ret = PIDLE_EXIT_INPUT;
	char missing[256] = "";
	size_t nm = 0;

	long bin = em_binary_at(text, text_len);

	memset(en, 0, sizeof(*en));
	if (bin >= 0) {
		free(cl);
		snprintf(msg, PIDLE_DT_MSG_LEN, "%s: not a text file (byte 0x%02x at offset %ld): not idlestat's energy model",
			 file, (unsigned char)text[bin], bin);
		return PIDLE_EXIT_INPUT;
	}
	if (!cl) {
		snprintf(msg, PIDLE_DT_MSG_LEN, "out of memory");
		return PIDLE_EXIT_INPUT;
	}
	while (*p) {
		char line[256], name[64], letter, shown[PIDLE_EXCERPT_LEN];
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		unsigned int a, b, s;
		char *q;

		lineno++;
		if (len >= sizeof(line)) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: line longer than %zu characters",
				 file, lineno, sizeof(line) - 1);
			goto out;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		p += len + (nl ? 1 : 0);
		for (q = line; *q == ' ' || *q == '\t' || *q == '\r'; q++)
			;
		if (!*q || *q == '#')
			continue;
		if (sscanf(q, "clusters %u", &a) == 1) {
			if (nr_clusters || !a || a > EM_MAX_CLUSTERS) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: clusters %u: %s", file, lineno, a,
					 nr_clusters ? "given twice" : "want 1 to 26");
				goto out;
			}
			nr_clusters = a;
			continue;
		}
		if (sscanf(q, "cluster%c: %u cap states %u C states", &letter, &a, &b) == 3) {
			if (letter < 'A' || letter >= 'A' + (int)nr_clusters) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: cluster%c: not one of the %u clusters the file declares (clusters N first)",
					 file, lineno, letter, nr_clusters);
				goto out;
			}
			cur = &cl[letter - 'A'];
			if (cur->seen) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: cluster%c given twice", file, lineno, letter);
				goto out;
			}
			cur->seen = true;
			cur->nr_p = a;
			cur->nr_c = b;
			section = NONE;
			continue;
		}
		if (!strncmp(q, "P-states:", 9) || !strncmp(q, "C-states:", 9)) {
			if (!cur) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: %.8s before any clusterX: line", file, lineno, q);
				goto out;
			}
			section = q[0] == 'P' ? PSTATES : CSTATES;
			continue;
		}
		if (sscanf(q, "wakeup %u %u", &a, &b) == 2) {
			if (!cur) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: wakeup before any clusterX: line", file, lineno);
				goto out;
			}
			continue;
		}
		if (section == PSTATES && sscanf(q, "%u %u %u", &s, &a, &b) == 3) {
			if (cur->got_p++ >= cur->nr_p) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: more P-states than the %u the cluster line says",
					 file, lineno, cur->nr_p);
				goto out;
			}
			if (s > cur->top_speed) {
				cur->top_speed = s;
				cur->top_cluster_p = a;
				cur->top_core_p = b;
			}
			continue;
		}
		if (section == CSTATES && sscanf(q, "%63s %u %u", name, &a, &b) == 3) {
			if (cur->got_c >= cur->nr_c || cur->got_c >= EM_MAX_CSTATES) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: more C-states than the %u the cluster line says",
					 file, lineno, cur->nr_c);
				goto out;
			}
			snprintf(cur->c[cur->got_c].name, sizeof(cur->c[0].name), "%s", name);
			cur->c[cur->got_c].cluster_p = a;
			cur->c[cur->got_c].core_p = b;
			cur->got_c++;
			continue;
		}
		snprintf(msg, PIDLE_DT_MSG_LEN, "%s:%u: \"%s\": not a line of idlestat's energy model (%s)",
			 file, lineno, pidle_excerpt(q, shown, sizeof(shown)),
			 section == PSTATES ? "want SPEED CLUSTER_POWER CORE_POWER" :
			 section == CSTATES ? "want NAME CLUSTER_POWER CORE_POWER" :
			 "want clusters N, clusterX: P cap states C C states, P-states:, C-states: or wakeup");
		goto out;
	}
	if (!nr_clusters) {
		snprintf(msg, PIDLE_DT_MSG_LEN, "%s: no \"clusters N\" line: not idlestat's energy model", file);
		goto out;
	}
	for (unsigned int i = 0; i < nr_clusters; i++) {
		if (!cl[i].seen || !cl[i].got_p) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "%s: cluster%c has %s", file, 'A' + i,
				 !cl[i].seen ? "no clusterX: line" : "no P-states");
			goto out;
		}
	}

	/*
	 * Each imported CPU's cluster: cpu-map's leaf clusters, in order;
	 * clusters with the same figures are one (the first of them). An
	 * energy set per table of the import and such cluster, in the order
	 * of their first CPU.
	 */
	en->set_of = calloc(cfg->nr_cpus ? cfg->nr_cpus : 1, sizeof(*en->set_of));
	if (!en->set_of) {
		snprintf(msg, PIDLE_DT_MSG_LEN, "out of memory");
		goto out;
	}
	for (unsigned int i = 0; i < cfg->nr_cpus; i++) {
		int k = cfg->cluster[i] < 0 ? 0 : cfg->cluster[i];
		unsigned int d = cfg->nr_sets ? cfg->set_of[i] : 0, g;
		unsigned int act = active_mw ? active_mw[i] : 0;

		if (cfg->cluster[i] < 0 && nr_clusters > 1) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "%s has %u clusters, and the devicetree no cpu-map to say which CPUs are which",
				 file, nr_clusters);
			goto out;
		}
		if (k >= (int)nr_clusters) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "%s: CPU %u is in cpu-map cluster %d, and the file has %u clusters (A to %c)",
				 file, i, k, nr_clusters, 'A' + nr_clusters - 1);
			goto out;
		}
		for (int j = 0; j < k; j++)
			if (em_same(&cl[j], &cl[k])) {
				k = j;
				break;
			}
		for (g = 0; g < en->nr_sets; g++)
			if (en->set[g].dt_set == d && en->set[g].em_cluster == (unsigned int)k &&
			    en->set[g].active_mw == act)
				break;
		if (g == en->nr_sets) {
			if (g == PIDLE_MAX_CPU_SETS) {
				snprintf(msg, PIDLE_DT_MSG_LEN, "%s: the imported CPUs are of more than %d kinds (tables and clusters of different figures): the module takes %d CPU sets; import fewer with --dt-cpus",
					 file, PIDLE_MAX_CPU_SETS, PIDLE_MAX_CPU_SETS);
				ret = PIDLE_EXIT_CONFIG;
				goto out;
			}
			en->set[g].dt_set = d;
			en->set[g].em_cluster = k;
			en->set[g].active_mw = act;
			en->nr_sets++;
		}
		en->set_of[i] = g;
	}
	for (unsigned int l = 0; l < cfg->nr_levels; l++)
		if (!strcmp(cfg->level[l].name, "cluster")) {
			en->have_cluster = true;
			snprintf(en->cluster_level, sizeof(en->cluster_level), "cluster");
		}
	for (unsigned int g = 0; g < en->nr_sets; g++) {
		struct pidle_dt_energy_set *es = &en->set[g];
		char cpus[64] = "";

		use = &cl[es->em_cluster];
		es->cpu_mw = active_mw ? es->active_mw : use->top_core_p;
		if (en->have_cluster)
			es->cluster_mw = use->top_cluster_p;
		matched = 0;
		nm = 0;
		missing[0] = '\0';
		for (unsigned int k = 0; k < cfg->nr_states; k++) {
			const struct pidle_dt_state *s = em_state(cfg, es->dt_set, k);
			bool cpu = !strcmp(s->level, "cpu");
			unsigned int i;

			for (i = 0; i < use->got_c; i++)
				if (!strcmp(use->c[i].name, s->name))
					break;
			if (i == use->got_c || (!cpu && strcmp(s->level, "cluster"))) {
				if (nm < sizeof(missing))
					nm += snprintf(missing + nm, sizeof(missing) - nm, "%s%s", nm ? ", " : "", s->name);
				continue;
			}
			es->state_mw[k] = cpu ? use->c[i].core_p : use->c[i].cluster_p;
			es->have_power[k] = true;
			matched++;
		}
		if (!matched) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "%s: cluster%c names no state of the table (C-states lines must carry cpuidle's names, e.g. %s)",
				 file, 'A' + es->em_cluster,
				 cfg->nr_states > 1 ? em_state(cfg, es->dt_set, 1)->name : "WFI");
			ret = PIDLE_EXIT_CONFIG;
			goto out;
		}
		if (en->nr_sets > 1 &&
		    pidle_dt_cpus_print(en->set_of, g, cfg->nr_cpus, cpus, sizeof(cpus)) < 0)
			snprintf(cpus, sizeof(cpus), "of set %u", g);
		if (active_mw)
			pidle_dt_note(cfg, "power from %s, cluster%c%s%s%s: idle states%s in the file's units as they are (idlestat states none); cpu %u mW from the devicetree (--dt-power dpc), in mW: the two add up in one energy only if the file's units are mW too; the wakeup line is not used%s%s%s",
				file, 'A' + es->em_cluster, cpus[0] ? " (CPUs " : "", cpus,
				cpus[0] ? ")" : "",
				en->have_cluster ? " and cluster up power (its fastest P-state's)" : "",
				es->cpu_mw,
				nm ? "; no figure for " : "", missing, nm ? " (power 0)" : "");
		else
			pidle_dt_note(cfg, "power from %s, cluster%c%s%s%s: the file's units as they are (idlestat states none; compare within this table only); cpu %u and %s the fastest P-state's (%u MHz); the wakeup line is not used%s%s%s",
				file, 'A' + es->em_cluster, cpus[0] ? " (CPUs " : "", cpus,
				cpus[0] ? ")" : "", es->cpu_mw,
				en->have_cluster ? "cluster up power" : "no cluster level:", use->top_speed,
				nm ? "; no figure for " : "", missing, nm ? " (power 0)" : "");
	}
	ret = 0;
out:
	if (ret)
		pidle_dt_energy_free(en);
	free(cl);
	return ret;
}
