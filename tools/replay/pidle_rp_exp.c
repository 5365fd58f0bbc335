// SPDX-License-Identifier: GPL-2.0
/*
 * An experiment file's cells for the replay: [table NAME] (states,
 * topology, power), [qos NAME] (cpu_dma_latency_us or resume_latency_us),
 * [change NAME] (disable, enable), and the axes table, governor, qos and
 * change of [defaults] and each [matrix NAME]; every matrix crosses its
 * lists with the defaults of the others, the cells of all matrices merged
 * and a cell two matrices share kept once, as experiments/run.sh does.
 * The guest's own keys (kernels, smp, icount, repeats, workload, run,
 * residency_x, ...) are skipped: a replay has its workload in the trace.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pidle_rp_exp.h"
#include "pidle-topo.h"

#define EXP_MAX_NAMES	64
#define EXP_LIST_LEN	1024

struct exp_named {
	char name[64];
	char a[PIDLE_PARAM_LEN];	/* table: states; qos: value; change: disable */
	char b[PIDLE_PARAM_LEN];	/* table: topology; change: enable */
	char c[PIDLE_PARAM_LEN];	/* table: power */
	long qos_us;
	int line;
};

struct exp_axes {
	char table[EXP_LIST_LEN], governor[EXP_LIST_LEN], qos[EXP_LIST_LEN],
	     change[EXP_LIST_LEN];
};

struct exp_file {
	const char *path;
	char *err;
	size_t errlen;
	struct exp_named table[EXP_MAX_NAMES], qos[EXP_MAX_NAMES],
			 change[EXP_MAX_NAMES];
	unsigned int nr_table, nr_qos, nr_change;
	struct exp_axes defaults;
	struct exp_axes matrix[EXP_MAX_NAMES];
	unsigned int nr_matrix;
};

static int exp_fail(struct exp_file *x, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int exp_fail(struct exp_file *x, int line, const char *fmt, ...)
{
	va_list ap;
	int n = line ? snprintf(x->err, x->errlen, "%s:%d: ", x->path, line) :
		       snprintf(x->err, x->errlen, "%s: ", x->path);

	va_start(ap, fmt);
	vsnprintf(x->err + n, x->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

static char *exp_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static struct exp_named *exp_find(struct exp_named *v, unsigned int nr,
				  const char *name)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

int pidle_rp_cell_make(struct pidle_rp_cell *c, const char *name,
		       const char *states, const char *topology,
		       const char *power, const char *policy,
		       const char *governor, unsigned int nr_cpus,
		       char *err, size_t errlen)
{
	const struct pidle_preset *pre = pidle_preset_find(states);
	struct pidle_err perr = { 0 };

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "%s", name);
	snprintf(c->governor, sizeof(c->governor), "%s", governor);
	c->qos_ns = -1;
	snprintf(c->qos_name, sizeof(c->qos_name), "trace");
	if (pre) {
		states = pre->states;
		if (!power && pre->power)
			power = pre->power;
	}
	if (pidle_states_parse(states, &c->st, &perr) ||
	    (power && pidle_power_parse(power, &c->st, &perr)) ||
	    pidle_topology_parse(topology, nr_cpus, &c->topo, &perr) ||
	    pidle_config_check(&c->st, &c->topo, &perr) ||
	    (policy && pidle_policy_parse(policy, &c->policy, &perr))) {
		snprintf(err, errlen, "table %s: %s", name, perr.msg);
		pidle_topology_free(&c->topo);
		return -1;
	}
	return 0;
}

static int exp_state_mask(struct exp_file *x, const struct pidle_states *st,
			  const char *list, int line, unsigned int *mask)
{
	char buf[EXP_LIST_LEN], *tok, *save;
	unsigned int s;

	*mask = 0;
	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		for (s = 0; s < st->nr_states; s++)
			if (!strcmp(st->state[s].name, tok))
				break;
		if (s == st->nr_states)
			return exp_fail(x, line, "state '%s' is not in the table", tok);
		*mask |= 1u << s;
	}
	return 0;
}

static int exp_add(struct exp_file *x, struct pidle_rp_cells *out,
		   const char *table, const char *gov, const char *qos,
		   const char *change, unsigned int nr_cpus,
		   const char *topology)
{
	struct exp_named *t = exp_find(x->table, x->nr_table, table);
	struct exp_named *q = strcmp(qos, "none") ?
			      exp_find(x->qos, x->nr_qos, qos) : NULL;
	struct exp_named *ch = strcmp(change, "none") ?
			       exp_find(x->change, x->nr_change, change) : NULL;
	struct pidle_rp_cell c, *p;
	char err[PIDLE_ERR_LEN + 80], key[64];
	unsigned int i;

	if (!t)
		return exp_fail(x, 0, "table '%s' is not defined", table);
	if (strcmp(qos, "none") && !q)
		return exp_fail(x, 0, "qos '%s' is not defined", qos);
	if (strcmp(change, "none") && !ch)
		return exp_fail(x, 0, "change '%s' is not defined", change);
	snprintf(key, sizeof(key), ch ? "%s/%s" : "%s", table, change);
	for (i = 0; i < out->nr; i++)
		if (!strcmp(out->cell[i].name, key) &&
		    !strcmp(out->cell[i].governor, gov) &&
		    !strcmp(out->cell[i].qos_name, qos))
			return 0;
	if (pidle_rp_cell_make(&c, table, t->a,
			       !t->b[0] || !strcmp(t->b, "auto") ? topology : t->b,
			       t->c[0] ? t->c : NULL, NULL, gov, nr_cpus,
			       err, sizeof(err)))
		return exp_fail(x, t->line, "%s", err);
	snprintf(c.qos_name, sizeof(c.qos_name), "%s", qos);
	c.qos_ns = q ? q->qos_us * 1000 : -1;
	if (ch) {
		unsigned int en;

		if (ch->a[0] && exp_state_mask(x, &c.st, ch->a, ch->line, &c.disabled))
			goto bad;
		if (ch->b[0]) {
			if (exp_state_mask(x, &c.st, ch->b, ch->line, &en))
				goto bad;
			c.disabled = ~en & ((1u << c.st.nr_states) - 1);
		}
	}
	snprintf(c.name, sizeof(c.name), "%s", key);
	p = realloc(out->cell, (out->nr + 1) * sizeof(*p));
	if (!p)
		goto bad;
	out->cell = p;
	out->cell[out->nr++] = c;
	return 0;
bad:
	pidle_topology_free(&c.topo);
	return -1;
}

static int exp_cross(struct exp_file *x, const struct exp_axes *m,
		     struct pidle_rp_cells *out, unsigned int nr_cpus,
		     const char *topology)
{
	const char *tl = m->table[0] ? m->table : x->defaults.table;
	const char *gl = m->governor[0] ? m->governor : x->defaults.governor;
	const char *ql = m->qos[0] ? m->qos : x->defaults.qos;
	const char *cl = m->change[0] ? m->change : x->defaults.change;
	char tb[EXP_LIST_LEN], gb[EXP_LIST_LEN], qb[EXP_LIST_LEN], cb[EXP_LIST_LEN];
	char *t, *g, *q, *c, *s1, *s2, *s3, *s4;

	if (!*tl)
		return exp_fail(x, 0, "no table: give 'table =' under [defaults] or a [matrix]");
	snprintf(tb, sizeof(tb), "%s", tl);
	for (t = strtok_r(tb, " \t", &s1); t; t = strtok_r(NULL, " \t", &s1)) {
		snprintf(gb, sizeof(gb), "%s", *gl ? gl : "menu");
		for (g = strtok_r(gb, " \t", &s2); g; g = strtok_r(NULL, " \t", &s2)) {
			snprintf(qb, sizeof(qb), "%s", *ql ? ql : "none");
			for (q = strtok_r(qb, " \t", &s3); q; q = strtok_r(NULL, " \t", &s3)) {
				snprintf(cb, sizeof(cb), "%s", *cl ? cl : "none");
				for (c = strtok_r(cb, " \t", &s4); c; c = strtok_r(NULL, " \t", &s4))
					if (exp_add(x, out, t, g, q, c, nr_cpus, topology))
						return -1;
			}
		}
	}
	return 0;
}

int pidle_rp_exp_load(const char *path, unsigned int nr_cpus,
		      const char *topology, struct pidle_rp_cells *out,
		      char *err, size_t errlen)
{
	struct exp_file *x = calloc(1, sizeof(*x));
	enum { SEC_NONE, SEC_OTHER, SEC_TABLE, SEC_QOS, SEC_CHANGE, SEC_AXES } sec = SEC_NONE;
	struct exp_named *cur = NULL;
	struct exp_axes *axes = NULL;
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, ret = -1;
	unsigned int i;
	FILE *f;

	memset(out, 0, sizeof(*out));
	if (!x) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	x->path = path;
	x->err = err;
	x->errlen = errlen;
	f = fopen(path, "r");
	if (!f) {
		exp_fail(x, 0, "%s", strerror(errno));
		goto out;
	}
	while (getline(&line, &cap, f) > 0) {
		char *s, *eq, *key, *val, *hash;

		lineno++;
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		s = exp_trim(line);
		if (!*s)
			continue;
		if (*s == '[') {
			char kind[32] = "", name[64] = "";

			if (sscanf(s, "[%31[a-z] %63[^] ]]", kind, name) < 1 ||
			    s[strlen(s) - 1] != ']') {
				exp_fail(x, lineno, "'%s': want [KIND] or [KIND NAME]", s);
				goto out;
			}
			cur = NULL;
			axes = NULL;
			if (!strcmp(kind, "table") || !strcmp(kind, "qos") ||
			    !strcmp(kind, "change")) {
				struct exp_named *v = !strcmp(kind, "table") ? x->table :
						      !strcmp(kind, "qos") ? x->qos : x->change;
				unsigned int *nr = !strcmp(kind, "table") ? &x->nr_table :
						   !strcmp(kind, "qos") ? &x->nr_qos : &x->nr_change;

				if (!name[0] || *nr == EXP_MAX_NAMES || exp_find(v, *nr, name)) {
					exp_fail(x, lineno, "[%s]: needs a name not used before (at most %d)",
						 kind, EXP_MAX_NAMES);
					goto out;
				}
				cur = &v[(*nr)++];
				snprintf(cur->name, sizeof(cur->name), "%s", name);
				cur->line = lineno;
				cur->qos_us = -1;
				sec = !strcmp(kind, "table") ? SEC_TABLE :
				      !strcmp(kind, "qos") ? SEC_QOS : SEC_CHANGE;
			} else if (!strcmp(kind, "defaults")) {
				axes = &x->defaults;
				sec = SEC_AXES;
			} else if (!strcmp(kind, "matrix")) {
				if (x->nr_matrix == EXP_MAX_NAMES) {
					exp_fail(x, lineno, "more than %d matrices", EXP_MAX_NAMES);
					goto out;
				}
				axes = &x->matrix[x->nr_matrix++];
				sec = SEC_AXES;
			} else {
				sec = SEC_OTHER;
			}
			continue;
		}
		eq = strchr(s, '=');
		if (!eq) {
			exp_fail(x, lineno, "'%s': want KEY = VALUE", s);
			goto out;
		}
		*eq = '\0';
		key = exp_trim(s);
		val = exp_trim(eq + 1);
		if (sec == SEC_TABLE) {
			char *dst = !strcmp(key, "states") ? cur->a :
				    !strcmp(key, "topology") ? cur->b :
				    !strcmp(key, "power") ? cur->c : NULL;

			if (dst)
				snprintf(dst, PIDLE_PARAM_LEN, "%s", val);
			/*
			 * OS-initiated domains: the model core replays the
			 * platform-coordinated mode only; refused, never
			 * replayed as PC
			 */
			if ((!strcmp(key, "mode") && strcmp(val, "pc")) ||
			    !strcmp(key, "domain_gov")) {
				exp_fail(x, lineno, "[table %s]: %s = %s: not replayed: pidle-replay replays the platform-coordinated mode (mode = pc) only, the model core's OSI mode and its domain governors not yet",
					 cur->name, key, val);
				goto out;
			}
		} else if (sec == SEC_QOS) {
			if (!strcmp(key, "cpu_dma_latency_us") ||
			    !strcmp(key, "resume_latency_us")) {
				char *end;

				cur->qos_us = strtol(val, &end, 10);
				if (*end || end == val || cur->qos_us < 0) {
					exp_fail(x, lineno, "%s = %s: want microseconds", key, val);
					goto out;
				}
			}
		} else if (sec == SEC_CHANGE) {
			if (!strcmp(key, "disable"))
				snprintf(cur->a, PIDLE_PARAM_LEN, "%s", val);
			else if (!strcmp(key, "enable"))
				snprintf(cur->b, PIDLE_PARAM_LEN, "%s", val);
			else if (!strcmp(key, "residency_x"))
				fprintf(stderr, "%s:%d: residency_x is not replayed (the change is taken without it)\n",
					path, lineno);
		} else if (sec == SEC_AXES) {
			char *dst = !strcmp(key, "table") ? axes->table :
				    !strcmp(key, "governor") ? axes->governor :
				    !strcmp(key, "qos") ? axes->qos :
				    !strcmp(key, "change") ? axes->change : NULL;

			if (dst) {
				if (strstr(val, "@subsets")) {
					exp_fail(x, lineno, "%s = @subsets: not replayed; list the changes", key);
					goto out;
				}
				snprintf(dst, EXP_LIST_LEN, "%s", val);
			}
		}
	}
	for (i = 0; i < x->nr_table; i++)
		if (!x->table[i].a[0]) {
			exp_fail(x, x->table[i].line, "[table %s]: no states", x->table[i].name);
			goto out;
		}
	for (i = 0; i < x->nr_qos; i++)
		if (x->qos[i].qos_us < 0) {
			exp_fail(x, x->qos[i].line, "[qos %s]: no cpu_dma_latency_us", x->qos[i].name);
			goto out;
		}
	if (!x->nr_matrix) {
		if (exp_cross(x, &x->defaults, out, nr_cpus, topology))
			goto out;
	}
	for (i = 0; i < x->nr_matrix; i++)
		if (exp_cross(x, &x->matrix[i], out, nr_cpus, topology))
			goto out;
	ret = 0;
out:
	if (f)
		fclose(f);
	free(line);
	free(x);
	if (ret)
		pidle_rp_cells_free(out);
	return ret;
}

void pidle_rp_cells_free(struct pidle_rp_cells *c)
{
	unsigned int i;

	for (i = 0; i < c->nr; i++)
		pidle_topology_free(&c->cell[i].topo);
	free(c->cell);
	c->cell = NULL;
	c->nr = 0;
}
