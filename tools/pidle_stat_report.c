// SPDX-License-Identifier: GPL-2.0
/* pidle-stat: deltas of two snapshots, printed as a report. */
#include <string.h>

#include "pidle_stat_report.h"

static double pidle_pct(double num, double den)
{
	return den > 0 ? 100.0 * num / den : 0.0;
}

static unsigned long long pidle_d(unsigned long long a, unsigned long long b)
{
	return b >= a ? b - a : 0;	/* a counter reset reads as 0 */
}

/* The matching CPU of @a for @c of @b, or NULL (hotplugged meanwhile). */
static const struct pidle_snap_cpu *pidle_find_cpu(const struct pidle_snap *a,
						    int cpu)
{
	int i;

	for (i = 0; i < a->nr_cpus; i++)
		if (a->cpu[i].cpu == cpu)
			return &a->cpu[i];
	return NULL;
}

static const struct pidle_snap_domain *
pidle_find_dom(const struct pidle_snap *a, const char *name)
{
	int i;

	for (i = 0; i < a->nr_domains; i++)
		if (!strcmp(a->dom[i].name, name))
			return &a->dom[i];
	return NULL;
}

struct pidle_cpu_row {
	double res, deep, shallow;
	unsigned long long usage, above, below, demoted, lat_ns, ovs_ns, ach;
};

static void pidle_cpu_row(const struct pidle_snap_state *x,
			  const struct pidle_snap_state *y, double el_s,
			  struct pidle_cpu_row *r)
{
	r->usage = pidle_d(x->usage, y->usage);
	r->above = pidle_d(x->above, y->above);
	r->below = pidle_d(x->below, y->below);
	r->res = pidle_pct(pidle_d(x->time_us, y->time_us) * 1e-6, el_s);
	r->deep = pidle_pct(r->above, r->usage);
	r->shallow = pidle_pct(r->below, r->usage);
	r->demoted = pidle_d(x->demoted, y->demoted);
	r->lat_ns = pidle_d(x->lat_paid_ns, y->lat_paid_ns);
	r->ovs_ns = pidle_d(x->overshoot_ns, y->overshoot_ns);
	r->ach = pidle_d(x->achieved, y->achieved);
}

struct pidle_dom_row {
	double res, deep;
	unsigned long long usage, too_deep, rejected, lat_ns;
};

static void pidle_dom_row(const struct pidle_snap_dstate *x,
			  const struct pidle_snap_dstate *y, double el_s,
			  struct pidle_dom_row *r)
{
	r->usage = pidle_d(x->usage, y->usage);
	r->too_deep = pidle_d(x->too_deep, y->too_deep);
	r->rejected = pidle_d(x->rejected, y->rejected);
	r->lat_ns = pidle_d(x->lat_paid_ns, y->lat_paid_ns);
	r->res = pidle_pct(pidle_d(x->residency_ns, y->residency_ns) * 1e-9,
			   el_s);
	r->deep = pidle_pct(r->too_deep, r->usage);
}

static const char *pidle_level_abbrev(const char *level)
{
	return strcmp(level, "package") ? level : "pkg";
}

static void pidle_plain(FILE *out, const struct pidle_snap *a,
			const struct pidle_snap *b, double el)
{
	struct pidle_cpu_row sum[PIDLE_SNAP_STATES];
	const struct pidle_snap_cpu *c0 = &b->cpu[0];
	int i, k, n = 0;

	memset(sum, 0, sizeof(sum));
	fprintf(out, "pidle-stat: %.3f s, %d CPUs, %d domains\n\n", el,
		b->nr_cpus, b->nr_domains);
	fprintf(out, "%-5s %-8s %8s %10s %7s %9s %9s %12s %10s\n", "CPU",
		"State", "Resid%", "Usage", "Deep%", "Shallow%", "Demoted",
		"Lat_paid_us", "Ovsh_ns");
	for (i = 0; i < b->nr_cpus; i++) {
		const struct pidle_snap_cpu *y = &b->cpu[i];
		const struct pidle_snap_cpu *x = pidle_find_cpu(a, y->cpu);

		if (!x)
			continue;
		n++;
		for (k = 0; k < y->nr_states && k < x->nr_states; k++) {
			struct pidle_cpu_row r;

			pidle_cpu_row(&x->st[k], &y->st[k], el, &r);
			sum[k].res += r.res;
			sum[k].usage += r.usage;
			sum[k].above += r.above;
			sum[k].below += r.below;
			sum[k].demoted += r.demoted;
			sum[k].lat_ns += r.lat_ns;
			sum[k].ovs_ns += r.ovs_ns;
			sum[k].ach += r.ach;
			fprintf(out,
				"%-5d %-8s %8.2f %10llu %7.2f %9.2f %9llu %12.1f %10.1f\n",
				y->cpu, y->st[k].name, r.res, r.usage, r.deep,
				r.shallow, r.demoted, r.lat_ns / 1e3,
				r.ach ? (double)r.ovs_ns / r.ach : 0.0);
		}
	}
	for (k = 0; n && k < c0->nr_states; k++)
		fprintf(out,
			"%-5s %-8s %8.2f %10llu %7.2f %9.2f %9llu %12.1f %10.1f\n",
			"-", c0->st[k].name, sum[k].res / n, sum[k].usage,
			pidle_pct(sum[k].above, sum[k].usage),
			pidle_pct(sum[k].below, sum[k].usage), sum[k].demoted,
			sum[k].lat_ns / 1e3,
			sum[k].ach ? (double)sum[k].ovs_ns / sum[k].ach : 0.0);
	if (!b->nr_domains)
		return;
	fprintf(out, "\n%-10s %-8s %-14s %10s %10s %7s %9s %12s\n", "Domain",
		"CPUs", "State", "Resid%", "Usage", "Deep%", "Rejected",
		"Lat_paid_us");
	for (i = 0; i < b->nr_domains; i++) {
		const struct pidle_snap_domain *y = &b->dom[i];
		const struct pidle_snap_domain *x = pidle_find_dom(a, y->name);

		for (k = 0; x && k < y->nr_states && k < x->nr_states; k++) {
			struct pidle_dom_row r;
			char col[64];

			pidle_dom_row(&x->st[k], &y->st[k], el, &r);
			snprintf(col, sizeof(col), "%s:%s%%",
				 pidle_level_abbrev(y->level), y->st[k].name);
			fprintf(out,
				"%-10s %-8s %-14s %10.2f %10llu %7.2f %9llu %12.1f\n",
				y->name, y->cpus, col, r.res, r.usage, r.deep,
				r.rejected, r.lat_ns / 1e3);
		}
	}
}

static void pidle_csv(FILE *out, const struct pidle_snap *a,
		      const struct pidle_snap *b, double el, int seq)
{
	int i, k;

	if (!seq)
		fprintf(out,
			"interval,elapsed_s,scope,id,cpus,state,name,residency_pct,usage,too_deep_pct,too_shallow_pct,demoted,rejected,latency_paid_us,overshoot_avg_ns\n");
	for (i = 0; i < b->nr_cpus; i++) {
		const struct pidle_snap_cpu *y = &b->cpu[i];
		const struct pidle_snap_cpu *x = pidle_find_cpu(a, y->cpu);

		for (k = 0; x && k < y->nr_states && k < x->nr_states; k++) {
			struct pidle_cpu_row r;

			pidle_cpu_row(&x->st[k], &y->st[k], el, &r);
			fprintf(out,
				"%d,%.3f,cpu,%d,%d,%d,%s,%.2f,%llu,%.2f,%.2f,%llu,,%.1f,%.1f\n",
				seq, el, y->cpu, y->cpu, k, y->st[k].name,
				r.res, r.usage, r.deep, r.shallow, r.demoted,
				r.lat_ns / 1e3,
				r.ach ? (double)r.ovs_ns / r.ach : 0.0);
		}
	}
	for (i = 0; i < b->nr_domains; i++) {
		const struct pidle_snap_domain *y = &b->dom[i];
		const struct pidle_snap_domain *x = pidle_find_dom(a, y->name);

		for (k = 0; x && k < y->nr_states && k < x->nr_states; k++) {
			struct pidle_dom_row r;

			pidle_dom_row(&x->st[k], &y->st[k], el, &r);
			fprintf(out,
				"%d,%.3f,%s,%s,\"%s\",%d,%s,%.2f,%llu,%.2f,,,%llu,%.1f,\n",
				seq, el, y->level, y->name, y->cpus,
				y->st[k].idx, y->st[k].name, r.res, r.usage,
				r.deep, r.rejected, r.lat_ns / 1e3);
		}
	}
}

static void pidle_json(FILE *out, const struct pidle_snap *a,
		       const struct pidle_snap *b, double el, int seq)
{
	const char *sep = "";
	int i, k;

	fprintf(out, "{\"interval\": %d, \"elapsed_s\": %.3f,\n \"cpus\": [",
		seq, el);
	for (i = 0; i < b->nr_cpus; i++) {
		const struct pidle_snap_cpu *y = &b->cpu[i];
		const struct pidle_snap_cpu *x = pidle_find_cpu(a, y->cpu);
		const char *ssep = "";

		if (!x)
			continue;
		fprintf(out, "%s\n  {\"cpu\": %d, \"states\": [", sep, y->cpu);
		sep = ",";
		for (k = 0; k < y->nr_states && k < x->nr_states; k++) {
			struct pidle_cpu_row r;

			pidle_cpu_row(&x->st[k], &y->st[k], el, &r);
			fprintf(out,
				"%s\n    {\"state\": %d, \"name\": \"%s\", \"residency_pct\": %.2f, \"usage\": %llu, \"too_deep_pct\": %.2f, \"too_shallow_pct\": %.2f, \"demoted\": %llu, \"latency_paid_us\": %.1f, \"overshoot_avg_ns\": %.1f}",
				ssep, k, y->st[k].name, r.res, r.usage, r.deep,
				r.shallow, r.demoted, r.lat_ns / 1e3,
				r.ach ? (double)r.ovs_ns / r.ach : 0.0);
			ssep = ",";
		}
		fprintf(out, "]}");
	}
	fprintf(out, "],\n \"domains\": [");
	sep = "";
	for (i = 0; i < b->nr_domains; i++) {
		const struct pidle_snap_domain *y = &b->dom[i];
		const struct pidle_snap_domain *x = pidle_find_dom(a, y->name);
		const char *ssep = "";

		if (!x)
			continue;
		fprintf(out,
			"%s\n  {\"domain\": \"%s\", \"level\": \"%s\", \"cpus\": \"%s\", \"states\": [",
			sep, y->name, y->level, y->cpus);
		sep = ",";
		for (k = 0; k < y->nr_states && k < x->nr_states; k++) {
			struct pidle_dom_row r;

			pidle_dom_row(&x->st[k], &y->st[k], el, &r);
			fprintf(out,
				"%s\n    {\"state\": %d, \"name\": \"%s\", \"residency_pct\": %.2f, \"usage\": %llu, \"too_deep_pct\": %.2f, \"rejected\": %llu, \"latency_paid_us\": %.1f}",
				ssep, y->st[k].idx, y->st[k].name, r.res,
				r.usage, r.deep, r.rejected, r.lat_ns / 1e3);
			ssep = ",";
		}
		fprintf(out, "]}");
	}
	fprintf(out, "]}\n");
}

void pidle_stat_report(FILE *out, enum pidle_fmt fmt,
		       const struct pidle_snap *a, const struct pidle_snap *b,
		       double elapsed_s, int seq)
{
	switch (fmt) {
	case PIDLE_FMT_PLAIN:
		if (seq)
			fputc('\n', out);
		pidle_plain(out, a, b, elapsed_s);
		break;
	case PIDLE_FMT_CSV:
		pidle_csv(out, a, b, elapsed_s, seq);
		break;
	case PIDLE_FMT_JSON:
		pidle_json(out, a, b, elapsed_s, seq);
		break;
	}
	fflush(out);
}
