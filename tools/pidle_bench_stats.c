// SPDX-License-Identifier: GPL-2.0
/* pidle-bench: percentiles, fidelity, and the report. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
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
 * "timer K NS..." and "ipi K NS..." (and the -irq tests) give state K's
 * samples, one line per state and test; "overshoot K EXITS SUM_NS MAX_NS"
 * sets the in-module figures, "left_out K N" the timer samples --irq left
 * out. '#' starts a comment. Lines have no length limit (a line holds all
 * of a state's samples of one test: up to PIDLE_BENCH_MAX_SAMPLES).
 *
 * Everything pidle_bench_dump() writes is read back to the same figures;
 * anything else is refused at its line, with the reason: a number that is
 * not one, negative or past the range of a sample, a state or a state's
 * test given twice, K not declared, an empty file, no sample at all.
 */
struct pidle_load {
	const char *path;
	int lineno;
	/* the line where each state, each state's test, was given */
	int state_line[PIDLE_BENCH_STATES];
	int test_line[PIDLE_BENCH_STATES][PIDLE_NR_TESTS];
	int ovs_line[PIDLE_BENCH_STATES], left_line[PIDLE_BENCH_STATES];
};

static int pidle_load_err(const struct pidle_load *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int pidle_load_err(const struct pidle_load *l, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (l->lineno)
		return pidle_errorf(-1, "%s:%d: %s.", l->path, l->lineno, msg);
	return pidle_errorf(-1, "%s: %s.", l->path, msg);
}

/* @tok as an integer in [0, LLONG_MAX], or a message naming @what. */
static int pidle_load_num(const struct pidle_load *l, const char *tok,
			  const char *what, long long *v)
{
	char *end;

	if (!tok)
		return pidle_load_err(l, "%s missing", what);
	errno = 0;
	*v = strtoll(tok, &end, 10);
	if (end == tok || *end || (tok[0] != '-' && !isdigit((unsigned char)tok[0])))
		return pidle_load_err(l, "%s '%s': not an integer", what, tok);
	if (*v < 0 || (errno == ERANGE && tok[0] == '-'))
		return pidle_load_err(l, "%s '%s': negative", what, tok);
	if (errno == ERANGE)
		return pidle_load_err(l, "%s '%s': too large (at most %lld)",
				      what, tok, LLONG_MAX);
	return 0;
}

/* K of a "TEST K ...", "overshoot K ..." or "left_out K ..." line. */
static int pidle_load_state(const struct pidle_load *l, const struct pidle_bench *b,
			    const char *tok, long long *k)
{
	if (pidle_load_num(l, tok, "state index", k))
		return -1;
	if (*k >= b->nr_states)
		return pidle_load_err(l, "state %lld not declared (%d 'state' line%s above)",
				      *k, b->nr_states, b->nr_states == 1 ? "" : "s");
	return 0;
}

static int pidle_load_line(struct pidle_load *l, struct pidle_bench *b, char *line)
{
	char *kind = strtok(line, " \t\r\n"), *tok;
	long long k, v;
	int t, i;

	if (!kind || kind[0] == '#')
		return 0;
	if (!strcmp(kind, "state")) {
		char *name = strtok(NULL, " \t\r\n");
		struct pidle_bench_state *s = &b->st[b->nr_states];

		if (!name)
			return pidle_load_err(l, "state name missing: expected 'state NAME EXIT_LATENCY_US'");
		if (strlen(name) >= sizeof(s->name))
			return pidle_load_err(l, "state name '%s' longer than %zu characters",
					      name, sizeof(s->name) - 1);
		for (i = 0; i < b->nr_states; i++)
			if (!strcmp(b->st[i].name, name))
				return pidle_load_err(l, "state '%s' declared twice (first on line %d)",
						      name, l->state_line[i]);
		if (b->nr_states == PIDLE_BENCH_STATES)
			return pidle_load_err(l, "more than %d states", PIDLE_BENCH_STATES);
		if (pidle_load_num(l, strtok(NULL, " \t\r\n"), "exit latency", &v))
			return -1;
		if ((tok = strtok(NULL, " \t\r\n")))
			return pidle_load_err(l, "'%s' after the exit latency: expected 'state NAME EXIT_LATENCY_US'", tok);
		snprintf(s->name, sizeof(s->name), "%s", name);
		s->latency_us = v;
		l->state_line[b->nr_states++] = l->lineno;
		return 0;
	}
	for (t = 0; t < PIDLE_NR_TESTS; t++)
		if (!strcmp(kind, pidle_test_name[t]))
			break;
	if (t == PIDLE_NR_TESTS && strcmp(kind, "overshoot") && strcmp(kind, "left_out"))
		return pidle_load_err(l, "unknown line '%s': expected state, timer, ipi, timer-irq, ipi-irq, overshoot or left_out", kind);
	if (pidle_load_state(l, b, strtok(NULL, " \t\r\n"), &k))
		return -1;
	if (t < PIDLE_NR_TESTS) {
		struct pidle_bench_state *s = &b->st[k];

		if (l->test_line[k][t])
			return pidle_load_err(l, "%s samples of state %lld given twice (first on line %d)",
					      kind, k, l->test_line[k][t]);
		l->test_line[k][t] = l->lineno;
		for (i = 1; (tok = strtok(NULL, " \t\r\n")); i++) {
			char what[48];

			snprintf(what, sizeof(what), "sample %d", i);
			if (pidle_load_num(l, tok, what, &v))
				return -1;
			if (s->n[t] == PIDLE_BENCH_MAX_SAMPLES)
				return pidle_load_err(l, "more than %d samples", PIDLE_BENCH_MAX_SAMPLES);
			if (pidle_bench_add(s, t, v))
				return pidle_load_err(l, "%d samples: %s", s->n[t] + 1, strerror(ENOMEM));
		}
		if (i == 1)
			return pidle_load_err(l, "no samples: expected '%s K NS...'", kind);
		return 0;
	}
	if (!strcmp(kind, "overshoot")) {
		struct pidle_bench_state *s = &b->st[k];
		long long e, sum, max;

		if (l->ovs_line[k])
			return pidle_load_err(l, "overshoot of state %lld given twice (first on line %d)",
					      k, l->ovs_line[k]);
		if (pidle_load_num(l, strtok(NULL, " \t\r\n"), "exits", &e) ||
		    pidle_load_num(l, strtok(NULL, " \t\r\n"), "overshoot sum", &sum) ||
		    pidle_load_num(l, strtok(NULL, " \t\r\n"), "overshoot max", &max))
			return -1;
		if ((tok = strtok(NULL, " \t\r\n")))
			return pidle_load_err(l, "'%s' after the overshoot max: expected 'overshoot K EXITS SUM_NS MAX_NS'", tok);
		l->ovs_line[k] = l->lineno;
		s->has_ovs = true;
		s->exits = e;
		s->ovs_ns = sum;
		s->ovs_max_ns = max;
		return 0;
	}
	/* left_out K N */
	if (l->left_line[k])
		return pidle_load_err(l, "left_out of state %lld given twice (first on line %d)",
				      k, l->left_line[k]);
	if (pidle_load_num(l, strtok(NULL, " \t\r\n"), "left-out count", &v))
		return -1;
	if (v > INT_MAX)
		return pidle_load_err(l, "left-out count %lld too large", v);
	if ((tok = strtok(NULL, " \t\r\n")))
		return pidle_load_err(l, "'%s' after the count: expected 'left_out K N'", tok);
	l->left_line[k] = l->lineno;
	b->st[k].left_out = (int)v;
	return 0;
}

int pidle_bench_load(const char *path, struct pidle_bench *b)
{
	static struct pidle_load l;
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int k, t, lines, ret = 0;
	bool any = false;
	ssize_t len;

	if (!f)
		return pidle_errorf(-1, "%s: %s.", path, strerror(errno));
	memset(&l, 0, sizeof(l));
	l.path = path;
	while ((len = getline(&line, &cap, f)) >= 0) {
		l.lineno++;
		if (strlen(line) != (size_t)len) {
			ret = pidle_load_err(&l, "a NUL byte: not a samples file");
			break;
		}
		ret = pidle_load_line(&l, b, line);
		if (ret)
			break;
	}
	if (!ret && ferror(f))
		ret = pidle_errorf(-1, "%s: %s.", path, strerror(errno));
	free(line);
	fclose(f);
	if (ret)
		return ret;
	lines = l.lineno;
	l.lineno = 0;
	for (k = 0; k < b->nr_states; k++)
		for (t = 0; t < PIDLE_NR_TESTS; t++)
			any |= b->st[k].n[t] > 0;
	if (!b->nr_states)
		return pidle_load_err(&l, "%s: not a samples file (pidle-bench --dump-samples writes them)",
				      lines ? "no 'state' line" : "empty file");
	if (!any)
		return pidle_load_err(&l, "no samples: %d state%s declared, none measured",
				      b->nr_states, b->nr_states == 1 ? "" : "s");
	return 0;
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
		if (b->st[k].left_out)
			fprintf(f, "left_out %d %d\n", k, b->st[k].left_out);
	}
	if (ferror(f) | fclose(f)) {
		fprintf(stderr, "pidle-bench: %s: %s.\n", path, strerror(errno));
		return -1;
	}
	return 0;
}
