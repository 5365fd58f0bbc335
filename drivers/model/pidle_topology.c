// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the topology= description and the domain tree.
 *
 * LEVEL=DOMAIN,DOMAIN,...;LEVEL=... innermost level first; a domain is one
 * or more CPU ranges (A-B, or A) joined with '+'. The result is, per level,
 * the domain of every CPU, with domains numbered in order of their lowest
 * CPU, so the canonical print of any spelling of a topology is the same.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "pidle_parse.h"

#define PIDLE_NO_DOMAIN	((unsigned int)-1)

void pidle_topology_free(struct pidle_topology *topo)
{
	unsigned int i;

	for (i = 0; i < topo->nr_levels; i++) {
		kfree(topo->level[i].domain_of_cpu);
		topo->level[i].domain_of_cpu = NULL;
	}
	topo->nr_levels = 0;
}

int pidle_topology_copy(struct pidle_topology *dst,
			const struct pidle_topology *src)
{
	struct pidle_topology t = *src;
	unsigned int i;

	for (i = 0; i < src->nr_levels; i++) {
		t.level[i].domain_of_cpu = kcalloc(src->nr_cpus,
						   sizeof(unsigned int),
						   GFP_KERNEL);
		if (!t.level[i].domain_of_cpu) {
			t.nr_levels = i;
			pidle_topology_free(&t);
			return -ENOMEM;
		}
		memcpy(t.level[i].domain_of_cpu, src->level[i].domain_of_cpu,
		       src->nr_cpus * sizeof(unsigned int));
	}
	*dst = t;
	return 0;
}

static int pidle_num_parse(const struct pidle_tok *tok, const char *level,
			   const char *what, u64 max, unsigned int *out,
			   struct pidle_err *err)
{
	const char *why;
	char q[32];
	u64 val;

	if (pidle_tok_u64(tok, max, &val, &why)) {
		pidle_tok_quote(tok, q, sizeof(q));
		if (!strcmp(why, "too large"))
			return pidle_err(err, "topology", "level %s: %s \"%s\": beyond %llu",
					 level, what, q, max);
		return pidle_err(err, "topology", "level %s: %s \"%s\": %s",
				 level, what, q, why);
	}
	*out = val;
	return 0;
}

static int pidle_cpu_parse(const struct pidle_tok *tok, const char *level,
			   unsigned int *cpu, struct pidle_err *err)
{
	const char *why;
	char q[32];
	u64 val;

	if (pidle_tok_u64(tok, PIDLE_MAX_CPUS - 1, &val, &why)) {
		if (!strcmp(why, "too large"))
			why = "beyond the largest CPU number (8191)";
		pidle_tok_quote(tok, q, sizeof(q));
		return pidle_err(err, "topology", "level %s: CPU \"%s\": %s",
				 level, q, why);
	}
	*cpu = val;
	return 0;
}

/* One range of a domain: A, A-B or A-B/STEP. */
struct pidle_range {
	unsigned int first, last, step;
};

static int pidle_range_parse(struct pidle_tok part, const char *level,
			     unsigned int d, struct pidle_range *r,
			     struct pidle_err *err)
{
	struct pidle_tok lo, hi, step;
	int ret;

	pidle_tok_next(&part, '/', &hi);
	step = part;			/* .s NULL: no step given */
	pidle_tok_next(&hi, '-', &lo);
	ret = pidle_cpu_parse(&lo, level, &r->first, err);
	if (ret)
		return ret;
	r->last = r->first;
	r->step = 1;
	if (hi.s) {
		ret = pidle_cpu_parse(&hi, level, &r->last, err);
		if (ret)
			return ret;
		if (r->last < r->first)
			return pidle_err(err, "topology", "level %s: domain %u: range %u-%u goes backwards",
					 level, d, r->first, r->last);
	}
	if (step.s) {
		if (!hi.s)
			return pidle_err(err, "topology", "level %s: domain %u: a step needs a range (A-B/STEP)",
					 level, d);
		ret = pidle_num_parse(&step, level, "step", PIDLE_MAX_CPUS - 1,
				      &r->step, err);
		if (ret)
			return ret;
		if (!r->step)
			return pidle_err(err, "topology", "level %s: domain %u: step 0",
					 level, d);
	}
	/* The last CPU the range names, not B itself: 0-7/4 is 0 and 4. */
	r->last -= (r->last - r->first) % r->step;
	return 0;
}

/*
 * One group: a domain, or DOMAIN*COUNT[@STRIDE], COUNT domains each the
 * previous one shifted by STRIDE CPUs (default: the domain's span, from
 * its lowest to its highest CPU, so that 0-1*4 is 0-1,2-3,4-5,6-7).
 * Checks the syntax, and that the last copy stays below PIDLE_MAX_CPUS,
 * before any copy is made: @tmpl is then known good.
 */
struct pidle_group {
	struct pidle_tok tmpl;
	unsigned int count, stride, first, last;
};

static int pidle_group_parse(struct pidle_tok dom, const char *level,
			     unsigned int d, struct pidle_group *g,
			     struct pidle_err *err)
{
	struct pidle_tok rest, part, cnt;
	struct pidle_range r;
	bool have_stride;
	u64 top;
	int ret;

	pidle_tok_next(&dom, '*', &g->tmpl);
	rest = dom;
	if (!g->tmpl.len)
		return pidle_err(err, "topology", "level %s: domain %u is empty",
				 level, d);
	g->first = PIDLE_MAX_CPUS;
	g->last = 0;
	dom = g->tmpl;
	while (pidle_tok_next(&dom, '+', &part)) {
		ret = pidle_range_parse(part, level, d, &r, err);
		if (ret)
			return ret;
		g->first = min(g->first, r.first);
		g->last = max(g->last, r.last);
	}
	g->count = 1;
	g->stride = g->last - g->first + 1;
	if (!rest.s)
		return 0;

	pidle_tok_next(&rest, '@', &cnt);
	have_stride = rest.s;
	ret = pidle_num_parse(&cnt, level, "count", PIDLE_MAX_CPUS, &g->count,
			      err);
	if (ret)
		return ret;
	if (!g->count)
		return pidle_err(err, "topology", "level %s: domain %u: count 0",
				 level, d);
	if (have_stride) {
		ret = pidle_num_parse(&rest, level, "stride", PIDLE_MAX_CPUS - 1,
				      &g->stride, err);
		if (ret)
			return ret;
	}
	/* Each factor is below 2^14: no overflow in 64 bits. */
	top = g->last + (u64)(g->count - 1) * g->stride;
	if (top >= PIDLE_MAX_CPUS)
		return pidle_err(err, "topology", "level %s: domain %u: %u copies %u CPUs apart reach CPU %llu, beyond the largest CPU number (8191)",
				 level, d, g->count, g->stride, top);
	return 0;
}

/* Record copy @copy of group @g as domain @d in @map. */
static int pidle_group_map(const struct pidle_group *g, unsigned int copy,
			   const char *level, unsigned int d,
			   unsigned int *map, unsigned int nr_cpus,
			   struct pidle_err *err)
{
	unsigned int off = copy * g->stride, cpu;
	struct pidle_tok dom = g->tmpl, part;
	struct pidle_range r;
	int ret;

	while (pidle_tok_next(&dom, '+', &part)) {
		ret = pidle_range_parse(part, level, d, &r, err);
		if (ret)
			return ret;
		for (cpu = r.first + off; cpu <= r.last + off; cpu += r.step) {
			if (cpu >= nr_cpus)
				return pidle_err(err, "topology", "level %s: domain %u: CPU %u is out of range (%u CPUs)",
						 level, d, cpu, nr_cpus);
			if (map[cpu] != PIDLE_NO_DOMAIN)
				return pidle_err(err, "topology", "level %s: CPU %u is in two domains (%u and %u)",
						 level, cpu, map[cpu], d);
			map[cpu] = d;
		}
	}
	return 0;
}

/*
 * Walk one level's domain list. With @map NULL only find the largest CPU
 * named; otherwise record each CPU's (parse-order) domain in @map.
 */
static int pidle_level_walk(struct pidle_tok doms, const char *level,
			    unsigned int *map, unsigned int nr_cpus,
			    unsigned int *max_cpu, unsigned int *nr_domains,
			    struct pidle_err *err)
{
	struct pidle_tok dom;
	struct pidle_group g;
	unsigned int d = 0, i;
	int ret;

	*max_cpu = 0;
	while (pidle_tok_next(&doms, ',', &dom)) {
		ret = pidle_group_parse(dom, level, d, &g, err);
		if (ret)
			return ret;
		/* Domains are disjoint and non-empty: at most one per CPU. */
		if (g.count > PIDLE_MAX_CPUS - d)
			return pidle_err(err, "topology", "level %s: more than %u domains",
					 level, PIDLE_MAX_CPUS);
		*max_cpu = max(*max_cpu, g.last + (g.count - 1) * g.stride);
		for (i = 0; map && i < g.count; i++) {
			ret = pidle_group_map(&g, i, level, d + i, map, nr_cpus,
					      err);
			if (ret)
				return ret;
		}
		d += g.count;
	}
	*nr_domains = d;
	return 0;
}

/* Renumber domains by lowest CPU, and check that every CPU is covered. */
static int pidle_level_normalize(struct pidle_topo_level *lvl,
				 unsigned int nr_cpus, unsigned int *scratch,
				 struct pidle_err *err)
{
	unsigned int cpu, next = 0;

	for (cpu = 0; cpu < lvl->nr_domains; cpu++)
		scratch[cpu] = PIDLE_NO_DOMAIN;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		unsigned int d = lvl->domain_of_cpu[cpu];

		if (d == PIDLE_NO_DOMAIN)
			return pidle_err(err, "topology", "level %s: CPU %u is in no domain",
					 lvl->name, cpu);
		if (scratch[d] == PIDLE_NO_DOMAIN)
			scratch[d] = next++;
		lvl->domain_of_cpu[cpu] = scratch[d];
	}
	return 0;
}

/* Each domain of @inner must sit inside one domain of @outer. */
static int pidle_level_check_nesting(const struct pidle_topo_level *inner,
				     const struct pidle_topo_level *outer,
				     unsigned int nr_cpus,
				     unsigned int *parent,
				     struct pidle_err *err)
{
	unsigned int cpu, d;

	for (d = 0; d < inner->nr_domains; d++)
		parent[d] = PIDLE_NO_DOMAIN;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		d = inner->domain_of_cpu[cpu];
		if (parent[d] == PIDLE_NO_DOMAIN)
			parent[d] = outer->domain_of_cpu[cpu];
		else if (parent[d] != outer->domain_of_cpu[cpu])
			return pidle_err(err, "topology", "level %s: domain %u is split across %s domains %u and %u (at CPU %u): levels must nest",
					 inner->name, d, outer->name, parent[d],
					 outer->domain_of_cpu[cpu], cpu);
	}
	return 0;
}

static int pidle_level_check_size(const struct pidle_topo_level *lvl,
				  unsigned int nr_cpus, unsigned int *count,
				  struct pidle_err *err)
{
	unsigned int cpu, d;

	for (d = 0; d < lvl->nr_domains; d++)
		count[d] = 0;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		d = lvl->domain_of_cpu[cpu];
		if (++count[d] > PIDLE_MAX_DOMAIN_CPUS)
			return pidle_err(err, "topology", "level %s: domain %u has more than %u CPUs",
					 lvl->name, d, PIDLE_MAX_DOMAIN_CPUS);
	}
	return 0;
}

static int pidle_level_header(struct pidle_tok *lvl_tok, unsigned int idx,
			      struct pidle_topology *topo,
			      struct pidle_err *err)
{
	struct pidle_tok name;
	const char *why;
	unsigned int i;
	char q[32];

	if (!lvl_tok->len)
		return pidle_err(err, "topology", "level %u is empty", idx + 1);
	pidle_tok_next(lvl_tok, '=', &name);
	pidle_tok_quote(&name, q, sizeof(q));
	if (!lvl_tok->s)
		return pidle_err(err, "topology", "level \"%s\": missing '=' (want LEVEL=CPUS,CPUS;...)",
				 q);
	why = pidle_tok_name_invalid(&name);
	if (why)
		return pidle_err(err, "topology", "level name \"%s\": %s", q, why);
	if (pidle_tok_eq(&name, PIDLE_LEVEL_CPU))
		return pidle_err(err, "topology", "level name \"cpu\" is reserved for per-CPU states");
	for (i = 0; i < idx; i++)
		if (pidle_tok_eq(&name, topo->level[i].name))
			return pidle_err(err, "topology", "level \"%s\" given twice", q);
	memcpy(topo->level[idx].name, name.s, name.len);
	topo->level[idx].name[name.len] = '\0';
	return 0;
}

static bool pidle_topology_is_flat(const struct pidle_tok *tok)
{
	return !tok->len || pidle_tok_eq(tok, "none");
}

int pidle_topology_parse(const char *str, unsigned int nr_cpus,
			 struct pidle_topology *out, struct pidle_err *err)
{
	struct pidle_tok all = pidle_tok_trim(str), rest, lvl, name;
	struct pidle_topology topo;
	unsigned int i, max_cpu, n, *scratch = NULL;
	int ret;

	memset(&topo, 0, sizeof(topo));
	if (nr_cpus > PIDLE_MAX_CPUS)
		return pidle_err(err, "topology", "%u CPUs: more than %u",
				 nr_cpus, PIDLE_MAX_CPUS);

	/* Pass 1: level names, syntax, and the CPU count. */
	rest = all;
	n = 0;
	if (!pidle_topology_is_flat(&all)) {
		while (pidle_tok_next(&rest, ';', &lvl)) {
			if (n == PIDLE_MAX_LEVELS)
				return pidle_err(err, "topology", "more than %d levels",
						 PIDLE_MAX_LEVELS);
			ret = pidle_level_header(&lvl, n, &topo, err);
			if (ret)
				return ret;
			ret = pidle_level_walk(lvl, topo.level[n].name, NULL, 0,
					       &max_cpu, &topo.level[n].nr_domains,
					       err);
			if (ret)
				return ret;
			if (!nr_cpus && max_cpu + 1 > topo.nr_cpus)
				topo.nr_cpus = max_cpu + 1;
			n++;
		}
	}
	if (nr_cpus)
		topo.nr_cpus = nr_cpus;
	if (!topo.nr_cpus)
		return pidle_err(err, "topology", "flat, and no CPU count to go with it");

	/* Pass 2: the maps. */
	scratch = kcalloc(topo.nr_cpus, sizeof(*scratch), GFP_KERNEL);
	if (!scratch)
		return -ENOMEM;
	rest = all;
	for (i = 0; i < n; i++) {
		struct pidle_topo_level *l = &topo.level[i];
		unsigned int cpu;

		pidle_tok_next(&rest, ';', &lvl);
		pidle_tok_next(&lvl, '=', &name);	/* checked in pass 1 */
		l->domain_of_cpu = kcalloc(topo.nr_cpus, sizeof(unsigned int),
					   GFP_KERNEL);
		if (!l->domain_of_cpu) {
			ret = -ENOMEM;
			goto fail;
		}
		topo.nr_levels = i + 1;
		for (cpu = 0; cpu < topo.nr_cpus; cpu++)
			l->domain_of_cpu[cpu] = PIDLE_NO_DOMAIN;
		ret = pidle_level_walk(lvl, l->name, l->domain_of_cpu,
				       topo.nr_cpus, &max_cpu, &l->nr_domains,
				       err);
		if (ret)
			goto fail;
		/* More domains than CPUs cannot all be non-empty. */
		if (l->nr_domains > topo.nr_cpus) {
			ret = pidle_err(err, "topology", "level %s: %u domains for %u CPUs",
					l->name, l->nr_domains, topo.nr_cpus);
			goto fail;
		}
		ret = pidle_level_normalize(l, topo.nr_cpus, scratch, err);
		if (ret)
			goto fail;
		ret = pidle_level_check_size(l, topo.nr_cpus, scratch, err);
		if (ret)
			goto fail;
		if (i) {
			ret = pidle_level_check_nesting(&topo.level[i - 1], l,
							topo.nr_cpus, scratch,
							err);
			if (ret)
				goto fail;
		}
	}
	kfree(scratch);
	*out = topo;
	return 0;

fail:
	kfree(scratch);
	pidle_topology_free(&topo);
	return ret;
}

/* Append @n characters of @item and its NUL, or -ENOSPC if they do not fit. */
static int pidle_buf_append(char *buf, size_t size, size_t *len,
			    const char *item, int n)
{
	if (*len + n >= size)
		return -ENOSPC;
	memcpy(buf + *len, item, n + 1);
	*len += n;
	return 0;
}

/*
 * Append one domain's CPUs after @sep, as ranges joined by '+': runs of
 * neighbours as A-B; with @compact, also a run of three or more CPUs an
 * equal step apart as one range A-B/STEP. Each range is formatted on its
 * own first, so a string that fits exactly is told apart from one that
 * does not (scnprintf() stops short of the end in both cases).
 */
static int pidle_domain_print(const unsigned int *next, unsigned int first,
			      bool compact, const char *sep, char *buf,
			      size_t size, size_t *len)
{
	unsigned int cpu = first, start, step, n_cpus;
	char item[40];
	int n, ret;

	while (cpu != PIDLE_NO_DOMAIN) {
		start = cpu;
		n_cpus = 1;
		step = next[cpu] != PIDLE_NO_DOMAIN ? next[cpu] - cpu : 0;
		if (!compact && step != 1)
			step = 0;
		while (step && next[cpu] != PIDLE_NO_DOMAIN &&
		       next[cpu] - cpu == step) {
			cpu = next[cpu];
			n_cpus++;
		}
		if (n_cpus == 1 || (n_cpus == 2 && step != 1)) {
			/* Too short to be worth a range: the first alone. */
			cpu = start;
			n = scnprintf(item, sizeof(item), "%s%u", sep, start);
		} else if (step == 1) {
			n = scnprintf(item, sizeof(item), "%s%u-%u", sep, start,
				      cpu);
		} else {
			n = scnprintf(item, sizeof(item), "%s%u-%u/%u", sep,
				      start, cpu, step);
		}
		ret = pidle_buf_append(buf, size, len, item, n);
		if (ret)
			return ret;
		sep = "+";
		cpu = next[cpu];
	}
	return 0;
}

/*
 * How far domain @b is from domain @a (both given by their first CPU) when
 * it is @a shifted by that many CPUs, else 0. Domains are numbered by
 * lowest CPU, so a shift between two domains in order is positive.
 */
static unsigned int pidle_domain_shift(const unsigned int *next,
				       unsigned int a, unsigned int b)
{
	unsigned int shift = b - a;

	for (; a != PIDLE_NO_DOMAIN && b != PIDLE_NO_DOMAIN;
	     a = next[a], b = next[b])
		if (b - a != shift)
			return 0;
	return a == b ? shift : 0;	/* both ended */
}

/*
 * One level in the compact form: runs of domains each the previous one
 * shifted by the same number of CPUs become DOMAIN*COUNT[@STRIDE].
 */
static int pidle_level_print_compact(const struct pidle_topo_level *l,
				     const unsigned int *next,
				     const unsigned int *first,
				     char *buf, size_t size, size_t *len)
{
	unsigned int d = 0, count, stride, span, cpu;
	char item[40];
	int n, ret;

	while (d < l->nr_domains) {
		count = 1;
		stride = d + 1 < l->nr_domains ?
			 pidle_domain_shift(next, first[d], first[d + 1]) : 0;
		while (stride && d + count < l->nr_domains &&
		       pidle_domain_shift(next, first[d + count - 1],
					  first[d + count]) == stride)
			count++;
		ret = pidle_domain_print(next, first[d], true, d ? "," : "",
					 buf, size, len);
		if (ret)
			return ret;
		if (count > 1) {
			for (cpu = first[d]; next[cpu] != PIDLE_NO_DOMAIN;)
				cpu = next[cpu];
			span = cpu - first[d] + 1;
			if (stride == span)
				n = scnprintf(item, sizeof(item), "*%u", count);
			else
				n = scnprintf(item, sizeof(item), "*%u@%u",
					      count, stride);
			ret = pidle_buf_append(buf, size, len, item, n);
			if (ret)
				return ret;
		}
		d += count;
	}
	return 0;
}

static int pidle_topology_print_form(const struct pidle_topology *topo,
				     bool compact, char *buf, size_t size)
{
	unsigned int *next, *last, i, cpu, d;
	size_t len = 0;
	int ret = 0;

	if (!size)
		return -ENOSPC;
	buf[0] = '\0';
	if (!topo->nr_levels) {
		ret = pidle_buf_append(buf, size, &len, "none", 4);
		return ret ? ret : 4;
	}

	/* next[cpu]: the next CPU of the same domain, so printing is O(n). */
	next = kcalloc(topo->nr_cpus, sizeof(*next), GFP_KERNEL);
	last = kcalloc(topo->nr_cpus, sizeof(*last), GFP_KERNEL);
	if (!next || !last) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < topo->nr_levels; i++) {
		const struct pidle_topo_level *l = &topo->level[i];
		char item[PIDLE_NAME_LEN + 2];
		int n;

		for (d = 0; d < l->nr_domains; d++)
			last[d] = PIDLE_NO_DOMAIN;
		for (cpu = topo->nr_cpus; cpu-- > 0;) {
			d = l->domain_of_cpu[cpu];
			next[cpu] = last[d];
			last[d] = cpu;
		}
		n = scnprintf(item, sizeof(item), "%s%s=", i ? ";" : "",
			      l->name);
		ret = pidle_buf_append(buf, size, &len, item, n);
		if (ret)
			goto out;
		/* Domains are numbered by lowest CPU: last[d] is its first. */
		if (compact) {
			ret = pidle_level_print_compact(l, next, last, buf,
							size, &len);
			if (ret)
				goto out;
			continue;
		}
		for (d = 0; d < l->nr_domains; d++) {
			ret = pidle_domain_print(next, last[d], false,
						 d ? "," : "", buf, size,
						 &len);
			if (ret)
				goto out;
		}
	}
	ret = len;
out:
	kfree(last);
	kfree(next);
	return ret;
}

int pidle_topology_print(const struct pidle_topology *topo, char *buf,
			 size_t size)
{
	return pidle_topology_print_form(topo, false, buf, size);
}

int pidle_topology_print_compact(const struct pidle_topology *topo,
				 char *buf, size_t size)
{
	return pidle_topology_print_form(topo, true, buf, size);
}

int pidle_topology_show(const struct pidle_topology *topo, char *buf,
			size_t size)
{
	int ret = pidle_topology_print(topo, buf, size);

	return ret == -ENOSPC ? pidle_topology_print_compact(topo, buf, size) :
				ret;
}
