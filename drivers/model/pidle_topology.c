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

/*
 * Walk one level's domain list. With @map NULL only find the largest CPU
 * named; otherwise record each CPU's (parse-order) domain in @map.
 */
static int pidle_level_walk(struct pidle_tok doms, const char *level,
			    unsigned int *map, unsigned int nr_cpus,
			    unsigned int *max_cpu, unsigned int *nr_domains,
			    struct pidle_err *err)
{
	struct pidle_tok dom, part, lo, hi;
	unsigned int d = 0, a, b, cpu;
	int ret;

	*max_cpu = 0;
	while (pidle_tok_next(&doms, ',', &dom)) {
		if (!dom.len)
			return pidle_err(err, "topology", "level %s: domain %u is empty",
					 level, d);
		while (pidle_tok_next(&dom, '+', &part)) {
			hi = part;
			pidle_tok_next(&hi, '-', &lo);
			ret = pidle_cpu_parse(&lo, level, &a, err);
			if (ret)
				return ret;
			b = a;
			if (hi.s) {
				ret = pidle_cpu_parse(&hi, level, &b, err);
				if (ret)
					return ret;
				if (b < a)
					return pidle_err(err, "topology", "level %s: domain %u: range %u-%u goes backwards",
							 level, d, a, b);
			}
			*max_cpu = max(*max_cpu, b);
			if (!map)
				continue;
			/* Name the first CPU that is missing, not the last. */
			if (b >= nr_cpus)
				return pidle_err(err, "topology", "level %s: domain %u: CPU %u is out of range (%u CPUs)",
						 level, d, max(a, nr_cpus), nr_cpus);
			for (cpu = a; cpu <= b; cpu++) {
				if (map[cpu] != PIDLE_NO_DOMAIN)
					return pidle_err(err, "topology", "level %s: CPU %u is in two domains (%u and %u)",
							 level, cpu, map[cpu], d);
				map[cpu] = d;
			}
		}
		d++;
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
 * Append one domain's CPUs after @sep, as ranges joined by '+'. Each range
 * is formatted on its own first, so a string that fits exactly is told
 * apart from one that does not (scnprintf() stops short of the end in
 * both cases).
 */
static int pidle_domain_print(const unsigned int *next, unsigned int first,
			      const char *sep, char *buf, size_t size,
			      size_t *len)
{
	unsigned int cpu = first, start;
	char item[24];
	int n, ret;

	while (cpu != PIDLE_NO_DOMAIN) {
		start = cpu;
		while (next[cpu] == cpu + 1)
			cpu++;
		if (start == cpu)
			n = scnprintf(item, sizeof(item), "%s%u", sep, start);
		else
			n = scnprintf(item, sizeof(item), "%s%u-%u", sep, start,
				      cpu);
		ret = pidle_buf_append(buf, size, len, item, n);
		if (ret)
			return ret;
		sep = "+";
		cpu = next[cpu];
	}
	return 0;
}

int pidle_topology_print(const struct pidle_topology *topo, char *buf,
			 size_t size)
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
		for (d = 0; d < l->nr_domains; d++) {
			ret = pidle_domain_print(next, last[d], d ? "," : "",
						 buf, size, &len);
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
