// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-stat: the plain report, laid out as turbostat lays out its own.
 *
 * One table has a row per CPU and columns per state: the topology (Pkg,
 * Core, CPU), Busy%, each state's requested residency (C6%), usage (C6),
 * too-deep % (C6-%: cpuidle "above", turbostat's C6- column, as a share of
 * usage) and too-shallow % (C6+%: "below"), then each domain state's
 * achieved residency (Core%C6, Pkg%PC6) on the first CPU of its domain, as
 * turbostat prints Core%c6 and Pkg%pc6. Then a table per domain level, a
 * row per domain. In every table the first row, "-", is the summary.
 *
 * With an energy model, each row also has its energy over the interval (J,
 * joules), its average power (W) and its efficiency against the oracle
 * (Eff%: the oracle's idle energy over the actual one); a domain's row is
 * the domain's own energy, its CPUs' not included. A last line gives the
 * machine's total. Without one, that line says energy is unavailable.
 *
 * With a module that counts wake sources, a last table gives what ended
 * the idle periods: a row per CPU (all its states) and per state (all
 * CPUs, beside cpuidle's too-deep and too-shallow counts of the state),
 * a row per domain for the down periods its first man ended; and a line
 * saying whether the counts are exact (the module's wake_sources). In the
 * per-state table, T- and T+ (I-, D-, U-) are the timer's (IPI's, ...)
 * periods that cpuidle counts as above (too deep) and below (too shallow).
 */
#include <stdarg.h>
#include <string.h>

#include "pidle_stat_delta.h"
#include "pidle_stat_report.h"

#define PIDLE_COLS	160

struct pidle_table {
	FILE *out;
	int nr, cur;
	int width[PIDLE_COLS];
	bool left[PIDLE_COLS];
};

static void pidle_col(struct pidle_table *t, int min_width, bool left,
		      const char *fmt, ...)
{
	char head[64];
	va_list ap;
	int n;

	if (t->nr == PIDLE_COLS)
		return;
	va_start(ap, fmt);
	n = vsnprintf(head, sizeof(head), fmt, ap);
	va_end(ap);
	t->width[t->nr] = n > min_width ? n : min_width;
	t->left[t->nr] = left;
	fprintf(t->out, "%s%*s%s", t->nr ? " " : "", left ? 0 : t->width[t->nr] - n,
		"", head);
	if (left)
		fprintf(t->out, "%*s", t->width[t->nr] - n, "");
	t->nr++;
}

static void pidle_cell(struct pidle_table *t, const char *fmt, ...)
{
	char cell[64];
	va_list ap;

	if (t->cur == t->nr)
		return;
	va_start(ap, fmt);
	vsnprintf(cell, sizeof(cell), fmt, ap);
	va_end(ap);
	fprintf(t->out, "%s%*s", t->cur ? " " : "",
		t->left[t->cur] ? -t->width[t->cur] : t->width[t->cur], cell);
	t->cur++;
}

static void pidle_row_end(struct pidle_table *t)
{
	t->cur = 0;
	fputc('\n', t->out);
}

/*
 * A state's name as a column title: cpuidle names may hold spaces (haltpoll's
 * "haltpoll idle"), which would split a column in two for awk and the eye.
 */
static const char *pidle_title(const struct pidle_stat *st, int k)
{
	static char buf[PIDLE_SNAP_STATES][32];
	char *p;

	snprintf(buf[k], sizeof(buf[k]), "%s", st->state_name[k]);
	for (p = buf[k]; *p; p++)
		if (*p == ' ' || *p == '\t')
			*p = '_';
	return buf[k];
}

/* A domain state's title: its domains' own name for model state @idx. */
static const char *pidle_dtitle(const struct pidle_stat *st, int idx)
{
	static char buf[PIDLE_SNAP_STATES][32];
	char *p;

	if (!st->dstate_name[idx][0])
		return pidle_title(st, idx);
	snprintf(buf[idx], sizeof(buf[idx]), "%s", st->dstate_name[idx]);
	for (p = buf[idx]; *p; p++)
		if (*p == ' ' || *p == '\t')
			*p = '_';
	return buf[idx];
}

/* Is row @i the first of its domain at level @l (where its columns go)? */
static bool pidle_first_of_domain(const struct pidle_stat *st, int i, int l)
{
	int j;

	if (st->cpu[i].dom[l] < 0)
		return false;
	for (j = 0; j < i; j++)
		if (st->cpu[j].dom[l] == st->cpu[i].dom[l])
			return false;
	return true;
}

static const struct pidle_stat_domain *
pidle_level_dom(const struct pidle_stat *st, int l, int idx)
{
	const struct pidle_stat_level *lv = &st->level[l];
	int i;

	for (i = lv->first; i < lv->first + lv->nr; i++)
		if (st->dom[i].idx == idx)
			return &st->dom[i];
	return NULL;
}

static void pidle_energy_cols(struct pidle_table *t, const struct pidle_stat *st)
{
	if (!st->energy)
		return;
	pidle_col(t, 9, false, "J");
	pidle_col(t, 8, false, "W");
	pidle_col(t, 6, false, "Eff%%");
}

static void pidle_energy_cells(struct pidle_table *t, const struct pidle_stat *st,
			       const struct pidle_stat_energy *e)
{
	if (!st->energy)
		return;
	if (!e->valid) {
		pidle_cell(t, "-");
		pidle_cell(t, "-");
		pidle_cell(t, "-");
		return;
	}
	pidle_cell(t, "%.6f", e->j);
	pidle_cell(t, "%.4f", e->avg_w);
	if (e->efficiency_pct < 0)
		pidle_cell(t, "-");
	else
		pidle_cell(t, "%.2f", e->efficiency_pct);
}

static void pidle_cpu_row(struct pidle_table *t, const struct pidle_stat *st,
			  int i)
{
	const struct pidle_stat_cpu *c = i < 0 ? &st->cpu_sum : &st->cpu[i];
	unsigned long long dem = 0, lat_ns = 0;
	int l, k;

	for (l = st->nr_levels - 1; l >= 0; l--) {
		if (c->dom[l] < 0)
			pidle_cell(t, "-");
		else
			pidle_cell(t, "%d", c->dom[l]);
	}
	if (i < 0)
		pidle_cell(t, "-");
	else
		pidle_cell(t, "%d", c->cpu);
	pidle_cell(t, "%.2f", c->busy_pct);
	/* A state its set's table lacks (a shorter table): "-", not 0. */
	for (k = 0; k < st->nr_states; k++)
		if (k < c->nr_states)
			pidle_cell(t, "%.2f", c->st[k].residency_pct);
		else
			pidle_cell(t, "-");
	for (k = 0; k < st->nr_states; k++)
		if (k < c->nr_states)
			pidle_cell(t, "%llu", c->st[k].usage);
		else
			pidle_cell(t, "-");
	for (k = 1; k < st->nr_states; k++)
		if (k < c->nr_states)
			pidle_cell(t, "%.2f", c->st[k].too_deep_pct);
		else
			pidle_cell(t, "-");
	for (k = 0; k + 1 < st->nr_states; k++)
		if (k + 1 < c->nr_states)
			pidle_cell(t, "%.2f", c->st[k].too_shallow_pct);
		else
			pidle_cell(t, "-");
	for (l = 0; l < st->nr_levels; l++) {
		const struct pidle_stat_level *lv = &st->level[l];
		const struct pidle_stat_domain *d = NULL;

		if (i < 0)
			d = &lv->sum;
		else if (pidle_first_of_domain(st, i, l))
			d = pidle_level_dom(st, l, c->dom[l]);
		for (k = 0; k < lv->nr_states; k++) {
			if (d && (d->lacks & (1u << k)))
				pidle_cell(t, "-");
			else if (d)
				pidle_cell(t, "%.2f", d->st[k].residency_pct);
			else
				pidle_cell(t, "");
		}
	}
	if (st->pseudo) {
		for (k = 0; k < st->nr_states; k++) {
			dem += c->st[k].demoted;
			lat_ns += c->st[k].latency_paid_ns;
		}
		pidle_cell(t, "%llu", dem);
		pidle_cell(t, "%.1f", lat_ns / 1e3);
	}
	pidle_energy_cells(t, st, &c->e);
	pidle_row_end(t);
}

static void pidle_cpu_table(FILE *out, const struct pidle_stat *st)
{
	struct pidle_table t = { .out = out };
	char title[32];
	int i, l, k;

	for (l = st->nr_levels - 1; l >= 0; l--)
		pidle_col(&t, 3, false, "%s",
			  pidle_stat_level_title(st->level[l].name, title,
						 sizeof(title)));
	pidle_col(&t, 3, false, "CPU");
	pidle_col(&t, 6, false, "Busy%%");
	for (k = 0; k < st->nr_states; k++)
		pidle_col(&t, 6, false, "%s%%", pidle_title(st, k));
	for (k = 0; k < st->nr_states; k++)
		pidle_col(&t, 6, false, "%s", pidle_title(st, k));
	for (k = 1; k < st->nr_states; k++)
		pidle_col(&t, 6, false, "%s-%%", pidle_title(st, k));
	for (k = 0; k + 1 < st->nr_states; k++)
		pidle_col(&t, 6, false, "%s+%%", pidle_title(st, k));
	for (l = 0; l < st->nr_levels; l++)
		for (k = 0; k < st->level[l].nr_states; k++)
			pidle_col(&t, 6, false, "%s%%%s",
				  pidle_stat_level_title(st->level[l].name,
							 title, sizeof(title)),
				  pidle_dtitle(st, st->level[l].state[k]));
	if (st->pseudo) {
		pidle_col(&t, 7, false, "Demoted");
		pidle_col(&t, 9, false, "Lat_us");
	}
	pidle_energy_cols(&t, st);
	pidle_row_end(&t);
	pidle_cpu_row(&t, st, -1);
	for (i = 0; i < st->nr_cpus; i++)
		pidle_cpu_row(&t, st, i);
}

/* The level's module counts genpd's above and below (OSI, issue 22). */
static bool pidle_level_genpd(const struct pidle_stat_level *lv)
{
	int k;

	for (k = 0; k < lv->nr_states; k++)
		if (lv->sum.st[k].genpd)
			return true;
	return false;
}

static void pidle_dom_row(struct pidle_table *t, const struct pidle_stat *st,
			  const struct pidle_stat_level *lv,
			  const struct pidle_stat_domain *d)
{
	int k;

	if (d->idx < 0)
		pidle_cell(t, "-");
	else
		pidle_cell(t, "%d", d->idx);
	pidle_cell(t, "%s", d->cpus);
	/* A state the domain's table lacks (sets of different lengths): "-". */
#define PIDLE_DCELL(fmt, val)						\
	for (k = 0; k < lv->nr_states; k++)				\
		if (d->lacks & (1u << k))				\
			pidle_cell(t, "-");				\
		else							\
			pidle_cell(t, fmt, val)
	PIDLE_DCELL("%.2f", d->st[k].residency_pct);
	PIDLE_DCELL("%llu", d->st[k].usage);
	PIDLE_DCELL("%.2f", d->st[k].too_deep_pct);
	PIDLE_DCELL("%llu", d->st[k].rejected);
	PIDLE_DCELL("%.1f", d->st[k].latency_paid_ns / 1e3);
	if (pidle_level_genpd(lv)) {
		PIDLE_DCELL(d->st[k].genpd ? "%llu" : "-", d->st[k].above);
		PIDLE_DCELL(d->st[k].genpd ? "%llu" : "-", d->st[k].below);
	}
#undef PIDLE_DCELL
	pidle_energy_cells(t, st, &d->e);
	pidle_row_end(t);
}

static void pidle_level_table(FILE *out, const struct pidle_stat *st, int l)
{
	const struct pidle_stat_level *lv = &st->level[l];
	struct pidle_table t = { .out = out };
	const char *title;
	char buf[32];
	int i, k, w = strlen(lv->sum.cpus);

	for (i = lv->first; i < lv->first + lv->nr; i++)
		if ((int)strlen(st->dom[i].cpus) > w)
			w = strlen(st->dom[i].cpus);
	title = pidle_stat_level_title(lv->name, buf, sizeof(buf));
	pidle_col(&t, 4, false, "%s", title);
	pidle_col(&t, w, true, "CPUs");
	for (k = 0; k < lv->nr_states; k++)
		pidle_col(&t, 6, false, "%s%%%s", title,
			  pidle_dtitle(st, lv->state[k]));
	for (k = 0; k < lv->nr_states; k++)
		pidle_col(&t, 6, false, "%s", pidle_dtitle(st, lv->state[k]));
	for (k = 0; k < lv->nr_states; k++)
		pidle_col(&t, 6, false, "%s-%%", pidle_dtitle(st, lv->state[k]));
	for (k = 0; k < lv->nr_states; k++)
		pidle_col(&t, 6, false, "%s_rej", pidle_dtitle(st, lv->state[k]));
	for (k = 0; k < lv->nr_states; k++)
		pidle_col(&t, 9, false, "%s_lat_us",
			  pidle_dtitle(st, lv->state[k]));
	if (pidle_level_genpd(lv)) {
		for (k = 0; k < lv->nr_states; k++)
			pidle_col(&t, 6, false, "%s_abv",
				  pidle_dtitle(st, lv->state[k]));
		for (k = 0; k < lv->nr_states; k++)
			pidle_col(&t, 6, false, "%s_blw",
				  pidle_dtitle(st, lv->state[k]));
	}
	pidle_energy_cols(&t, st);
	pidle_row_end(&t);
	pidle_dom_row(&t, st, lv, &lv->sum);
	for (i = lv->first; i < lv->first + lv->nr; i++)
		pidle_dom_row(&t, st, lv, &st->dom[i]);
}

/* "Energy: 12.3 J, 6.15 W; CPUs 8.1 J, Core 1.2 J, Pkg 3.0 J; efficiency 87.30%" */
static void pidle_energy_line(FILE *out, const struct pidle_stat *st)
{
	char buf[32];
	int l;

	if (!st->pseudo)
		return;
	if (!st->energy) {
		fputs("\nEnergy: unavailable (the configuration in force gives no power)\n",
		      out);
		return;
	}
	fprintf(out, "\nEnergy: %.6f J, %.4f W; CPUs %.6f J", st->total.j,
		st->total.avg_w, st->cpu_sum.e.j);
	for (l = 0; l < st->nr_levels; l++)
		if (st->level[l].sum.e.valid)
			fprintf(out, ", %s %.6f J",
				pidle_stat_level_title(st->level[l].name, buf,
						       sizeof(buf)),
				st->level[l].sum.e.j);
	if (st->total.efficiency_pct < 0)
		fputs("; efficiency vs oracle -\n", out);
	else
		fprintf(out, "; efficiency vs oracle %.2f%%\n",
			st->total.efficiency_pct);
}

static const char *const pidle_wake_title[PIDLE_SNAP_WAKE] = {
	"Timer", "IPI", "Device", "Unknown", "Aborted",
};

static void pidle_wake_cols(struct pidle_table *t, const char *first, int n)
{
	int i;

	pidle_col(t, 8, true, "%s", first);
	for (i = 0; i < n; i++)
		pidle_col(t, 8, false, "%s", pidle_wake_title[i]);
}

static void pidle_wake_cells(struct pidle_table *t, const unsigned long long *w,
			     int n)
{
	int i;

	for (i = 0; i < n; i++)
		pidle_cell(t, "%llu", w[i]);
}

/* Wake sources: per CPU, per state, per domain. */
static void pidle_wake_tables(FILE *out, const struct pidle_stat *st)
{
	struct pidle_table t = { .out = out };
	unsigned long long w[PIDLE_SNAP_WAKE];
	char buf[32];
	int i, k, l, j;

	if (!st->wake)
		return;
	fprintf(out, "\nWake sources (idle periods ended by): %s\n\n",
		st->wake_sources);
	pidle_wake_cols(&t, "CPU", PIDLE_SNAP_WAKE);
	pidle_row_end(&t);
	for (i = -1; i < st->nr_cpus; i++) {
		const struct pidle_stat_cpu *c = i < 0 ? &st->cpu_sum : &st->cpu[i];

		memset(w, 0, sizeof(w));
		for (k = 0; k < st->nr_states; k++)
			for (j = 0; j < PIDLE_SNAP_WAKE; j++)
				w[j] += c->st[k].wake[j];
		if (i < 0)
			pidle_cell(&t, "-");
		else
			pidle_cell(&t, "%d", c->cpu);
		pidle_wake_cells(&t, w, PIDLE_SNAP_WAKE);
		pidle_row_end(&t);
	}
	fputc('\n', out);
	/* per state: each source's periods, and how many were too deep (-) or too shallow (+) */
	t = (struct pidle_table){ .out = out };
	pidle_col(&t, 8, true, "State");
	for (j = 0; j < PIDLE_SNAP_WAKE_DOMAIN; j++) {
		pidle_col(&t, 7, false, "%s", pidle_wake_title[j]);
		pidle_col(&t, 6, false, "%.1s-", pidle_wake_title[j]);
		pidle_col(&t, 6, false, "%.1s+", pidle_wake_title[j]);
	}
	pidle_col(&t, 7, false, "Aborted");
	pidle_row_end(&t);
	for (k = 0; k < st->nr_states; k++) {
		const struct pidle_stat_cstate *r = &st->cpu_sum.st[k];

		pidle_cell(&t, "%s", pidle_title(st, k));
		for (j = 0; j < PIDLE_SNAP_WAKE_DOMAIN; j++) {
			pidle_cell(&t, "%llu", r->wake[j]);
			pidle_cell(&t, "%llu", r->wake_above[j]);
			pidle_cell(&t, "%llu", r->wake_below[j]);
		}
		pidle_cell(&t, "%llu", r->wake[PIDLE_SNAP_WAKE - 1]);
		pidle_row_end(&t);
	}
	if (!st->nr_domains)
		return;
	fputc('\n', out);
	t = (struct pidle_table){ .out = out };
	pidle_wake_cols(&t, "Domain", PIDLE_SNAP_WAKE_DOMAIN);
	pidle_row_end(&t);
	for (l = 0; l < st->nr_levels; l++) {
		const struct pidle_stat_level *lv = &st->level[l];

		if (!lv->nr_states)
			continue;
		for (i = lv->first; i < lv->first + lv->nr; i++) {
			memset(w, 0, sizeof(w));
			for (k = 0; k < lv->nr_states; k++)
				for (j = 0; j < PIDLE_SNAP_WAKE_DOMAIN; j++)
					w[j] += st->dom[i].st[k].wake[j];
			pidle_cell(&t, "%s%d", pidle_stat_level_title(lv->name, buf,
								      sizeof(buf)),
				   st->dom[i].idx);
			pidle_wake_cells(&t, w, PIDLE_SNAP_WAKE_DOMAIN);
			pidle_row_end(&t);
		}
	}
}

void pidle_stat_plain(FILE *out, const struct pidle_stat *st, int seq)
{
	int l;

	if (seq)
		fputc('\n', out);
	fprintf(out, "pidle-stat: %.3f s, %d CPU%s", st->elapsed_s, st->nr_cpus,
		st->nr_cpus == 1 ? "" : "s");
	if (st->nr_levels)
		fprintf(out, ", %d domain%s", st->nr_domains,
			st->nr_domains == 1 ? "" : "s");
	if (st->driver[0])
		fprintf(out, ", driver %s", st->driver);
	if (st->governor[0])
		fprintf(out, ", governor %s", st->governor);
	fputs("\n\n", out);
	pidle_cpu_table(out, st);
	/* A level without states of its own is only a topology column. */
	for (l = 0; l < st->nr_levels; l++) {
		if (!st->level[l].nr_states)
			continue;
		fputc('\n', out);
		pidle_level_table(out, st, l);
	}
	pidle_energy_line(out, st);
	pidle_wake_tables(out, st);
}
