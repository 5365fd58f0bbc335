// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-stat --json: one object per interval, each on one line (JSON Lines),
 * holding the rows of the plain report: the CPUs' summary and rows, then per
 * domain level its summary and domain rows. The module's per-CPU counters
 * are null when it was not loaded; "energy" (of a row, and of the whole
 * machine) is null when the configuration in force has no power.
 */
#include "pidle_stat_delta.h"
#include "pidle_stat_report.h"

static void pidle_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(out, "\\u%04x", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

static void pidle_json_energy(FILE *out, const struct pidle_stat *st,
			      const struct pidle_stat_energy *e)
{
	fputs(",\"energy\":", out);
	if (!st->energy || !e->valid) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"j\":%.6f,\"avg_w\":%.6f,\"idle_j\":%.6f,\"oracle_j\":%.6f,\"efficiency_pct\":",
		e->j, e->avg_w, e->idle_j, e->oracle_j);
	if (e->efficiency_pct < 0)
		fputs("null}", out);
	else
		fprintf(out, "%.2f}", e->efficiency_pct);
}

/* ,"wake_timer":N,... : the first @n sources, with the module's counts. */
static void pidle_json_wake(FILE *out, const struct pidle_stat *st,
			    const unsigned long long *wake, int n)
{
	int i;

	if (!st->wake)
		return;
	for (i = 0; i < n; i++)
		fprintf(out, ",\"wake_%s\":%llu", pidle_snap_wake_name[i], wake[i]);
}

/* ,"above_timer":N,...,"below_unknown":N: cpuidle's above/below by source */
static void pidle_json_miss(FILE *out, const struct pidle_stat *st,
			    const struct pidle_stat_cstate *r)
{
	int i;

	if (!st->wake)
		return;
	for (i = 0; i < PIDLE_SNAP_WAKE_DOMAIN; i++)
		fprintf(out, ",\"above_%s\":%llu,\"below_%s\":%llu",
			pidle_snap_wake_name[i], r->wake_above[i],
			pidle_snap_wake_name[i], r->wake_below[i]);
}

static void pidle_json_cpu(FILE *out, const struct pidle_stat *st,
			   const struct pidle_stat_cpu *c)
{
	int k, l;

	if (c->cpu >= 0) {
		fprintf(out, "{\"cpu\":%d,\"domains\":{", c->cpu);
		for (l = 0; l < st->nr_levels; l++) {
			fprintf(out, "%s", l ? "," : "");
			pidle_json_str(out, st->level[l].name);
			if (c->dom[l] < 0)
				fputs(":null", out);
			else
				fprintf(out, ":%d", c->dom[l]);
		}
		fputs("},", out);
	} else {
		fputs("{\"cpus\":", out);
		pidle_json_str(out, st->cpus);
		fputc(',', out);
	}
	fprintf(out, "\"busy_pct\":%.2f,\"states\":[", c->busy_pct);
	/* its own states: a CPU set's table may be shorter than the longest */
	for (k = 0; k < c->nr_states; k++) {
		const struct pidle_stat_cstate *r = &c->st[k];

		fprintf(out, "%s{\"state\":%d,\"name\":", k ? "," : "", k);
		pidle_json_str(out, st->state_name[k]);
		/* above and below as cpuidle counts them (linux-pm's misses) */
		fprintf(out, ",\"residency_pct\":%.2f,\"usage\":%llu,\"too_deep_pct\":%.2f,\"too_shallow_pct\":%.2f,\"above\":%llu,\"below\":%llu,",
			r->residency_pct, r->usage, r->too_deep_pct,
			r->too_shallow_pct, r->above, r->below);
		if (st->pseudo) {
			fprintf(out, "\"achieved\":%llu,\"demoted\":%llu,\"latency_paid_us\":%.1f,\"overshoot_avg_ns\":%.1f",
				r->achieved, r->demoted, r->latency_paid_ns / 1e3,
				r->achieved ? (double)r->overshoot_ns /
					      r->achieved : 0.0);
			pidle_json_wake(out, st, r->wake, PIDLE_SNAP_WAKE);
			pidle_json_miss(out, st, r);
			fputc('}', out);
		} else
			fputs("\"achieved\":null,\"demoted\":null,\"latency_paid_us\":null,\"overshoot_avg_ns\":null}",
			      out);
	}
	fputc(']', out);
	pidle_json_energy(out, st, &c->e);
	fputc('}', out);
}

static void pidle_json_dom(FILE *out, const struct pidle_stat *st,
			   const struct pidle_stat_level *lv,
			   const struct pidle_stat_domain *d)
{
	int k, n;

	if (d->idx >= 0)
		fprintf(out, "{\"domain\":%d,\"cpus\":", d->idx);
	else
		fputs("{\"cpus\":", out);
	pidle_json_str(out, d->cpus);
	fputs(",\"states\":[", out);
	for (k = 0, n = 0; k < lv->nr_states; k++) {
		const struct pidle_stat_dstate *r = &d->st[k];

		/* a state the domain's table lacks: not listed */
		if (d->lacks & (1u << k))
			continue;
		fprintf(out, "%s{\"state\":%d,\"name\":", n++ ? "," : "",
			lv->state[k]);
		pidle_json_str(out, st->dstate_name[lv->state[k]][0] ?
				    st->dstate_name[lv->state[k]] :
				    st->state_name[lv->state[k]]);
		fprintf(out, ",\"residency_pct\":%.2f,\"usage\":%llu,\"too_deep_pct\":%.2f,\"rejected\":%llu,\"latency_paid_us\":%.1f",
			r->residency_pct, r->usage, r->too_deep_pct,
			r->rejected, r->latency_paid_ns / 1e3);
		pidle_json_wake(out, st, r->wake, PIDLE_SNAP_WAKE_DOMAIN);
		/* genpd's, null where the module does not count them */
		if (r->genpd)
			fprintf(out, ",\"above\":%llu,\"below\":%llu}",
				r->above, r->below);
		else
			fputs(",\"above\":null,\"below\":null}", out);
	}
	fputc(']', out);
	pidle_json_energy(out, st, &d->e);
	fputc('}', out);
}

void pidle_stat_json(FILE *out, const struct pidle_stat *st, int seq)
{
	int i, l;

	fprintf(out, "{\"interval\":%d,\"elapsed_s\":%.3f,\"driver\":", seq,
		st->elapsed_s);
	pidle_json_str(out, st->driver);
	fputs(",\"governor\":", out);
	pidle_json_str(out, st->governor);
	fprintf(out, ",\"module\":%s", st->pseudo ? "true" : "false");
	/* Only with a module that counts them: the older output is unchanged. */
	if (st->wake) {
		fputs(",\"wake_sources\":", out);
		pidle_json_str(out, st->wake_sources);
	}
	pidle_json_energy(out, st, &st->total);
	/*
	 * The machine's energy again as plain top-level numbers, for readers
	 * that take a run's figures from the top level (experiments/).
	 */
	if (st->energy) {
		fprintf(out, ",\"energy_uj\":%.0f,\"energy_avg_w\":%.6f,\"energy_efficiency_pct\":",
			st->total.j * 1e6, st->total.avg_w);
		if (st->total.efficiency_pct < 0)
			fputs("null", out);
		else
			fprintf(out, "%.2f", st->total.efficiency_pct);
	} else {
		fputs(",\"energy_uj\":null,\"energy_avg_w\":null,\"energy_efficiency_pct\":null",
		      out);
	}
	fputs(",\"summary\":", out);
	pidle_json_cpu(out, st, &st->cpu_sum);
	fputs(",\"cpus\":[", out);
	for (i = 0; i < st->nr_cpus; i++) {
		fputs(i ? "," : "", out);
		pidle_json_cpu(out, st, &st->cpu[i]);
	}
	fputs("],\"levels\":[", out);
	for (l = 0; l < st->nr_levels; l++) {
		const struct pidle_stat_level *lv = &st->level[l];

		fputs(l ? ",{\"level\":" : "{\"level\":", out);
		pidle_json_str(out, lv->name);
		fputs(",\"summary\":", out);
		pidle_json_dom(out, st, lv, &lv->sum);
		fputs(",\"domains\":[", out);
		for (i = lv->first; i < lv->first + lv->nr; i++) {
			fputs(i > lv->first ? "," : "", out);
			pidle_json_dom(out, st, lv, &st->dom[i]);
		}
		fputs("]}", out);
	}
	fputs("]}\n", out);
}
