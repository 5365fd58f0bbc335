// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: topology=auto. Writes the kernel's own topology as a
 * topology= string, so that auto and an explicit description go through
 * the one parser and the one domain-tree builder of the model core.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
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
 * One level's domains, "A-B+C,D-E": each CPU's mask, restricted to the
 * possible CPUs; a CPU its mask does not contain (an offline CPU whose
 * masks were cleared) is a domain of its own.
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
 * the level kept below them and from the package.
 */
char *pidle_topology_auto(void)
{
	char *out, *lvl[ARRAY_SIZE(pidle_auto_levels)];
	const char *prev = NULL;
	unsigned int i, last = ARRAY_SIZE(pidle_auto_levels) - 1;
	size_t n = 0;

	out = kzalloc(PIDLE_PARAM_LEN, GFP_KERNEL);
	if (!out)
		return NULL;
	for (i = 0; i <= last; i++) {
		lvl[i] = kzalloc(PIDLE_PARAM_LEN, GFP_KERNEL);
		if (!lvl[i] || pidle_level_string(pidle_auto_levels[i].mask,
						  lvl[i], PIDLE_PARAM_LEN)) {
			kfree(out);
			out = NULL;
			last = i;
			goto free;
		}
	}
	for (i = 0; i <= last; i++) {
		if (i != 0 && i != last &&
		    (!strcmp(lvl[i], prev) || !strcmp(lvl[i], lvl[last])))
			continue;
		n += scnprintf(out + n, PIDLE_PARAM_LEN - n, "%s%s=%s",
			       n ? ";" : "", pidle_auto_levels[i].name, lvl[i]);
		prev = lvl[i];
	}
free:
	for (i = 0; i <= last; i++)
		kfree(lvl[i]);
	return out;
}
