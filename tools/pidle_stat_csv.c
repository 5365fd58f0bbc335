// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-stat --csv: one row per CPU state and per domain state, the same
 * columns for every row (a field that does not apply is empty), so that a
 * table of any state table and topology reads the same way. Summary rows
 * have the id "all" and come first in their scope.
 *
 * With an energy model, each CPU and domain (and each summary) also has a
 * row of its own with state -1 and name "energy", whose energy columns
 * (joules, average watts, idle and oracle joules, efficiency in percent)
 * are its energy over the interval; a row of scope "total" is the
 * machine's. Without one there are no energy rows.
 *
 * above and below, the last two columns, are genpd's counters of a domain
 * state (Documentation/cluster-governors.rst): empty on every other row,
 * and on a domain state's where the module does not count them.
 *
 * With a module that counts wake sources, more columns close every
 * row: wake_timer, wake_ipi, wake_device, wake_unknown, wake_aborted, the
 * idle periods (a domain's: down periods, by its first man) each ended;
 * then above_SRC and below_SRC for timer, ipi, device, unknown (cpuidle's
 * above and below of those periods); empty where they do not apply
 * (energy rows, a domain's aborted and misses).
 */
#include "pidle_common.h"
#include "pidle_stat_delta.h"
#include "pidle_stat_report.h"

#define PIDLE_CSV_HEADER \
	"interval,elapsed_s,scope,id,cpus,state,name,busy_pct,residency_pct," \
	"usage,too_deep_pct,too_shallow_pct,achieved,demoted,rejected," \
	"latency_paid_us,overshoot_avg_ns,energy_j,avg_w,idle_energy_j," \
	"oracle_energy_j,efficiency_pct,above,below"

/*
 * The wake-source columns and the end of a row; @wake NULL: empty ones;
 * @r: a CPU state's misses, NULL for empty ones.
 */
static void pidle_csv_wake_end(FILE *out, const struct pidle_stat *st,
			       const unsigned long long *wake, int n,
			       const struct pidle_stat_cstate *r)
{
	int i;

	for (i = 0; st->wake && i < PIDLE_SNAP_WAKE; i++) {
		if (wake && i < n)
			fprintf(out, ",%llu", wake[i]);
		else
			fputc(',', out);
	}
	for (i = 0; st->wake && i < PIDLE_SNAP_WAKE_DOMAIN; i++) {
		if (r)
			fprintf(out, ",%llu,%llu", r->wake_above[i],
				r->wake_below[i]);
		else
			fputs(",,", out);
	}
	fputc('\n', out);
}

static void pidle_csv_lead(FILE *out, const struct pidle_stat *st, int seq,
			   const char *scope, int id, const char *cpus,
			   int state, const char *name)
{
	fprintf(out, "%d,%.3f,%s,", seq, st->elapsed_s, scope);
	if (id < 0)
		fputs("all,", out);
	else
		fprintf(out, "%d,", id);
	pidle_csv_field(out, cpus);
	fprintf(out, ",%d,", state);
	pidle_csv_field(out, name);
}

static void pidle_csv_energy(FILE *out, const struct pidle_stat *st, int seq,
			     const char *scope, int id, const char *cpus,
			     const struct pidle_stat_energy *e)
{
	if (!st->energy || !e->valid)
		return;
	pidle_csv_lead(out, st, seq, scope, id, cpus, -1, "energy");
	fprintf(out, ",,,,,,,,,,,%.6f,%.6f,%.6f,%.6f,", e->j, e->avg_w,
		e->idle_j, e->oracle_j);
	if (e->efficiency_pct >= 0)
		fprintf(out, "%.2f", e->efficiency_pct);
	fputs(",,", out);
	pidle_csv_wake_end(out, st, NULL, 0, NULL);
}

static void pidle_csv_cpu(FILE *out, const struct pidle_stat *st, int seq,
			  const struct pidle_stat_cpu *c)
{
	char cpu[16];
	int k;

	snprintf(cpu, sizeof(cpu), "%d", c->cpu);
	/* its own states: a CPU set's table may be shorter than the longest */
	for (k = 0; k < c->nr_states; k++) {
		const struct pidle_stat_cstate *r = &c->st[k];

		pidle_csv_lead(out, st, seq, "cpu", c->cpu,
			       c->cpu < 0 ? st->cpus : cpu, k,
			       st->state_name[k]);
		fprintf(out, ",%.2f,%.2f,%llu,%.2f,%.2f,", c->busy_pct,
			r->residency_pct, r->usage, r->too_deep_pct,
			r->too_shallow_pct);
		if (st->pseudo)
			fprintf(out, "%llu,%llu,,%.1f,%.1f,,,,,,,", r->achieved,
				r->demoted, r->latency_paid_ns / 1e3,
				r->achieved ? (double)r->overshoot_ns /
					      r->achieved : 0.0);
		else
			fputs(",,,,,,,,,,,", out);
		pidle_csv_wake_end(out, st, r->wake, PIDLE_SNAP_WAKE, r);
	}
	pidle_csv_energy(out, st, seq, "cpu", c->cpu,
			 c->cpu < 0 ? st->cpus : cpu, &c->e);
}

static void pidle_csv_dom(FILE *out, const struct pidle_stat *st, int seq,
			  const struct pidle_stat_level *lv,
			  const struct pidle_stat_domain *d)
{
	int k;

	for (k = 0; k < lv->nr_states; k++) {
		const struct pidle_stat_dstate *r = &d->st[k];

		/* a state the domain's table lacks: no row */
		if (d->lacks & (1u << k))
			continue;
		pidle_csv_lead(out, st, seq, lv->name, d->idx, d->cpus,
			       lv->state[k], st->dstate_name[lv->state[k]][0] ?
			       st->dstate_name[lv->state[k]] :
			       st->state_name[lv->state[k]]);
		fprintf(out, ",,%.2f,%llu,%.2f,,,,%llu,%.1f,,,,,,,",
			r->residency_pct, r->usage, r->too_deep_pct,
			r->rejected, r->latency_paid_ns / 1e3);
		if (r->genpd)
			fprintf(out, "%llu,%llu", r->above, r->below);
		else
			fputc(',', out);
		pidle_csv_wake_end(out, st, r->wake, PIDLE_SNAP_WAKE_DOMAIN,
				   NULL);
	}
	pidle_csv_energy(out, st, seq, lv->name, d->idx, d->cpus, &d->e);
}

void pidle_stat_csv(FILE *out, const struct pidle_stat *st, int seq)
{
	int i, l;

	if (!seq)
		fputs(st->wake ? PIDLE_CSV_HEADER
			",wake_timer,wake_ipi,wake_device,wake_unknown,wake_aborted"
			",above_timer,below_timer,above_ipi,below_ipi,above_device,"
			"below_device,above_unknown,below_unknown\n"
			: PIDLE_CSV_HEADER "\n", out);
	pidle_csv_cpu(out, st, seq, &st->cpu_sum);
	for (i = 0; i < st->nr_cpus; i++)
		pidle_csv_cpu(out, st, seq, &st->cpu[i]);
	for (l = 0; l < st->nr_levels; l++) {
		const struct pidle_stat_level *lv = &st->level[l];

		pidle_csv_dom(out, st, seq, lv, &lv->sum);
		for (i = lv->first; i < lv->first + lv->nr; i++)
			pidle_csv_dom(out, st, seq, lv, &st->dom[i]);
	}
	pidle_csv_energy(out, st, seq, "total", -1, st->cpus, &st->total);
}
