// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: topology=auto. Writes the kernel's own topology as a
 * topology= string, so that auto and an explicit description go through
 * the one parser and the one domain-tree builder of the model core.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/topology.h>
#include <pidle/limits.h>
#include "pidle_compat.h"
#include "pidle_drv.h"

typedef const struct cpumask *(*pidle_mask_fn)(unsigned int cpu);

static const struct cpumask *pidle_core_mask(unsigned int cpu)
{
	return topology_sibling_cpumask(cpu);
}

static const struct cpumask *pidle_cluster_mask(unsigned int cpu)
{
	return pidle_cluster_cpumask(cpu);
}

static const struct cpumask *pidle_die_mask(unsigned int cpu)
{
	return topology_die_cpumask(cpu);
}

static const struct cpumask *pidle_package_mask(unsigned int cpu)
{
	return topology_core_cpumask(cpu);
}

static const struct {
	const char *name;
	pidle_mask_fn mask;
} pidle_auto_levels[] = {
	{ "core",	pidle_core_mask },
	{ "cluster",	pidle_cluster_mask },
	{ "die",	pidle_die_mask },
	{ "package",	pidle_package_mask },
};

/*
 * Room for one level's domain list, whatever the partition: each CPU costs
 * at most its number and one separator ("+N" or ",N"; a range "A-B"
 * covers two CPUs or more for at most that much each).
 */
static size_t pidle_level_size(void)
{
	unsigned int digits = 1, n;

	for (n = nr_cpu_ids - 1; n >= 10; n /= 10)
		digits++;
	return (size_t)nr_cpu_ids * (digits + 1) + 1;
}

/*
 * One level's domains, "A-B+C,D-E": each CPU's mask, restricted to the
 * possible CPUs; a CPU its mask does not contain (an offline CPU whose
 * masks were cleared) is a domain of its own. -ENOSPC would mean
 * pidle_level_size() is wrong, not that the machine is too large.
 */
static int pidle_level_string(pidle_mask_fn fn, char *buf, size_t size)
{
	cpumask_var_t done, dom;
	unsigned int cpu, c, start;
	size_t n = 0;
	int ret = -ENOMEM;

	if (!zalloc_cpumask_var(&done, GFP_KERNEL))
		return ret;
	if (!zalloc_cpumask_var(&dom, GFP_KERNEL))
		goto free_done;
	for_each_possible_cpu(cpu) {
		bool first = true;

		if (cpumask_test_cpu(cpu, done))
			continue;
		cpumask_and(dom, fn(cpu), cpu_possible_mask);
		cpumask_andnot(dom, dom, done);
		if (!cpumask_test_cpu(cpu, dom)) {
			cpumask_clear(dom);
			cpumask_set_cpu(cpu, dom);
		}
		cpumask_or(done, done, dom);
		if (n)
			n += scnprintf(buf + n, size - n, ",");
		for_each_cpu(c, dom) {
			start = c;
			while (c + 1 < nr_cpu_ids && cpumask_test_cpu(c + 1, dom))
				c++;
			n += scnprintf(buf + n, size - n, "%s%u", first ? "" : "+",
				       start);
			if (c != start)
				n += scnprintf(buf + n, size - n, "-%u", c);
			first = false;
			/* for_each_cpu() continues after c. */
		}
	}
	ret = n + 1 < size ? 0 : -ENOSPC;
	free_cpumask_var(dom);
free_done:
	free_cpumask_var(done);
	return ret;
}

/*
 * core and package always; cluster and die only where they differ from
 * the level kept below them and from the package. The string has no
 * length limit: it is sized for nr_cpu_ids (about 200 KB at 8192 CPUs,
 * hence kvmalloc), and only the parser reads it.
 *
 * The masks are read under cpus_read_lock(): a CPU going on- or offline
 * meanwhile would change some levels' masks and not yet others', and the
 * levels read would not nest. The lock is dropped before the parse, which
 * checks the nesting anyway; a hotplug after it is the hotplug callbacks'
 * business, as for an explicit description.
 *
 * Returns the string (kvfree() it) or an ERR_PTR: -ENOMEM, or -ENOSPC
 * should a level not fit its buffer (a bug: logged).
 */
char *pidle_topology_auto(void)
{
	const unsigned int nr = ARRAY_SIZE(pidle_auto_levels);
	size_t lsize = pidle_level_size(), size, n = 0;
	unsigned int i, last = nr - 1;
	const char *prev = NULL;
	char *out, *lvl;
	int ret = 0;

	/* One buffer: the levels, then the result (names and ";" added). */
	size = nr * (lsize + PIDLE_NAME_LEN + 2);
	lvl = kvzalloc(nr * lsize + size, GFP_KERNEL);
	if (!lvl)
		return ERR_PTR(-ENOMEM);
	out = lvl + nr * lsize;

	cpus_read_lock();
	for (i = 0; i < nr && !ret; i++) {
		ret = pidle_level_string(pidle_auto_levels[i].mask,
					 lvl + i * lsize, lsize);
		pidle_fault_auto_level();	/* the test build's window */
	}
	cpus_read_unlock();
	if (ret) {
		if (ret == -ENOSPC)
			pr_err("topology=auto: level %s does not fit in %zu bytes for %u CPUs\n",
			       pidle_auto_levels[i - 1].name, lsize, nr_cpu_ids);
		kvfree(lvl);
		return ERR_PTR(ret);
	}

	for (i = 0; i < nr; i++) {
		const char *l = lvl + i * lsize;

		if (i != 0 && i != last &&
		    (!strcmp(l, prev) || !strcmp(l, lvl + last * lsize)))
			continue;
		n += scnprintf(out + n, size - n, "%s%s=%s", n ? ";" : "",
			       pidle_auto_levels[i].name, l);
		prev = l;
	}
	/* The result lives inside the one allocation: move it to the front. */
	memmove(lvl, out, n + 1);
	return lvl;
}
