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
#include <regex.h>
#include <stdbool.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pidle_kgov.h"
#include "pidle_rp_exp.h"
#include "pidle-topo.h"

#define EXP_MAX_NAMES	64
#define EXP_MAX_KEYS	64
#define EXP_LIST_LEN	1024

/* the axes of [defaults] and [matrix NAME], in parse.awk's order */
enum { EXP_AX_TABLE, EXP_AX_GOVERNOR, EXP_AX_CHANGE, EXP_AX_QOS,
       EXP_AX_WORKLOAD, EXP_AX_NR };
static const char *const exp_ax_name[EXP_AX_NR] = {
	"table", "governor", "change", "qos", "workload",
};

struct exp_named {
	char name[64];
	char a[PIDLE_PARAM_LEN];	/* table: states; change: disable; workload: run */
	char b[PIDLE_PARAM_LEN];	/* table: topology; change: enable */
	char c[PIDLE_PARAM_LEN];	/* table: power */
	char d[PIDLE_PARAM_LEN];	/* table: mode */
	char e[PIDLE_PARAM_LEN];	/* table: domain_gov */
	char f[PIDLE_PARAM_LEN];	/* table: domain_policy */
	long qos_us;
	unsigned int nr_qos_keys;	/* qos: cpu_dma_latency_us, resume_latency_us given */
	int line;
};

struct exp_axes {
	char name[64];
	char v[EXP_AX_NR][EXP_LIST_LEN];	/* "": not given */
	int line[EXP_AX_NR];			/* the value's line */
	int hdr_line;				/* [matrix NAME]'s */
};

struct exp_section {
	char kind[16], name[64];
	int line;
};

struct exp_file {
	const char *path;
	bool usage;		/* the error is the command line's */
	char *err;
	size_t errlen;
	struct exp_named table[EXP_MAX_NAMES], qos[EXP_MAX_NAMES],
			 change[EXP_MAX_NAMES], workload[EXP_MAX_NAMES];
	unsigned int nr_table, nr_qos, nr_change, nr_workload;
	struct exp_axes defaults;
	struct exp_axes matrix[EXP_MAX_NAMES];
	unsigned int nr_matrix;
	/* every section header, for "defined twice" */
	struct exp_section sec[4 * EXP_MAX_NAMES + 8];
	unsigned int nr_sec;
	/* the keys of the current section, for "given twice" */
	char key[EXP_MAX_KEYS][64];
	unsigned int nr_key;
};

static int exp_fail(struct exp_file *x, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "FILE:LINE: what", or "FILE: what" for the file as a whole: parse.awk's */
static int exp_fail(struct exp_file *x, int line, const char *fmt, ...)
{
	va_list ap;
	int n = line ? snprintf(x->err, x->errlen, "%s:%d: ", x->path, line) :
		       snprintf(x->err, x->errlen, "%s: ", x->path);

	if (n < 0 || (size_t)n >= x->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(x->err + n, x->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* spaces and tabs off both ends, as parse.awk's trim() */
static char *exp_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
		*--e = '\0';
	return s;
}

/* @s matches the extended regular expression @re (parse.awk's, as is) */
static bool exp_match(const char *re, const char *s)
{
	regex_t r;
	bool ok;

	if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB))
		return false;
	ok = !regexec(&r, s, 0, NULL, 0);
	regfree(&r);
	return ok;
}

/* @word is one of the space-separated words of @list (parse.awk's known()) */
static bool exp_known(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	if (!n)
		return false;
	while ((p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
		p++;
	}
	return false;
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
		       const char *mode, const char *domain_gov,
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
	    (policy && pidle_policy_parse(policy, &c->policy, &perr)) ||
	    (mode && pidle_mode_parse(mode, &c->mode, &perr)) ||
	    pidle_mode_check(c->mode, &c->st, &perr))
		goto bad;
	if (domain_gov && c->mode != PIDLE_MODE_OSI) {
		snprintf(err, errlen, "table %s: domain_gov %s: domain governors choose the domain states of mode osi; this table is mode pc",
			 name, domain_gov);
		goto out;
	}
	if (domain_gov && (pidle_dgov_parse(domain_gov, &c->dgov, &perr) ||
			   pidle_dgov_check(&c->dgov, &c->topo, NULL, &perr)))
		goto bad;
	return 0;
bad:
	snprintf(err, errlen, "table %s: %s", name, perr.msg);
out:
	pidle_topology_free(&c->topo);
	return -1;
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
	/* --topology is for the tables of topology auto: never ignored */
	if (topology && t->b[0] && strcmp(t->b, "auto") && strcmp(t->b, topology)) {
		x->usage = true;
		return exp_fail(x, t->line, "[table %s] has topology = %s: --topology %s is for the tables of topology auto (give it in the file, or drop the option)",
				table, t->b, topology);
	}
	if (pidle_rp_cell_make(&c, table, t->a,
			       !t->b[0] || !strcmp(t->b, "auto") ? (topology ?: "none") : t->b,
			       t->c[0] ? t->c : NULL, t->f[0] ? t->f : NULL,
			       t->d[0] ? t->d : NULL, t->e[0] ? t->e : NULL,
			       gov, nr_cpus,
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

/*
 * An axis's values in matrix @m (its own, or the defaults'), checked as
 * parse.awk's axis() checks them: each table, change, qos and workload
 * named is defined. Empty when neither gives it: the replay's default
 * (menu, none), where the runner wants every axis.
 */
static int exp_axis(struct exp_file *x, const struct exp_axes *m, int ax,
		    const char **val)
{
	const struct exp_axes *from = m->v[ax][0] ? m : &x->defaults;
	char buf[EXP_LIST_LEN], *w, *save;

	*val = from->v[ax];
	if (!**val)
		return 0;
	if (ax == EXP_AX_CHANGE && !strncmp(*val, "@subsets ", 9))
		return exp_fail(x, from->line[ax], "%s = %s: not replayed; list the changes",
				exp_ax_name[ax], *val);
	if (strchr(*val, '@'))
		return exp_fail(x, from->line[ax], "%s = %s: only a change takes @subsets",
				exp_ax_name[ax], *val);
	if (ax == EXP_AX_GOVERNOR) {
		char names[64];

		pidle_kgov_names(names, sizeof(names));
		snprintf(buf, sizeof(buf), "%s", *val);
		for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
			if (!exp_known(names, w))
				return exp_fail(x, from->line[ax], "governor '%s': the replay has the kernel's %s (haltpoll is a guest's: it polls, it predicts nothing)",
						w, names);
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s", *val);
	for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		bool def = (ax == EXP_AX_CHANGE || ax == EXP_AX_QOS) && !strcmp(w, "none");

		def = def || (ax == EXP_AX_TABLE && exp_find(x->table, x->nr_table, w)) ||
		      (ax == EXP_AX_CHANGE && exp_find(x->change, x->nr_change, w)) ||
		      (ax == EXP_AX_QOS && exp_find(x->qos, x->nr_qos, w)) ||
		      (ax == EXP_AX_WORKLOAD && exp_find(x->workload, x->nr_workload, w));
		if (!def)
			return exp_fail(x, from->line[ax], "%s '%s' is not defined: no [%s %s] section",
					exp_ax_name[ax], w, exp_ax_name[ax], w);
	}
	return 0;
}

static int exp_cross(struct exp_file *x, const struct exp_axes *m,
		     struct pidle_rp_cells *out, unsigned int nr_cpus,
		     const char *topology)
{
	const char *v[EXP_AX_NR];
	char tb[EXP_LIST_LEN], gb[EXP_LIST_LEN], qb[EXP_LIST_LEN], cb[EXP_LIST_LEN];
	char *t, *g, *q, *c, *s1, *s2, *s3, *s4;
	int ax;

	for (ax = 0; ax < EXP_AX_NR; ax++)
		if (exp_axis(x, m, ax, &v[ax]))
			return -1;
	if (!*v[EXP_AX_TABLE])
		return m == &x->defaults ?
		       exp_fail(x, 0, "no table: give 'table =' under [defaults] or a [matrix]") :
		       exp_fail(x, m->hdr_line, "[matrix %s] has no table and [defaults] gives none", m->name);
	snprintf(tb, sizeof(tb), "%s", v[EXP_AX_TABLE]);
	for (t = strtok_r(tb, " ", &s1); t; t = strtok_r(NULL, " ", &s1)) {
		snprintf(gb, sizeof(gb), "%s", *v[EXP_AX_GOVERNOR] ? v[EXP_AX_GOVERNOR] : "menu");
		for (g = strtok_r(gb, " ", &s2); g; g = strtok_r(NULL, " ", &s2)) {
			snprintf(qb, sizeof(qb), "%s", *v[EXP_AX_QOS] ? v[EXP_AX_QOS] : "none");
			for (q = strtok_r(qb, " ", &s3); q; q = strtok_r(NULL, " ", &s3)) {
				snprintf(cb, sizeof(cb), "%s", *v[EXP_AX_CHANGE] ? v[EXP_AX_CHANGE] : "none");
				for (c = strtok_r(cb, " ", &s4); c; c = strtok_r(NULL, " ", &s4))
					if (exp_add(x, out, t, g, q, c, nr_cpus, topology))
						return -1;
			}
		}
	}
	return 0;
}

/* parse.awk's need_uint(): a whole number from @lo to @hi */
static int exp_need_uint(struct exp_file *x, int line, const char *key,
			 const char *v, long lo, long hi)
{
	double d = strtod(v, NULL);

	if (!exp_match("^[0-9]+$", v) || d < lo || d > hi)
		return exp_fail(x, line, "%s = %s: want a whole number from %ld to %ld",
				key, v, lo, hi);
	return 0;
}

/*
 * A [section] header: parse.awk's checks, in its order. Sets *@kind_out
 * (the section's kind) and the section being filled.
 */
static int exp_header(struct exp_file *x, char *s, int line, char *kind_out,
		      struct exp_named **cur, struct exp_axes **axes)
{
	static const char *const kinds = "experiment defaults table change qos workload compare matrix";
	static const char *const named = "table change qos workload matrix";
	char hdr[EXP_LIST_LEN], *sp, *name = "";
	unsigned int i;

	if (!exp_match("^\\[[a-z]+( [A-Za-z0-9_.+-]+)?\\]$", s))
		return exp_fail(x, line, "bad section header '%s': want [KIND] or [KIND NAME], NAME of letters, digits and _ . + -", s);
	snprintf(hdr, sizeof(hdr), "%.*s", (int)strlen(s) - 2, s + 1);
	sp = strchr(hdr, ' ');
	if (sp) {
		*sp = '\0';
		name = sp + 1;
	}
	if (!exp_known(kinds, hdr))
		return exp_fail(x, line, "unknown section [%s]: want experiment, defaults, table, change, qos, workload, compare or matrix", hdr);
	if (exp_known(named, hdr) && !*name)
		return exp_fail(x, line, "[%s] needs a name: [%s NAME]", hdr, hdr);
	if (!exp_known(named, hdr) && *name)
		return exp_fail(x, line, "[%s] takes no name", hdr);
	if (!strcmp(name, "none"))
		return exp_fail(x, line, "'none' is built in, not a name to define");
	for (i = 0; i < x->nr_sec; i++)
		if (!strcmp(x->sec[i].kind, hdr) && !strcmp(x->sec[i].name, name))
			return exp_fail(x, line, "[%s%s%s] defined twice (first at line %d)",
					hdr, *name ? " " : "", name, x->sec[i].line);
	if (x->nr_sec == sizeof(x->sec) / sizeof(x->sec[0]) ||
	    strlen(name) >= sizeof(x->sec[0].name))
		return exp_fail(x, line, "[%s %s]: more sections, or a longer name, than the replay reads", hdr, name);
	snprintf(x->sec[x->nr_sec].kind, sizeof(x->sec[0].kind), "%s", hdr);
	snprintf(x->sec[x->nr_sec].name, sizeof(x->sec[0].name), "%s", name);
	x->sec[x->nr_sec++].line = line;
	snprintf(kind_out, 16, "%s", hdr);
	x->nr_key = 0;
	*cur = NULL;
	*axes = NULL;
	if (!strcmp(hdr, "defaults")) {
		*axes = &x->defaults;
	} else if (!strcmp(hdr, "matrix")) {
		if (x->nr_matrix == EXP_MAX_NAMES)
			return exp_fail(x, line, "more than %d matrices", EXP_MAX_NAMES);
		*axes = &x->matrix[x->nr_matrix++];
		snprintf((*axes)->name, sizeof((*axes)->name), "%s", name);
		(*axes)->hdr_line = line;
	} else if (*name) {
		struct exp_named *v = !strcmp(hdr, "table") ? x->table :
				      !strcmp(hdr, "qos") ? x->qos :
				      !strcmp(hdr, "change") ? x->change : x->workload;
		unsigned int *nr = !strcmp(hdr, "table") ? &x->nr_table :
				   !strcmp(hdr, "qos") ? &x->nr_qos :
				   !strcmp(hdr, "change") ? &x->nr_change : &x->nr_workload;

		if (*nr == EXP_MAX_NAMES)
			return exp_fail(x, line, "more than %d [%s] sections", EXP_MAX_NAMES, hdr);
		*cur = &v[(*nr)++];
		snprintf((*cur)->name, sizeof((*cur)->name), "%s", name);
		(*cur)->line = line;
		(*cur)->qos_us = -1;
	}
	return 0;
}

/* KEY = VALUE in a section of @kind: parse.awk's checks, in its order */
static int exp_keyval(struct exp_file *x, const char *kind, const char *hdr,
		      char *key, char *val, int line, struct exp_named *cur,
		      struct exp_axes *axes)
{
	static const char *const kernels_ok = "6.1 6.1-rt 6.12 6.12-rt eval debug user";
	static const char *const governors_ok = "menu ladder teo haltpoll";
	static const char *const programs_ok = "pidle-irqwork pidle-work pidle-pingpong pidle-wakeload pidle-ring fio hackbench rt-app sleep";
	const char *keys = !strcmp(kind, "experiment") ? "title kernels smp icount repeats first_seed timeout" :
			   !strcmp(kind, "table") ? "states topology wait power domain_policy mode domain_gov" :
			   !strcmp(kind, "change") ? "residency_x states disable enable" :
			   !strcmp(kind, "qos") ? "cpu_dma_latency_us resume_latency_us" :
			   !strcmp(kind, "workload") ? "run expect figure" :
			   "table governor change qos workload";	/* defaults, matrix */
	/* a table's strings as the module's parameters; an axis a list */
	int maxlen = !strcmp(kind, "defaults") || !strcmp(kind, "matrix") ?
		     EXP_LIST_LEN : PIDLE_PARAM_LEN;
	char buf[PIDLE_PARAM_LEN], *w, *save;
	unsigned int i;

	if (!strcmp(kind, "compare")) {
		if (!exp_match("^[][A-Za-z0-9_.*+?|()^$-]+$", key))
			return exp_fail(x, line, "[compare] key '%s': want a figure name or a regular expression of one (letters, digits, _ . * + ? | ( ) [ ] - ^ $)", key);
		if (!exp_match("^[0-9]+(\\.[0-9]+)?(%( min [0-9]+(\\.[0-9]+)?)?)?$", val))
			return exp_fail(x, line, "%s = %s: want the smallest difference that matters, a number in the figure's unit, N%% of side A's median, or N%% min M (at least M)", key, val);
	} else {
		if (!exp_known(keys, key))
			return exp_fail(x, line, "[%s] has no key '%s' (it takes: %s)", kind, key, keys);
		if (!*val)
			return exp_fail(x, line, "%s has no value", key);
		if (strchr(val, '\'') || strchr(val, '\t'))
			return exp_fail(x, line, "%s = %s: no quote or tab allowed", key, val);
	}
	/* the replay's buffers (parse.awk has none): refused, never cut */
	if (strlen(val) >= (size_t)maxlen)
		return exp_fail(x, line, "%s: a value of %zu characters, more than the replay reads (%d)",
				key, strlen(val), maxlen - 1);
	for (i = 0; i < x->nr_key; i++)
		if (!strcmp(x->key[i], key))
			return exp_fail(x, line, "%s given twice in [%s]", key, hdr);
	if (x->nr_key == EXP_MAX_KEYS || strlen(key) >= sizeof(x->key[0]))
		return exp_fail(x, line, "[%s]: more keys, or a longer key, than the replay reads", hdr);
	snprintf(x->key[x->nr_key++], sizeof(x->key[0]), "%s", key);
	if (!strcmp(kind, "compare"))
		return 0;

	snprintf(buf, sizeof(buf), "%s", val);
	if (!strcmp(kind, "experiment")) {
		if (!strcmp(key, "kernels"))
			for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
				if (!exp_known(kernels_ok, w))
					return exp_fail(x, line, "kernel '%s': want one of %s (user: KERNEL= and KDIR=)", w, kernels_ok);
		if (!strcmp(key, "repeats"))
			return exp_need_uint(x, line, key, val, 1, 1000);
		if (!strcmp(key, "first_seed"))
			return exp_need_uint(x, line, key, val, 1, 1000000);
		if (!strcmp(key, "timeout"))
			return exp_need_uint(x, line, key, val, 10, 86400);
		if (!strcmp(key, "icount") && strcmp(val, "off"))
			return exp_need_uint(x, line, key, val, 0, 10);
		if (!strcmp(key, "smp") && !exp_match("^[0-9]+(,[a-z]+=[0-9]+)*$", val))
			return exp_fail(x, line, "smp = %s: want QEMU's -smp, e.g. 8,sockets=2,cores=2,threads=2", val);
	} else if (!strcmp(kind, "table")) {
		if (!strcmp(key, "wait") && !exp_known("halt poll", val))
			return exp_fail(x, line, "wait = %s: want halt or poll", val);
		if (!strcmp(key, "states") && strchr(val, ' '))
			return exp_fail(x, line, "states = %s: a preset name or one states= string, no spaces", val);
		if (!strcmp(key, "topology") && strchr(val, ' '))
			return exp_fail(x, line, "topology = %s: auto or one topology= string, no spaces", val);
		if (!strcmp(key, "power") &&
		    !exp_match("^[a-z]+:[0-9]+(,[a-z]+:[0-9]+)*$", val) &&
		    !exp_match("^[0-9,-]+=([a-z]+:[0-9]+(,[a-z]+:[0-9]+)*|none)(;[0-9,-]+=([a-z]+:[0-9]+(,[a-z]+:[0-9]+)*|none))+$", val))
			return exp_fail(x, line, "power = %s: want the module's power= string, LEVEL:MW,... (e.g. cpu:4000,core:1500,package:9000) or one per CPU set of states, CPUS=LEVEL:MW,...;CPUS=...", val);
		if (!strcmp(key, "mode") && !exp_known("pc osi", val))
			return exp_fail(x, line, "mode = %s: want pc or osi", val);
		if (!strcmp(key, "domain_gov") &&
		    !exp_match("^[a-z0-9._-]+(:[a-z0-9._-]+)?(,[A-Za-z0-9._-]+:[a-z0-9._-]+)*$", val))
			return exp_fail(x, line, "domain_gov = %s: want the module's domain_gov= string: NAME, LEVEL:NAME,... or NAME,LEVEL:NAME,...", val);
		snprintf(!strcmp(key, "states") ? cur->a : !strcmp(key, "topology") ? cur->b :
			 !strcmp(key, "power") ? cur->c : !strcmp(key, "mode") ? cur->d :
			 !strcmp(key, "domain_gov") ? cur->e :
			 !strcmp(key, "domain_policy") ? cur->f : buf,
			 PIDLE_PARAM_LEN, "%s", val);
	} else if (!strcmp(kind, "change")) {
		if (!strcmp(key, "residency_x") && !exp_match("^[0-9]+(\\.[0-9]+)?$", val))
			return exp_fail(x, line, "residency_x = %s: want a factor, e.g. 3 or 1.5", val);
		if (!strcmp(key, "disable"))
			snprintf(cur->a, PIDLE_PARAM_LEN, "%s", val);
		else if (!strcmp(key, "enable"))
			snprintf(cur->b, PIDLE_PARAM_LEN, "%s", val);
		else if (!strcmp(key, "residency_x"))
			fprintf(stderr, "%s:%d: residency_x is not replayed (the change is taken without it)\n",
				x->path, line);
	} else if (!strcmp(kind, "qos")) {
		if (exp_need_uint(x, line, key, val, 0, 2000000000))
			return -1;
		cur->qos_us = strtol(val, NULL, 10);
		cur->nr_qos_keys++;
	} else if (!strcmp(kind, "workload") && !strcmp(key, "expect")) {
		for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
			if (!exp_match("^[a-z]+[0-9]+:(timer|ipi|device|unknown):[0-9]+$", w) ||
			    atol(strrchr(w, ':') + 1) > 100)
				return exp_fail(x, line, "expect = %s: '%s': want NAME:SOURCE:PERCENT, e.g. cpu1:timer:90 (NAME a CPU, cpuN, or a domain as pidle-stat names it, e.g. core1; SOURCE timer, ipi, device or unknown; PERCENT 0 to 100)", val, w);
	} else if (!strcmp(kind, "workload") && !strcmp(key, "figure")) {
		/* the workload's own figure: a column of the runner's results */
		if (!exp_match("^[a-z][a-z0-9_]*$", val))
			return exp_fail(x, line, "figure = %s: want one column of the results, e.g. work_iops or energy_j", val);
	} else if (!strcmp(kind, "workload")) {
		char *prog = strtok_r(buf, " ", &save), *nm, *cpu;

		if (!prog || !exp_known(programs_ok, prog))
			return exp_fail(x, line, "run = %s: the program must be one of %s", val, programs_ok);
		if (exp_match("[;&|<>`$\\\\\"]", val))
			return exp_fail(x, line, "run = %s: plain arguments only, no shell syntax", val);
		/* the runner also wants experiments/rt-app/NAME.json: not the replay's */
		if (!strcmp(prog, "rt-app")) {
			nm = strtok_r(NULL, " ", &save);
			cpu = strtok_r(NULL, " ", &save);
			if (!nm || !cpu || strtok_r(NULL, " ", &save) ||
			    !exp_match("^[A-Za-z0-9_-]+$", nm) || !exp_match("^[0-9]+$", cpu))
				return exp_fail(x, line, "run = %s: want rt-app NAME CPU (experiments/rt-app/NAME.json, the report's CPU)", val);
		}
		snprintf(cur->a, PIDLE_PARAM_LEN, "%s", val);
	} else {	/* defaults, matrix */
		int ax;

		if (!strcmp(key, "governor"))
			for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
				if (!exp_known(governors_ok, w))
					return exp_fail(x, line, "governor '%s': want one of %s", w, governors_ok);
		for (ax = 0; ax < EXP_AX_NR; ax++)
			if (!strcmp(key, exp_ax_name[ax])) {
				snprintf(axes->v[ax], EXP_LIST_LEN, "%s", val);
				axes->line[ax] = line;
			}
	}
	return 0;
}

/*
 * The whole-file checks of parse.awk's END that the replay shares; the
 * runner's own ([experiment] and its kernels, a [matrix]: a replay runs
 * [defaults] alone, on the trace's machine) are not made.
 */
static int exp_finish(struct exp_file *x)
{
	unsigned int i;

	for (i = 0; i < x->nr_table; i++)
		if (!x->table[i].a[0])
			return exp_fail(x, x->table[i].line, "[table %s] has no states", x->table[i].name);
	for (i = 0; i < x->nr_workload; i++)
		if (!x->workload[i].a[0])
			return exp_fail(x, x->workload[i].line, "[workload %s] has no run", x->workload[i].name);
	for (i = 0; i < x->nr_qos; i++) {
		if (x->qos[i].nr_qos_keys > 1)
			return exp_fail(x, x->qos[i].line, "[qos %s] gives both cpu_dma_latency_us and resume_latency_us: one per qos",
					x->qos[i].name);
		if (!x->qos[i].nr_qos_keys)
			return exp_fail(x, x->qos[i].line, "[qos %s] sets nothing", x->qos[i].name);
	}
	return 0;
}

/*
 * DOC: one reader, two implementations
 * experiments/parse.awk reads experiment files for the runner; this file
 * reads them for the replay. Both refuse the same files with the same
 * "FILE:LINE: what is wrong": the checks above are parse.awk's, in its
 * order and with its words, and one table of bad files
 * (tests/experiments/bad/, "# expect: LINE: TEXT") is run against both
 * (make check-experiments the runner, make check-replay the replay).
 * A file marked "# runner-only: WHY" is one the replay rightly takes.
 */
int pidle_rp_exp_load(const char *path, unsigned int nr_cpus,
		      const char *topology, struct pidle_rp_cells *out,
		      char *err, size_t errlen)
{
	struct exp_file *x = calloc(1, sizeof(*x));
	struct exp_named *cur = NULL;
	struct exp_axes *axes = NULL;
	char kind[16] = "", hdr[EXP_LIST_LEN] = "", *line = NULL;
	size_t cap = 0;
	int lineno = 0, ret = -1;
	unsigned int i;
	FILE *f = NULL;

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
		char *s, *eq, *key, *val, *nl;
		size_t n;

		lineno++;
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		n = strlen(line);
		if (n && line[n - 1] == '\r')
			line[n - 1] = '\0';
		/* a comment: '#' first or after a space or tab */
		for (s = line; *s; s++)
			if (*s == '#' && (s == line || s[-1] == ' ' || s[-1] == '\t')) {
				*s = '\0';
				break;
			}
		s = exp_trim(line);
		if (!*s)
			continue;
		if (*s == '[') {
			snprintf(hdr, sizeof(hdr), "%.*s", (int)strlen(s) - 2, s + 1);
			if (exp_header(x, s, lineno, kind, &cur, &axes))
				goto out;
			continue;
		}
		if (!kind[0]) {
			exp_fail(x, lineno, "'%s' before any [section]", s);
			goto out;
		}
		eq = strchr(s, '=');
		if (!eq) {
			exp_fail(x, lineno, "'%s': want KEY = VALUE", s);
			goto out;
		}
		*eq = '\0';
		key = exp_trim(s);
		val = exp_trim(eq + 1);
		if (exp_keyval(x, kind, hdr, key, val, lineno, cur, axes))
			goto out;
	}
	if (ferror(f)) {
		exp_fail(x, 0, "%s", strerror(errno));
		goto out;
	}
	if (exp_finish(x))
		goto out;
	/* without a [matrix], the [defaults] alone: a replay's sweep */
	if (!x->nr_matrix && exp_cross(x, &x->defaults, out, nr_cpus, topology))
		goto out;
	for (i = 0; i < x->nr_matrix; i++)
		if (exp_cross(x, &x->matrix[i], out, nr_cpus, topology))
			goto out;
	ret = 0;
out:
	if (f)
		fclose(f);
	free(line);
	if (ret && x->usage)
		ret = -2;
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
