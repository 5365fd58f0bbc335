// SPDX-License-Identifier: GPL-2.0
/* pidle-bench: percentiles, fidelity, and the report. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "pidle_bench_stats.h"
#include "pidle_common.h"

const char *const pidle_test_name[PIDLE_NR_TESTS] = {
	"timer", "ipi", "timer-irq", "ipi-irq"
};

/* Report order: each interrupt's latency next to its task's wake-up. */
static const int pidle_test_order[PIDLE_NR_TESTS] = {
	PIDLE_TEST_TIMER_IRQ, PIDLE_TEST_TIMER,
	PIDLE_TEST_IPI_IRQ, PIDLE_TEST_IPI,
};

int pidle_bench_reserve(struct pidle_bench_state *s, int test, int n)
{
	long long *p;

	if (s->cap[test] - s->n[test] >= n)
		return 0;
	p = realloc(s->ns[test], (size_t)(s->n[test] + n) * sizeof(*p));
	if (!p)
		return -1;
	s->ns[test] = p;
	s->cap[test] = s->n[test] + n;
	return 0;
}

int pidle_bench_add(struct pidle_bench_state *s, int test, long long ns)
{
	if (s->n[test] == s->cap[test] &&
	    pidle_bench_reserve(s, test, s->cap[test] ? s->cap[test] : 64))
		return -1;
	s->ns[test][s->n[test]++] = ns;
	s->measured[test] = true;
	return 0;
}

static int pidle_cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

long long pidle_bench_pct(const long long *sorted, int n, double p)
{
	int rank = (int)ceil(p / 100.0 * n);

	if (!n)
		return 0;
	if (rank < 1)
		rank = 1;
	return sorted[rank - 1];
}

struct pidle_bench_row {
	const struct pidle_bench_state *s;
	int test, n;
	/* err_us: the fidelity error, dmed_us minus the configured latency */
	double med_us, p99_us, dmed_us, dp99_us, fid, err_us;
	bool has_diff, has_fid;
};

static int pidle_bench_rows(struct pidle_bench *b, struct pidle_bench_row *r)
{
	int i, t, k, nr = 0;

	for (k = 0; k < b->nr_states; k++)
		for (t = 0; t < PIDLE_NR_TESTS; t++)
			if (b->st[k].n[t])
				qsort(b->st[k].ns[t], b->st[k].n[t],
				      sizeof(long long), pidle_cmp_ll);
	for (i = 0; i < PIDLE_NR_TESTS; i++) {
		const struct pidle_bench_state *zero = NULL;

		t = pidle_test_order[i];
		for (k = 0; k < b->nr_states; k++)
			if (!b->st[k].latency_us && b->st[k].n[t]) {
				zero = &b->st[k];
				break;
			}
		for (k = 0; k < b->nr_states; k++) {
			const struct pidle_bench_state *s = &b->st[k];
			struct pidle_bench_row *x = &r[nr];

			if (!s->n[t])
				continue;
			memset(x, 0, sizeof(*x));
			x->s = s;
			x->test = t;
			x->n = s->n[t];
			x->med_us = pidle_bench_pct(s->ns[t], s->n[t], 50) / 1e3;
			x->p99_us = pidle_bench_pct(s->ns[t], s->n[t], 99) / 1e3;
			if (zero) {
				x->has_diff = true;
				x->dmed_us = x->med_us -
					pidle_bench_pct(zero->ns[t], zero->n[t], 50) / 1e3;
				x->dp99_us = x->p99_us -
					pidle_bench_pct(zero->ns[t], zero->n[t], 99) / 1e3;
				x->err_us = x->dmed_us - s->latency_us;
				if (s->latency_us) {
					x->has_fid = true;
					x->fid = x->dmed_us / s->latency_us;
				}
			}
			nr++;
		}
	}
	return nr;
}

static void pidle_opt(FILE *out, bool has, const char *fmt, double v,
		      const char *none)
{
	if (has)
		fprintf(out, fmt, v);
	else
		fprintf(out, "%s", none);
}

/* The rows a sleep shared with another timer is left out of. */
static bool pidle_timer_row(int test)
{
	return test == PIDLE_TEST_TIMER || test == PIDLE_TEST_TIMER_IRQ;
}

void pidle_bench_report(FILE *out, enum pidle_bench_fmt fmt,
			struct pidle_bench *b)
{
	struct pidle_bench_row r[PIDLE_BENCH_STATES * PIDLE_NR_TESTS];
	int i, k, nr = pidle_bench_rows(b, r);
	const char *sep = "";

	switch (fmt) {
	case PIDLE_BFMT_PLAIN:
		fprintf(out, "%-8s %8s %-9s %7s %10s %10s %10s %10s %9s %9s\n",
			"State", "Exit_us", "Test", "Samples", "Median_us",
			"P99_us", "dMed_us", "dP99_us", "Fidelity", "Err_us");
		for (i = 0; i < nr; i++) {
			fprintf(out, "%-8s %8lld %-9s %7d %10.1f %10.1f ",
				r[i].s->name, r[i].s->latency_us,
				pidle_test_name[r[i].test], r[i].n,
				r[i].med_us, r[i].p99_us);
			pidle_opt(out, r[i].has_diff, "%10.1f ", r[i].dmed_us,
				  "         - ");
			pidle_opt(out, r[i].has_diff, "%10.1f ", r[i].dp99_us,
				  "         - ");
			pidle_opt(out, r[i].has_fid, "%9.2f ", r[i].fid,
				  "        - ");
			pidle_opt(out, r[i].has_diff, "%9.1f\n", r[i].err_us,
				  "        -\n");
		}
		/* The rows' sample counts show it too, in every format. */
		for (k = 0; k < b->nr_states; k++)
			if (b->st[k].left_out)
				fprintf(out, "%s: %d timer samples left out of timer and timer-irq: another timer (the tick) began their wake-up\n",
					b->st[k].name, b->st[k].left_out);
		for (k = 0; k < b->nr_states; k++)
			if (b->st[k].has_ovs)
				break;
		if (k == b->nr_states)
			break;
		fprintf(out, "\n%-8s %8s %10s %12s %12s\n", "State", "Exit_us",
			"Exits", "Ovsh_avg_ns", "Ovsh_max_ns");
		for (k = 0; k < b->nr_states; k++) {
			const struct pidle_bench_state *s = &b->st[k];

			if (!s->has_ovs)
				continue;
			fprintf(out, "%-8s %8lld %10llu %12.1f %12llu\n",
				s->name, s->latency_us, s->exits,
				s->exits ? (double)s->ovs_ns / s->exits : 0.0,
				s->ovs_max_ns);
		}
		break;
	case PIDLE_BFMT_CSV:
		/* The state's overshoot figures repeat on each of its rows. */
		/*
		 * left_out: on the timer rows, the sleeps another timer's
		 * wake-up shared (--irq), in neither row's samples.
		 */
		fprintf(out, "state,name,exit_latency_us,test,samples,median_us,p99_us,diff_median_us,diff_p99_us,fidelity,exits,overshoot_avg_ns,overshoot_max_ns,err_median_us,left_out\n");
		for (i = 0; i < nr; i++) {
			const struct pidle_bench_state *s = r[i].s;

			fprintf(out, "%d,", (int)(s - b->st));
			pidle_csv_field(out, s->name);
			fprintf(out, ",%lld,%s,%d,%.1f,%.1f,", s->latency_us,
				pidle_test_name[r[i].test], r[i].n, r[i].med_us,
				r[i].p99_us);
			pidle_opt(out, r[i].has_diff, "%.1f,", r[i].dmed_us, ",");
			pidle_opt(out, r[i].has_diff, "%.1f,", r[i].dp99_us, ",");
			pidle_opt(out, r[i].has_fid, "%.2f,", r[i].fid, ",");
			if (s->has_ovs)
				fprintf(out, "%llu,%.1f,%llu,", s->exits,
					s->exits ? (double)s->ovs_ns / s->exits : 0.0,
					s->ovs_max_ns);
			else
				fprintf(out, ",,,");
			pidle_opt(out, r[i].has_diff, "%.1f,", r[i].err_us, ",");
			pidle_opt(out, pidle_timer_row(r[i].test), "%.0f\n",
				  s->left_out, "\n");
		}
		break;
	case PIDLE_BFMT_JSON:
		fprintf(out, "{\"results\": [");
		for (i = 0; i < nr; i++) {
			fprintf(out, "%s\n  {\"state\": %d, \"name\": ", sep,
				(int)(r[i].s - b->st));
			pidle_json_string(out, r[i].s->name);
			fprintf(out,
				", \"exit_latency_us\": %lld, \"test\": \"%s\", \"samples\": %d, \"median_us\": %.1f, \"p99_us\": %.1f",
				r[i].s->latency_us, pidle_test_name[r[i].test],
				r[i].n, r[i].med_us, r[i].p99_us);
			if (r[i].has_diff)
				fprintf(out, ", \"diff_median_us\": %.1f, \"diff_p99_us\": %.1f",
					r[i].dmed_us, r[i].dp99_us);
			if (r[i].has_fid)
				fprintf(out, ", \"fidelity\": %.2f", r[i].fid);
			if (r[i].has_diff)
				fprintf(out, ", \"err_median_us\": %.1f", r[i].err_us);
			if (pidle_timer_row(r[i].test))
				fprintf(out, ", \"left_out\": %d", r[i].s->left_out);
			fprintf(out, "}");
			sep = ",";
		}
		fprintf(out, "],\n \"overshoot\": [");
		sep = "";
		for (k = 0; k < b->nr_states; k++) {
			const struct pidle_bench_state *s = &b->st[k];

			if (!s->has_ovs)
				continue;
			fprintf(out, "%s\n  {\"state\": %d, \"name\": ", sep, k);
			pidle_json_string(out, s->name);
			fprintf(out,
				", \"exits\": %llu, \"overshoot_avg_ns\": %.1f, \"overshoot_max_ns\": %llu}",
				s->exits,
				s->exits ? (double)s->ovs_ns / s->exits : 0.0,
				s->ovs_max_ns);
			sep = ",";
		}
		fprintf(out, "]}\n");
		break;
	}
}

/*
 * Samples file: "state NAME EXIT_LATENCY_US" lines declare states 0, 1, ...;
 * "timer K NS..." and "ipi K NS..." add samples to state K; "overshoot K
 * EXITS SUM_NS MAX_NS" sets the in-module figures. '#' starts a comment.
 */
int pidle_bench_load(const char *path, struct pidle_bench *b)
{
	FILE *f = fopen(path, "r");
	char line[65536];
	int lineno = 0;

	if (!f) {
		fprintf(stderr, "pidle-bench: %s: %s.\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *kind = strtok(line, " \t\n"), *tok, *end;
		long k;
		int t;

		lineno++;
		if (!kind || kind[0] == '#')
			continue;
		if (!strcmp(kind, "state")) {
			char *name = strtok(NULL, " \t\n");
			char *lat = strtok(NULL, " \t\n");
			struct pidle_bench_state *s = &b->st[b->nr_states];

			if (!name || !lat || b->nr_states == PIDLE_BENCH_STATES)
				goto bad;
			snprintf(s->name, sizeof(s->name), "%s", name);
			s->latency_us = strtoll(lat, &end, 10);
			if (*end || s->latency_us < 0)
				goto bad;
			b->nr_states++;
			continue;
		}
		for (t = 0; t < PIDLE_NR_TESTS; t++)
			if (!strcmp(kind, pidle_test_name[t]))
				break;
		tok = strtok(NULL, " \t\n");
		if (!tok)
			goto bad;
		k = strtol(tok, &end, 10);
		if (*end || k < 0 || k >= b->nr_states)
			goto bad;
		if (t < PIDLE_NR_TESTS) {
			while ((tok = strtok(NULL, " \t\n"))) {
				long long v = strtoll(tok, &end, 10);

				if (*end || pidle_bench_add(&b->st[k], t, v))
					goto bad;
			}
		} else if (!strcmp(kind, "overshoot")) {
			char *a = strtok(NULL, " \t\n"), *s = strtok(NULL, " \t\n");
			char *m = strtok(NULL, " \t\n");

			char *e1, *e2, *e3;

			if (!a || !s || !m)
				goto bad;
			b->st[k].has_ovs = true;
			b->st[k].exits = strtoull(a, &e1, 10);
			b->st[k].ovs_ns = strtoull(s, &e2, 10);
			b->st[k].ovs_max_ns = strtoull(m, &e3, 10);
			if (*e1 || *e2 || *e3)
				goto bad;
		} else {
			goto bad;
		}
	}
	fclose(f);
	return 0;
bad:
	fprintf(stderr, "pidle-bench: %s:%d: malformed line: expected 'state NAME US', 'TEST K NS...' (TEST timer, ipi, timer-irq or ipi-irq) or 'overshoot K EXITS SUM MAX' with K a declared state.\n",
		path, lineno);
	fclose(f);
	return -1;
}

int pidle_bench_dump(const char *path, const struct pidle_bench *b)
{
	FILE *f = fopen(path, "w");
	int k, t, i;

	if (!f) {
		fprintf(stderr, "pidle-bench: %s: %s.\n", path, strerror(errno));
		return -1;
	}
	for (k = 0; k < b->nr_states; k++)
		fprintf(f, "state %s %lld\n", b->st[k].name, b->st[k].latency_us);
	for (k = 0; k < b->nr_states; k++) {
		for (t = 0; t < PIDLE_NR_TESTS; t++) {
			if (!b->st[k].n[t])
				continue;
			fprintf(f, "%s %d", pidle_test_name[t], k);
			for (i = 0; i < b->st[k].n[t]; i++)
				fprintf(f, " %lld", b->st[k].ns[t][i]);
			fputc('\n', f);
		}
		if (b->st[k].has_ovs)
			fprintf(f, "overshoot %d %llu %llu %llu\n", k,
				b->st[k].exits, b->st[k].ovs_ns,
				b->st[k].ovs_max_ns);
	}
	return fclose(f);
}
