// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-replay: replay a recorded workload's idle periods through the
 * kernel's own cpuidle governors (menu, teo, ladder of linux-source-6.12,
 * compiled unchanged) and the model core, for one state table or a sweep
 * of them. Documentation/pidle-replay.rst.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "pidle_common.h"
#include "pidle_opts.h"
#include "pidle_kgov.h"
#include "pidle_rp_agree.h"
#include "pidle_rp_exp.h"
#include "pidle-topo.h"

#define RP_EXIT_DISAGREE	5	/* --agree: beyond the tolerance */

static void rp_usage(FILE *f)
{
	char names[64];

	pidle_kgov_names(names, sizeof(names));
	fprintf(f,
"Usage: pidle-replay [OPTIONS] TRACE\n"
"       pidle-replay --exp FILE --list --cpus N [-T TOPOLOGY]\n"
"Replay a trace's idle periods through a governor and a state table.\n"
"TRACE: a trace.dat (trace-cmd record's file), or text: 'trace-cmd report -t -N'\n"
"or the tracefs trace file; - for stdin.\n"
"\n"
"The hierarchy:\n"
"  -s, --states STR        a states= string or a pidle-topo preset (skx, ...)\n"
"  -T, --topology STR      a topology= string (default: none, flat); with\n"
"                          --exp, the topology of its tables of topology\n"
"                          auto (or none given)\n"
"      --power STR         a power= string (the energy model with the states')\n"
"      --policy POLICY     domain_policy: auto (default) or timer\n"
"      --mode MODE         pc (default) or osi: the governor sees the CPU\n"
"                          states, domain governors choose the domains'\n"
"      --domain-gov STR    mode osi: NAME or LEVEL:NAME,... of genpd-6.1\n"
"                          genpd-6.12 genpd deepest predict (default\n"
"                          genpd-6.12)\n"
"      --exp FILE          the cells of an experiment file: its tables,\n"
"                          governors, disable changes and PM QoS (not with\n"
"                          -s, --power, --policy, --mode, --domain-gov, -g,\n"
"                          --qos-us: the file names those)\n"
"The governors and the recording:\n"
"  -g, --governor LIST     comma separated: %s recorded (default menu)\n"
"      --qos-us N          PM QoS CPU latency limit for every entry (default:\n"
"                          the trace's pm_qos events)\n"
"      --hz N              the recorded kernel's HZ (default 250)\n"
"      --recorded-states STR  the traced machine's states= (or preset): its\n"
"                          exit latencies come off each cpu_idle exit, to\n"
"                          give the wake-up (standard traces)\n"
"      --busy LIST         CPUs busy all along (no idle event in the trace)\n"
"      --offline LIST      CPUs idle or offline all along\n"
"The run:\n"
"      --jobs N            cells at once (default 1)\n"
"      --repeat N          replay the trace N times over, end to end (make\n"
"                          bench: a large workload from a small trace)\n"
"      --list              list the cells, one a line, and exit\n"
"      --cpus N            with --exp and --list, no TRACE: the cells of a\n"
"                          machine of N CPUs, every table checked as for a\n"
"                          trace (experiments/run.sh checks its tables so)\n"
"      --cell K            run cell K (1-based) of the list only\n"
"      --agree PCT         module traces: compare with the recorded run, one\n"
"                          row per figure, each within PCT %% or not placed\n"
"                          (with why); exit %d when a placed one is not\n"
"Output:\n"
"  -o, --output FILE       write there (default stdout)\n"
"      --csv               one CSV row per cell, with a header\n"
"      --periods FILE      each period of a single cell, a line: CPU, entry ns,\n"
"                          idle ns, sleep length ns, delta_next ns, tick\n"
"                          stopped, recorded state, replayed state, recorded\n"
"                          achieved, wake source (to explain a difference)\n"
"      --summary FILE      the cells ranked by energy x latency, Pareto front\n"
"                          marked, as CSV (for tools/replay/pidle-replay-plot)\n"
"      --json              one JSON object per cell, a line each\n"
"  -h, --help              this text\n"
"  -V, --version           the version\n"
"\n"
"Old spellings (deprecated): -t for -T, -j for --jobs.\n"
"\n"
"Exit status: 0 done, 1 usage (a bad option, argument, table or combination)\n"
"or an output (-o, --periods, --summary, stdout) that cannot be written,\n"
"2 the trace or the experiment file is unusable, %d the replay disagrees\n"
"with the recorded run (--agree).\n",
		names, RP_EXIT_DISAGREE, RP_EXIT_DISAGREE);
}

static double rp_pct(u64 a, u64 b)
{
	return b ? 100.0 * a / b : 0;
}

/* Energy x mean latency per wake-up: J x ms, lower is better on both. */
static double rp_jxms(const struct pidle_rp_result *r)
{
	double lat_ms = r->wakeups ? r->latency_ns / 1e6 / r->wakeups : 0;

	return r->energy.total_nj / 1e9 * lat_ms;
}

/*
 * CSV columns by position, not by name, so that the cells of a sweep (its
 * tables with their own states and levels) share one header: state0_* ..
 * for the @nr_states slots, dstate0_* .. for the @nr_dstates domain
 * states (each row names its own in *_name, *_level), empty past a
 * cell's own.
 */
static void rp_csv_header(FILE *f, unsigned int nr_states,
			  unsigned int nr_dstates)
{
	unsigned int s;

	fprintf(f, "table,governor,qos,periods,wakeups,aborted,span_s,"
		"latency_mean_us,latency_max_us,added_ms,energy_j,avg_w,"
		"idle_j,oracle_j,efficiency_pct,j_x_ms");
	for (s = 0; s < nr_states; s++)
		fprintf(f, ",state%u_name,state%u_requested,state%u_achieved,"
			"state%u_residency_pct,state%u_above,state%u_below",
			s, s, s, s, s, s);
	for (s = 0; s < nr_dstates; s++)
		fprintf(f, ",dstate%u_level,dstate%u_name,dstate%u_usage,"
			"dstate%u_residency_pct,dstate%u_too_deep,dstate%u_rejected,"
			"dstate%u_above,dstate%u_below,dstate%u_gov",
			s, s, s, s, s, s, s, s, s);
	for (s = 0; s < PIDLE_RP_SRC_NR; s++)
		fprintf(f, ",wake_%s", pidle_rp_src_name[s]);
	fprintf(f, ",periods_per_s\n");
}

static void rp_csv_row(FILE *f, const struct pidle_rp_cell *c,
		       const struct pidle_rp_result *r, unsigned int nr_states,
		       unsigned int nr_dstates)
{
	double cpu_ns = (double)r->span_ns * r->nr_cpus, span_s = r->span_ns / 1e9;
	unsigned int s, l, k, d = 0;

	fprintf(f, "%s,%s,%s,%llu,%llu,%llu,%.6f,%.3f,%.3f,%.3f,",
		c->name, c->governor, c->qos_name, r->periods, r->wakeups,
		r->aborted, span_s,
		r->wakeups ? r->latency_ns / 1e3 / r->wakeups : 0,
		r->latency_max_ns / 1e3, r->latency_ns / 1e6);
	if (r->has_energy)
		fprintf(f, "%.6f,%.4f,%.6f,%.6f,%.2f,%.6f",
			r->energy.total_nj / 1e9,
			span_s > 0 ? r->energy.total_nj / 1e9 / span_s : 0,
			r->energy.idle_nj / 1e9, r->energy.oracle_nj / 1e9,
			rp_pct(r->energy.oracle_nj, r->energy.idle_nj), rp_jxms(r));
	else
		fprintf(f, ",,,,,");
	for (s = 0; s < nr_states; s++) {
		if (s >= r->nr_states) {
			fprintf(f, ",,,,,,");
			continue;
		}
		fprintf(f, ",%s,%llu,%llu,%.3f,%llu,%llu", c->st.state[s].name,
			r->requested[s], r->achieved[s],
			cpu_ns > 0 ? 100.0 * r->residency_ns[s] / cpu_ns : 0,
			r->above[s], r->below[s]);
	}
	for (l = 1; l <= r->nr_levels; l++) {
		const struct pidle_rp_level *lv = &r->level[l];
		double dom_ns = (double)r->span_ns * lv->nr_domains;

		for (k = 0; k < lv->nr_states && d < nr_dstates; k++, d++) {
			s = lv->first_state + k;
			fprintf(f, ",%s,%s,%llu,%.3f,%llu,%llu,%llu,%llu,%s",
				lv->name, c->st.state[s].name, lv->st[s].usage,
				dom_ns > 0 ? 100.0 * lv->residency_ns[s] / dom_ns : 0,
				lv->st[s].too_deep, lv->st[s].rejected,
				lv->st[s].above, lv->st[s].below,
				lv->gov[0] ? lv->gov : "pc");
		}
	}
	for (; d < nr_dstates; d++)
		fprintf(f, ",,,,,,,,,");
	for (s = 0; s < PIDLE_RP_SRC_NR; s++)
		fprintf(f, ",%llu", r->src[s]);
	fprintf(f, ",%.0f\n", r->run_s > 0 ? r->periods / r->run_s : 0);
}

static void rp_json(FILE *f, const struct pidle_rp_cell *c,
		    const struct pidle_rp_result *r)
{
	double cpu_ns = (double)r->span_ns * r->nr_cpus;
	unsigned int s, l, k;

	fprintf(f, "{\"table\":\"%s\",\"mode\":\"%s\",\"governor\":\"%s\",\"qos\":\"%s\","
		"\"periods\":%llu,\"wakeups\":%llu,\"aborted\":%llu"
		",\"span_s\":%.6f,\"latency_mean_us\":%.3f,\"latency_max_us\":%.3f",
		c->name, pidle_mode_name(c->mode), c->governor, c->qos_name,
		r->periods, r->wakeups, r->aborted, r->span_ns / 1e9,
		r->wakeups ? r->latency_ns / 1e3 / r->wakeups : 0,
		r->latency_max_ns / 1e3);
	if (r->has_energy)
		fprintf(f, ",\"energy\":{\"j\":%.6f,\"idle_j\":%.6f,\"oracle_j\":%.6f,\"efficiency_pct\":%.2f,\"j_x_ms\":%.6f}",
			r->energy.total_nj / 1e9, r->energy.idle_nj / 1e9,
			r->energy.oracle_nj / 1e9,
			rp_pct(r->energy.oracle_nj, r->energy.idle_nj), rp_jxms(r));
	fprintf(f, ",\"states\":[");
	for (s = 0; s < r->nr_states; s++)
		fprintf(f, "%s{\"name\":\"%s\",\"requested\":%llu,\"achieved\":%llu"
			",\"residency_pct\":%.3f,\"above\":%llu,\"below\":%llu}",
			s ? "," : "", c->st.state[s].name, r->requested[s],
			r->achieved[s],
			cpu_ns > 0 ? 100.0 * r->residency_ns[s] / cpu_ns : 0,
			r->above[s], r->below[s]);
	fprintf(f, "],\"domains\":[");
	for (l = 1; l <= r->nr_levels; l++) {
		const struct pidle_rp_level *lv = &r->level[l];
		double dom_ns = (double)r->span_ns * lv->nr_domains;

		for (k = 0; k < lv->nr_states; k++) {
			s = lv->first_state + k;
			fprintf(f, "%s{\"level\":\"%s\",\"state\":\"%s\",\"usage\":%llu"
				",\"residency_pct\":%.3f,\"too_deep\":%llu,\"rejected\":%llu"
				",\"above\":%llu,\"below\":%llu,\"gov\":\"%s\"}",
				l == 1 && !k ? "" : ",", lv->name, c->st.state[s].name,
				lv->st[s].usage,
				dom_ns > 0 ? 100.0 * lv->residency_ns[s] / dom_ns : 0,
				lv->st[s].too_deep, lv->st[s].rejected,
				lv->st[s].above, lv->st[s].below,
				lv->gov[0] ? lv->gov : "pc");
		}
	}
	fprintf(f, "],\"wake\":{");
	for (s = 0; s < PIDLE_RP_SRC_NR; s++)
		fprintf(f, "%s\"%s\":%llu", s ? "," : "", pidle_rp_src_name[s], r->src[s]);
	fprintf(f, "},\"replay_s\":%.6f,\"periods_per_s\":%.0f}\n", r->run_s,
		r->run_s > 0 ? r->periods / r->run_s : 0);
}

static void rp_plain(FILE *f, const struct pidle_rp_cell *c,
		     const struct pidle_rp_result *r)
{
	double cpu_ns = (double)r->span_ns * r->nr_cpus, span_s = r->span_ns / 1e9;
	unsigned int s, l, k;

	fprintf(f, "cell: table %s, mode %s, governor %s, qos %s\n", c->name,
		pidle_mode_name(c->mode), c->governor, c->qos_name);
	fprintf(f, "  %llu idle periods on %u CPUs over %.3f s; %llu"
		" wake-ups, %llu entries left at once\n",
		r->periods, r->nr_cpus, span_s, r->wakeups, r->aborted);
	fprintf(f, "  latency added per wake-up: mean %.2f us, max %.2f us; %.3f ms over the trace\n",
		r->wakeups ? r->latency_ns / 1e3 / r->wakeups : 0,
		r->latency_max_ns / 1e3, r->latency_ns / 1e6);
	if (r->has_energy)
		fprintf(f, "  energy: %.6f J (%.4f W); idle %.6f J, oracle %.6f J: efficiency %.2f %%; J x ms %.6f\n",
			r->energy.total_nj / 1e9,
			span_s > 0 ? r->energy.total_nj / 1e9 / span_s : 0,
			r->energy.idle_nj / 1e9, r->energy.oracle_nj / 1e9,
			rp_pct(r->energy.oracle_nj, r->energy.idle_nj), rp_jxms(r));
	else
		fprintf(f, "  energy: the table has no power figures (give POWER_MW and power=)\n");
	fprintf(f, "  %-8s %10s %10s %8s %9s %9s\n", "state", "requested",
		"achieved", "resid %", "above", "below");
	for (s = 0; s < r->nr_states; s++)
		fprintf(f, "  %-8s %10llu %10llu %8.2f %9llu %9llu\n",
			c->st.state[s].name, r->requested[s], r->achieved[s],
			cpu_ns > 0 ? 100.0 * r->residency_ns[s] / cpu_ns : 0,
			r->above[s], r->below[s]);
	for (l = 1; l <= r->nr_levels; l++) {
		const struct pidle_rp_level *lv = &r->level[l];
		double dom_ns = (double)r->span_ns * lv->nr_domains;

		for (k = 0; k < lv->nr_states; k++) {
			s = lv->first_state + k;
			fprintf(f, "  %s %s (%u domains%s%s): %llu down periods, %.2f %% down, %llu"
				" too deep, %llu rejected, %llu above, %llu below\n",
				lv->name, c->st.state[s].name, lv->nr_domains,
				lv->gov[0] ? ", governor " : "", lv->gov,
				lv->st[s].usage,
				dom_ns > 0 ? 100.0 * lv->residency_ns[s] / dom_ns : 0,
				lv->st[s].too_deep, lv->st[s].rejected,
				lv->st[s].above, lv->st[s].below);
		}
	}
	fprintf(f, "  wake-ups by source:");
	for (s = 0; s < PIDLE_RP_SRC_NR; s++)
		if (r->src[s])
			fprintf(f, " %s %llu (%.1f %%, %.2f us each)",
				pidle_rp_src_name[s], r->src[s],
				rp_pct(r->src[s], r->periods),
				r->src_latency_ns[s] / 1e3 / r->src[s]);
	fprintf(f, "\n  replay: %.0f periods/s\n",
		r->run_s > 0 ? r->periods / r->run_s : 0);
}

/* One cell's headline figures, for the summary and the Pareto front. */
struct rp_sum {
	unsigned int idx;
	bool has_energy, pareto;
	double latency_us, energy_j, eff_pct, jxms;
};

struct rp_args {
	const char *states, *topology, *power, *policy, *exp, *governors;
	const char *mode, *domain_gov;
	const char *busy, *offline, *output, *trace, *summary, *periods;
	const char *rec_states;
	long jobs, cell, hz, qos_us, repeat;
	long cpus;		/* --cpus: no trace, a machine of this many */
	double agree;
	unsigned int csv_states, csv_dstates;	/* the CSV's slots */
	bool list;
	int fmt;
	FILE *sum_f;		/* --summary, open before the cells run */
};

/* Runs the cells numbered from @first, every @step-th; writes their rows. */
static int rp_run_cells(const struct rp_args *a, const struct pidle_rp_trace *t,
			const struct pidle_rp_cells *cells, unsigned int first,
			unsigned int step, FILE *out, FILE *sum, bool header)
{
	unsigned int i;
	int ret = 0;

	for (i = first; i < cells->nr; i += step) {
		const struct pidle_rp_cell *c = &cells->cell[i];
		struct pidle_rp_result r, rec;
		char err[512];

		struct rp_sum sm = { .idx = i };

		if (pidle_rp_replay(t, c, &r, err, sizeof(err)))
			return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err);
		sm.has_energy = r.has_energy;
		sm.latency_us = r.wakeups ? r.latency_ns / 1e3 / r.wakeups : 0;
		sm.energy_j = r.energy.total_nj / 1e9;
		sm.eff_pct = rp_pct(r.energy.oracle_nj, r.energy.idle_nj);
		sm.jxms = rp_jxms(&r);
		if (fwrite(&sm, sizeof(sm), 1, sum) != 1)
			return pidle_errorf(PIDLE_EXIT_INPUT, "summary: %s", strerror(errno));
		if (a->fmt == PIDLE_OUT_CSV) {
			fprintf(out, "%u\t", i);
			rp_csv_row(out, c, &r, a->csv_states, a->csv_dstates);
		} else if (a->fmt == PIDLE_OUT_JSON) {
			fprintf(out, "%u\t", i);
			rp_json(out, c, &r);
		} else {
			fprintf(out, "%u\t", i);
			rp_plain(out, c, &r);
		}
		if (a->agree >= 0) {
			struct pidle_rp_cell rc = *c;
			int *sel;

			if (!t->module)
				return pidle_errorf(PIDLE_EXIT_USAGE,
						    "--agree: the trace has no pseudo_cpuidle events; only a module trace records what the run chose");
			/* the cell again, its decision per period kept (once) */
			sel = malloc(t->nr_periods * sizeof(*sel));
			if (!sel)
				return pidle_errorf(PIDLE_EXIT_INPUT, "out of memory");
			rc.selected = sel;
			rc.periods = NULL;
			if (pidle_rp_replay(t, &rc, &r, err, sizeof(err))) {
				free(sel);
				return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err);
			}
			rc.selected = NULL;
			snprintf(rc.governor, sizeof(rc.governor), "recorded");
			if (pidle_rp_replay(t, &rc, &rec, err, sizeof(err))) {
				free(sel);
				return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err);
			}
			if (pidle_rp_agree(out, t, c, &r, &rec, sel, a->agree))
				ret |= RP_EXIT_DISAGREE;
			free(sel);
		}
	}
	return ret;
}

static int rp_sum_cmp(const void *x, const void *y)
{
	const struct rp_sum *a = x, *b = y;

	if (a->jxms != b->jxms)
		return a->jxms < b->jxms ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/*
 * The cells ranked by energy x latency, each marked when no other cell is
 * at least as good on both energy and latency per wake-up and better on
 * one (the Pareto front); printed on @out (NULL: not), and written as CSV
 * to --summary FILE for the plots (tools/replay/pidle-replay-plot).
 */
static int rp_summary(const struct rp_args *a, const struct pidle_rp_cells *cells,
		      struct rp_sum *sums, unsigned int nr, FILE *out)
{
	FILE *f = NULL;
	unsigned int i, j;

	for (i = 0; i < nr; i++) {
		sums[i].pareto = sums[i].has_energy;
		for (j = 0; j < nr && sums[i].pareto; j++)
			if (j != i && sums[j].has_energy &&
			    sums[j].energy_j <= sums[i].energy_j &&
			    sums[j].latency_us <= sums[i].latency_us &&
			    (sums[j].energy_j < sums[i].energy_j ||
			     sums[j].latency_us < sums[i].latency_us))
				sums[i].pareto = false;
	}
	qsort(sums, nr, sizeof(*sums), rp_sum_cmp);
	f = a->sum_f;
	if (f)
		fprintf(f, "table,governor,qos,latency_mean_us,energy_j,efficiency_pct,j_x_ms,pareto\n");
	if (out) {
		fprintf(out, "summary, best energy x latency first (* on the Pareto front of energy and latency per wake-up):\n");
		fprintf(out, "  %-22s %-8s %-6s %9s %11s %7s %10s\n", "table", "governor",
			"qos", "lat us", "energy J", "eff %", "J x ms");
	}
	for (i = 0; i < nr; i++) {
		const struct pidle_rp_cell *c = &cells->cell[sums[i].idx];

		if (out)
			fprintf(out, "%s %-22s %-8s %-6s %9.2f %11.6f %7.2f %10.6f\n",
				sums[i].pareto ? " *" : "  ", c->name, c->governor,
				c->qos_name, sums[i].latency_us, sums[i].energy_j,
				sums[i].eff_pct, sums[i].jxms);
		if (f)
			fprintf(f, "%s,%s,%s,%.3f,%.6f,%.2f,%.6f,%d\n", c->name,
				c->governor, c->qos_name, sums[i].latency_us,
				sums[i].energy_j, sums[i].eff_pct, sums[i].jxms,
				sums[i].pareto);
	}
	return 0;
}

/*
 * Prints a worker's output without the cell numbers that sorted it; in
 * CSV, one header only.
 */
static void rp_emit(FILE *out, char **rows, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		char *p = rows[i], *nl;

		if (!p)
			continue;
		while (*p) {
			char *tab = strchr(p, '\t');

			nl = strchr(p, '\n');
			if (tab && (!nl || tab < nl) && tab > p &&
			    strspn(p, "0123456789") == (size_t)(tab - p))
				p = tab + 1;
			nl = strchr(p, '\n');
			fwrite(p, 1, nl ? (size_t)(nl - p + 1) : strlen(p), out);
			p = nl ? nl + 1 : p + strlen(p);
		}
	}
}

/* Reads a worker's file: its blocks by cell number into @rows. */
static void rp_collect_rows(FILE *f, char **rows, unsigned int nr,
			    char **header)
{
	char *line = NULL;
	size_t cap = 0;
	long cur = -1;

	rewind(f);
	while (getline(&line, &cap, f) > 0) {
		char *tab = strchr(line, '\t');
		char *body = line;
		size_t n, old;

		if (tab && strspn(line, "0123456789") == (size_t)(tab - line) &&
		    tab > line) {
			cur = strtol(line, NULL, 10);
			body = tab + 1;
		} else if (cur < 0) {
			if (!*header)
				*header = strdup(line);
			continue;
		}
		if (cur < 0 || (unsigned long)cur >= nr)
			continue;
		n = strlen(body);
		old = rows[cur] ? strlen(rows[cur]) : 0;
		rows[cur] = realloc(rows[cur], old + n + 1);
		memcpy(rows[cur] + old, body, n + 1);
	}
	free(line);
}

/* --busy and --offline name CPUs of the trace: one beyond it is a typo */
static int rp_check_cpus(const char *list, const char *opt, unsigned int nr_cpus)
{
	struct pidle_cpuset set = { 0 };
	long cpu;

	if (!list)
		return 0;
	pidle_cpulist_add(&set, list);	/* checked in main() */
	for (cpu = nr_cpus; cpu < PIDLE_CPUSET_BITS; cpu++)
		if (pidle_cpuset_test(&set, cpu))
			return pidle_usage_error("%s %s: CPU %ld is not in the trace, which has CPUs 0-%u.",
						 opt, list, cpu, nr_cpus - 1);
	return 0;
}

/* @w is a whole word of the space-separated @list */
static bool rp_word_in(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *q;

	for (q = strstr(list, w); q; q = strstr(q + 1, w))
		if ((q == list || q[-1] == ' ') && (!q[n] || q[n] == ' '))
			return true;
	return false;
}

/*
 * The arguments that need no trace, checked before it is read: each
 * governor of -g (none empty), the CPU lists, and the table's own
 * strings (the topology's CPU count is the trace's, checked after).
 */
static int rp_check_args(const struct rp_args *a)
{
	char names[64], gl[256], *g, *p;
	struct pidle_cpuset set = { 0 };
	struct pidle_states st;
	struct pidle_err perr = { 0 };
	enum pidle_policy pol;
	enum pidle_mode mode;
	struct pidle_dgov_cfg dgov;
	const struct pidle_preset *pre;

	if (a->busy && pidle_cpulist_add(&set, a->busy))
		return pidle_bad_arg("--busy CPU list", a->busy, "expected CPUs as the kernel lists them, e.g. 0-3,8");
	if (a->offline && pidle_cpulist_add(&set, a->offline))
		return pidle_bad_arg("--offline CPU list", a->offline, "expected CPUs as the kernel lists them, e.g. 0-3,8");
	if (a->exp)
		return 0;
	pidle_kgov_names(names, sizeof(names));
	if (snprintf(gl, sizeof(gl), "%s", a->governors) >= (int)sizeof(gl))
		return pidle_bad_arg("governor list", a->governors, "too long");
	for (g = gl; g; g = p) {
		char *w = g;

		p = strchr(g, ',');
		if (p)
			*p++ = '\0';
		if (!*w)
			return pidle_bad_arg("governor list", a->governors,
					     "an empty name; expected names separated by commas");
		if (strcmp(w, "recorded") && !rp_word_in(names, w)) {
			char why[128];

			snprintf(why, sizeof(why), "expected %s or recorded", names);
			return pidle_bad_arg("governor", w, why);
		}
	}
	pre = pidle_preset_find(a->states);
	if (pidle_states_parse(pre ? pre->states : a->states, &st, &perr) ||
	    (a->power && pidle_power_parse(a->power, &st, &perr)))
		return pidle_usage_error("--states/--power: %s", perr.msg);
	if (a->policy && pidle_policy_parse(a->policy, &pol, &perr))
		return pidle_usage_error("--policy: %s", perr.msg);
	if (a->mode && pidle_mode_parse(a->mode, &mode, &perr))
		return pidle_usage_error("--mode: %s", perr.msg);
	if (a->domain_gov && pidle_dgov_parse(a->domain_gov, &dgov, &perr))
		return pidle_usage_error("--domain-gov: %s", perr.msg);
	return 0;
}

static int rp_main(struct rp_args *a)
{
	struct pidle_rp_load_opts lo = {
		.hz = a->hz, .qos_ns = a->qos_us >= 0 ? a->qos_us * 1000 : -1,
		.busy_cpus = a->busy, .offline_cpus = a->offline,
	};
	struct pidle_rp_cells cells = { 0 };
	struct pidle_rp_trace t;
	struct pidle_topology probe;
	struct pidle_err perr = { 0 };
	char err[1024], **rows = NULL, *header = NULL;
	FILE *in, *out = stdout, **wf = NULL, **sf = NULL, *pf = NULL;
	struct rp_sum *sums = NULL;
	unsigned int nr_sums = 0;
	unsigned int i, w, jobs = 0;	/* read at out: before it is set */
	int ret = 0;

	if (a->rec_states) {
		const struct pidle_preset *pre = pidle_preset_find(a->rec_states);
		struct pidle_states rs;

		if (pidle_states_parse(pre ? pre->states : a->rec_states, &rs, &perr))
			return pidle_errorf(PIDLE_EXIT_USAGE, "--recorded-states: %s", perr.msg);
		lo.nr_rec_latency = rs.nr_states;
		for (i = 0; i < rs.nr_states; i++)
			lo.rec_latency_ns[i] = rs.state[i].exit_latency_ns;
	}
	/* the topology's CPU count bounds the trace's */
	if (a->topology && strcmp(a->topology, "none") &&
	    !pidle_topology_parse(a->topology, 0, &probe, &perr)) {
		lo.topo_cpus = probe.nr_cpus;
		pidle_topology_free(&probe);
	} else if (a->topology && strcmp(a->topology, "none")) {
		return pidle_errorf(PIDLE_EXIT_USAGE, "--topology: %s", perr.msg);
	}
	memset(&t, 0, sizeof(t));
	if (a->cpus > 0) {
		/* --cpus: the cells are built and listed, nothing replayed */
		t.nr_cpus = a->cpus;
	} else {
		in = strcmp(a->trace, "-") ? fopen(a->trace, "r") : stdin;
		if (!in)
			return pidle_errorf(PIDLE_EXIT_INPUT, "%s: %s", a->trace, strerror(errno));
		ret = pidle_rp_load(in, a->trace, &lo, &t, err, sizeof(err));
		if (in != stdin)
			fclose(in);
		if (ret)
			return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err);
	}
	ret = rp_check_cpus(a->busy, "--busy", t.nr_cpus) ?:
	      rp_check_cpus(a->offline, "--offline", t.nr_cpus);
	if (ret)
		goto out;

	if (a->exp) {
		int st = pidle_rp_exp_load(a->exp, t.nr_cpus, a->topology,
					   &cells, err, sizeof(err));

		if (st) {
			ret = st == -2 ? pidle_usage_error("%s", err) :
			      pidle_errorf(PIDLE_EXIT_INPUT, "%s", err);
			goto out;
		}
	} else {
		char gl[256], *g, *save;

		snprintf(gl, sizeof(gl), "%s", a->governors);
		for (g = strtok_r(gl, ",", &save); g; g = strtok_r(NULL, ",", &save)) {
			struct pidle_rp_cell c;

			/* the options' table: a bad one is a usage error */
			if (pidle_rp_cell_make(&c, "cmdline", a->states,
					       a->topology ? a->topology : "none",
					       a->power, a->policy, a->mode,
					       a->domain_gov, g, t.nr_cpus,
					       err, sizeof(err))) {
				ret = pidle_usage_error("%s", err);
				goto out;
			}
			if (a->qos_us >= 0) {
				c.qos_ns = a->qos_us * 1000;
				snprintf(c.qos_name, sizeof(c.qos_name), "%ldus", a->qos_us);
			}
			cells.cell = realloc(cells.cell, (cells.nr + 1) * sizeof(c));
			cells.cell[cells.nr++] = c;
		}
	}
	for (i = 0; i < cells.nr; i++) {
		const struct pidle_states *st = &cells.cell[i].st;
		unsigned int k, nd = 0;

		cells.cell[i].repeat = a->repeat;
		for (k = 0; k < st->nr_states; k++)
			nd += strcmp(st->state[k].level_name, PIDLE_LEVEL_CPU) != 0;
		if (st->nr_states > a->csv_states)
			a->csv_states = st->nr_states;
		if (nd > a->csv_dstates)
			a->csv_dstates = nd;
	}
	if (a->periods) {
		if (cells.nr != 1 && a->cell <= 0) {
			ret = pidle_usage_error("--periods goes with a single cell (one governor, or --cell).");
			goto out;
		}
		pf = fopen(a->periods, "w");
		if (!pf) {
			ret = pidle_errorf(PIDLE_EXIT_USAGE, "%s: cannot write: %s.", a->periods, strerror(errno));
			goto out;
		}
		fprintf(pf, "# cpu enter_ns idle_ns sleep_ns delta_next_ns tick_stopped recorded replayed recorded_achieved source\n");
		for (i = 0; i < cells.nr; i++)
			cells.cell[i].periods = pf;
	}
	if (a->cell > 0 && (unsigned long)a->cell > cells.nr) {
		ret = pidle_usage_error("--cell %ld: there are %u cells.", a->cell, cells.nr);
		goto out;
	}
	if (a->list) {
		for (i = 0; i < cells.nr; i++)
			printf("%u %s %s %s\n", i + 1, cells.cell[i].name,
			       cells.cell[i].governor, cells.cell[i].qos_name);
		goto out;
	}
	/* every argument is good: the summary's path is tried before the work */
	if (a->summary) {
		a->sum_f = fopen(a->summary, "w");
		if (!a->sum_f) {
			ret = pidle_errorf(PIDLE_EXIT_USAGE, "%s: cannot write: %s.", a->summary, strerror(errno));
			goto out;
		}
	}
	if (a->cell > 0) {
		struct pidle_rp_cell tmp = cells.cell[0];

		/* swapped, not copied: each topology is freed once */
		cells.cell[0] = cells.cell[a->cell - 1];
		cells.cell[a->cell - 1] = tmp;
	}
	jobs = a->cell > 0 ? 1 : a->jobs;
	if (jobs > (a->cell > 0 ? 1 : cells.nr))
		jobs = cells.nr;
	wf = calloc(jobs, sizeof(*wf));
	sf = calloc(jobs, sizeof(*sf));
	rows = calloc(cells.nr, sizeof(*rows));
	for (w = 0; w < jobs; w++) {
		pid_t pid;

		wf[w] = tmpfile();
		sf[w] = tmpfile();
		if (!wf[w] || !sf[w]) {
			ret = pidle_errorf(PIDLE_EXIT_INPUT, "tmpfile: %s", strerror(errno));
			goto out;
		}
		if (jobs == 1) {
			ret = rp_run_cells(a, &t, &cells, 0, a->cell > 0 ? cells.nr : 1,
					   wf[w], sf[w], true);
			break;
		}
		fflush(NULL);
		pid = fork();
		if (pid < 0) {
			ret = pidle_errorf(PIDLE_EXIT_INPUT, "fork: %s", strerror(errno));
			goto out;
		}
		if (!pid) {
			int rc = rp_run_cells(a, &t, &cells, w, jobs, wf[w], sf[w], true);

			fflush(wf[w]);
			fflush(sf[w]);
			_exit(rc);
		}
	}
	if (jobs > 1)
		for (w = 0; w < jobs; w++) {
			int st;

			if (wait(&st) < 0 || !WIFEXITED(st))
				ret = pidle_errorf(PIDLE_EXIT_INPUT, "a worker died");
			else if (WEXITSTATUS(st) && !ret)
				ret = WEXITSTATUS(st);
		}
	/* a cell that failed: its message, and no report */
	if (ret && ret != RP_EXIT_DISAGREE)
		goto out;
	/* --periods could not be written: no report that looks whole */
	if (pf && pidle_output_flush(pf, a->periods)) {
		ret = PIDLE_EXIT_USAGE;
		fclose(pf);
		pf = NULL;
		goto out;
	}
	if (a->output) {
		out = fopen(a->output, "w");
		if (!out) {
			out = stdout;
			ret = pidle_errorf(PIDLE_EXIT_USAGE, "%s: cannot write: %s.", a->output, strerror(errno));
			goto out;
		}
	}
	for (w = 0; w < jobs; w++)
		if (wf[w])
			rp_collect_rows(wf[w], rows, cells.nr, &header);
	if (a->fmt == PIDLE_OUT_PLAIN)
		fprintf(out, "trace %s: %s trace, %zu %s, %zu events, %zu idle periods on %u CPUs, %.3f s\n",
			a->trace, t.module ? "module (pseudo_cpuidle)" : "standard",
			t.nr_lines, t.tracedat ? "records" : "lines", t.nr_events, t.nr_periods, t.nr_cpus,
			(t.end_ns - t.start_ns) / 1e9);
	if (a->fmt == PIDLE_OUT_CSV)
		rp_csv_header(out, a->csv_states, a->csv_dstates);
	rp_emit(out, rows, a->cell > 0 ? 1 : cells.nr);
	sums = calloc(cells.nr, sizeof(*sums));
	for (w = 0; w < jobs && sums; w++) {
		struct rp_sum sm;

		rewind(sf[w]);
		while (nr_sums < cells.nr && fread(&sm, sizeof(sm), 1, sf[w]) == 1)
			sums[nr_sums++] = sm;
	}
	if (sums)
		ret = rp_summary(a, &cells, sums, nr_sums,
				 a->fmt == PIDLE_OUT_PLAIN && nr_sums > 1 ? out : NULL) ?: ret;
out:
	/* each output flushed and checked: a report that was not written fails */
	if (pf && pidle_output_close(pf, a->periods) && !ret)
		ret = PIDLE_EXIT_USAGE;
	if (a->sum_f && pidle_output_close(a->sum_f, a->summary) && !ret)
		ret = PIDLE_EXIT_USAGE;
	/* no summary of a run that failed: it would look like a whole one */
	if (a->sum_f && ret && ret != RP_EXIT_DISAGREE)
		unlink(a->summary);
	free(sums);
	if (wf)
		for (w = 0; w < jobs; w++) {
			if (wf[w])
				fclose(wf[w]);
			if (sf[w])
				fclose(sf[w]);
		}
	free(sf);
	if (rows)
		for (i = 0; i < cells.nr; i++)
			free(rows[i]);
	free(rows);
	free(wf);
	free(header);
	if (out != stdout ? pidle_output_close(out, a->output) && !ret :
	    pidle_output_flush(stdout, "standard output") && !ret)
		ret = PIDLE_EXIT_USAGE;
	pidle_rp_cells_free(&cells);
	pidle_rp_free(&t);
	return ret;
}

int main(int argc, char **argv)
{
	struct rp_args a = {
		.states = NULL, .jobs = 1, .hz = 250,
		.qos_us = -1, .agree = -1, .repeat = 1,
	};
	const struct pidle_opt_store store[] = {
		{ 's', &a.states }, { 'T', &a.topology }, { 'p', &a.power },
		{ 'P', &a.policy }, { 'e', &a.exp }, { 'g', &a.governors },
		{ 'M', &a.mode }, { 'G', &a.domain_gov },
		{ 'b', &a.busy }, { 'f', &a.offline },
		{ 'S', &a.summary }, { 'D', &a.periods }, { 'r', &a.rec_states },
		{ 'l', .set = &a.list }, { 0 }
	};
	struct pidle_opts o = {
		/*
		 * Documentation/tools.rst's letters: a letter names one option
		 * across the tools. -s as pidle-topo's; --power and --exp long
		 * only (-p and -e are pidle-topo's and pidle-bench's); -T for
		 * the topology and --jobs long only, -t and -j being
		 * pidle-bench's test and jitter (the old -t and -j still
		 * work, deprecated, as pidle-bench's own -s and -p do).
		 */
		.spec = "-s:states -T:topology p:power P:policy e:exp -g:governor "
			"Q:qos-us H:hz b:busy f:offline W:jobs l,list K:cell U:cpus "
			"A:agree R:repeat S:summary D:periods r:recorded-states "
			"M:mode G:domain-gov",
		.deprecated = "-t>T -j>W",
		.flags = PIDLE_OPTS_FORMAT | PIDLE_OPTS_OUTPUT, .store = store,
		.usage = rp_usage,
		.fmt = PIDLE_OUT_PLAIN,
	};
	int c, ret;

	pidle_prog = argv[0] = "pidle-replay";
	while ((c = pidle_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 'Q':
			if (!pidle_parse_long(optarg, 0, 2000000000L, &a.qos_us))
				return pidle_bad_arg("PM QoS limit", optarg, "expected microseconds, 0 or more");
			break;
		case 'H':
			if (!pidle_parse_long(optarg, 24, 10000, &a.hz))
				return pidle_bad_arg("HZ", optarg, "expected the kernel's HZ, 24 to 10000");
			break;
		case 'U':
			if (!pidle_parse_long(optarg, 1, PIDLE_CPUSET_BITS, &a.cpus))
				return pidle_bad_arg("CPU count", optarg, "expected 1 to 8192");
			break;
		case 'W':
			if (!pidle_parse_long(optarg, 1, 1024, &a.jobs))
				return pidle_bad_arg("jobs", optarg, "expected 1 to 1024");
			break;
		case 'K':
			if (!pidle_parse_long(optarg, 1, LONG_MAX, &a.cell))
				return pidle_bad_arg("cell", optarg, "expected a cell number from --list, 1 or more");
			break;
		case 'R':
			if (!pidle_parse_long(optarg, 1, 1000000, &a.repeat))
				return pidle_bad_arg("repeat count", optarg, "expected 1 to 1000000");
			break;
		case 'A':
			if (!pidle_parse_double(optarg, 0, 100, &a.agree))
				return pidle_bad_arg("tolerance", optarg, "expected a percentage, 0 to 100");
			break;
		default:
			return PIDLE_EXIT_USAGE;
		}
	}
	a.fmt = o.fmt;
	a.output = o.output;
	if (a.cpus > 0) {
		if (!a.exp || !a.list)
			return pidle_usage_error("--cpus goes with --exp and --list: a replay needs a TRACE.");
		if (optind != argc)
			return pidle_usage_error("--cpus stands for the TRACE: '%s' is one too many.", argv[optind]);
		a.trace = "-";
	} else if (optind != argc - 1) {
		return pidle_usage_error(optind == argc ? "no TRACE given." :
					 "one TRACE only: '%s' is one too many.",
					 argv[optind + 1 < argc ? optind + 1 : optind]);
	} else {
		a.trace = argv[optind];
	}
	if (!a.exp && !a.states)
		return pidle_usage_error("no table: give --states (or --exp FILE).");
	if (a.exp && (a.states || a.power || a.mode || a.domain_gov || a.policy))
		return pidle_usage_error("--exp names its tables: --states, --power, --policy, --mode and --domain-gov go with a single table.");
	/* what the file names is not overridden from here: refused, not ignored */
	if (a.exp && a.governors)
		return pidle_usage_error("--exp names its governors (governor = in [defaults] or a [matrix]): -g goes with a single table.");
	if (a.exp && a.qos_us >= 0)
		return pidle_usage_error("--exp names its PM QoS (a [qos NAME] and qos = NAME): --qos-us goes with a single table.");
	if (!a.governors)
		a.governors = "menu";
	ret = rp_check_args(&a);
	if (ret)
		return ret;
	return rp_main(&a);
}
