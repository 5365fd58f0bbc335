// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: /sys/kernel/pseudo_cpuidle, the model's counters, one
 * value per file (layout: Documentation/admin-guide.rst, "Sysfs").
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/kobject.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include "pidle_drv.h"

enum pidle_node_kind {
	PIDLE_NODE_CPU,		/* cpuN/ */
	PIDLE_NODE_CPU_STATE,	/* cpuN/stateK/ */
	PIDLE_NODE_DOMAINS,	/* domains/ */
	PIDLE_NODE_DOMAIN,	/* domains/LEVELI/ */
	PIDLE_NODE_DOMAIN_STATE, /* domains/LEVELI/stateK/ */
};

struct pidle_node {
	struct kobject kobj;
	enum pidle_node_kind kind;
	unsigned int level;	/* domains: 1 .. nr_levels */
	unsigned int idx;	/* CPU or domain index */
	unsigned int state;
};

static struct kobject *pidle_root;
/* Every node, in creation order; removed in reverse. */
static struct pidle_node **pidle_nodes;
static unsigned int pidle_nr_nodes, pidle_max_nodes;

#define to_node(k) container_of(k, struct pidle_node, kobj)

static void pidle_node_release(struct kobject *kobj)
{
	kfree(to_node(kobj));
}

static int pidle_parse_reset(const char *buf)
{
	bool one;

	if (kstrtobool(buf, &one) || !one) {
		pr_err("reset: write 1 to reset the counters, not \"%.8s\"\n", buf);
		return -EINVAL;
	}
	return 0;
}

/*
 * One show function per attribute, generated for the counters from the
 * lists of <pidle/model.h>, as drivers/cpuidle/sysfs.c does for its
 * states: pidle_cpu_state_show_NAME and pidle_domain_state_show_NAME.
 */
static ssize_t pidle_state_name_show(struct kobject *kobj,
				     struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n",
			  pidle_model_state(pidle_cfg.model, to_node(kobj)->state)->name);
}
static struct kobj_attribute pidle_attr_name = __ATTR(name, 0444, pidle_state_name_show, NULL);

static void pidle_node_cpu_stats(const struct pidle_node *n,
				 struct pidle_cpu_stats *cs)
{
	pidle_cpu_stats_read(pidle_cfg.model, n->idx, n->state, cs);
}

/* The domain's counters, its residency up to now (a down period going on). */
static void pidle_node_domain_stats(const struct pidle_node *n,
				    struct pidle_domain_stats *ds)
{
	struct pidle_model *m = pidle_cfg.model;

	pidle_domain_stats_read(m, n->level, n->idx, n->state, ds);
	ds->residency_ns = pidle_domain_residency_ns(m, n->level, n->idx,
						     n->state, ktime_get_ns());
}

#define define_show_counter(_kind, _stats, _read, _name)			\
static ssize_t pidle_##_kind##_show_##_name(struct kobject *kobj,		\
					    struct kobj_attribute *attr,	\
					    char *buf)				\
{										\
	struct _stats st;							\
										\
	_read(to_node(kobj), &st);						\
	return sysfs_emit(buf, "%llu\n", (unsigned long long)st._name);	\
}										\
static struct kobj_attribute pidle_##_kind##_attr_##_name =			\
	__ATTR(_name, 0444, pidle_##_kind##_show_##_name, NULL);

#define define_cpu_state_counter(_name) \
	define_show_counter(cpu_state, pidle_cpu_stats, pidle_node_cpu_stats, _name)
#define define_domain_state_counter(_name) \
	define_show_counter(domain_state, pidle_domain_stats, pidle_node_domain_stats, _name)
PIDLE_CPU_COUNTERS(define_cpu_state_counter)
PIDLE_DOMAIN_COUNTERS(define_domain_state_counter)

#define cpu_state_attr(_name) &pidle_cpu_state_attr_##_name.attr,
#define domain_state_attr(_name) &pidle_domain_state_attr_##_name.attr,

static struct attribute *pidle_cpu_state_attrs[] = {
	&pidle_attr_name.attr,
	PIDLE_CPU_COUNTERS(cpu_state_attr)
	NULL,
};
ATTRIBUTE_GROUPS(pidle_cpu_state);

static struct attribute *pidle_domain_state_attrs[] = {
	&pidle_attr_name.attr,
	PIDLE_DOMAIN_COUNTERS(domain_state_attr)
	NULL,
};
ATTRIBUTE_GROUPS(pidle_domain_state);

/* cpuN/reset and domains/LEVELI/reset. */
static ssize_t pidle_node_reset_store(struct kobject *kobj,
				      struct kobj_attribute *attr,
				      const char *buf, size_t count)
{
	struct pidle_node *n = to_node(kobj);
	int ret = pidle_parse_reset(buf);

	if (ret)
		return ret;
	if (n->kind == PIDLE_NODE_CPU)
		pidle_cpu_stats_reset(pidle_cfg.model, n->idx);
	else
		pidle_domain_stats_reset(pidle_cfg.model, n->level, n->idx);
	return count;
}

static struct kobj_attribute pidle_attr_node_reset =
	__ATTR(reset, 0200, NULL, pidle_node_reset_store);

static struct attribute *pidle_cpu_attrs[] = {
	&pidle_attr_node_reset.attr, NULL,
};
ATTRIBUTE_GROUPS(pidle_cpu);

/* domains/LEVELI/: cpus (a CPU list), level (its name), down (state or -1). */
static ssize_t pidle_domain_cpus_show(struct kobject *kobj,
				      struct kobj_attribute *attr, char *buf)
{
	struct pidle_node *n = to_node(kobj);
	struct pidle_model *m = pidle_cfg.model;
	cpumask_var_t mask;
	unsigned int cpu;
	ssize_t len;

	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	for (cpu = 0; cpu < pidle_model_nr_cpus(m); cpu++)
		if (pidle_model_domain_of(m, n->level, cpu) == n->idx)
			cpumask_set_cpu(cpu, mask);
	len = sysfs_emit(buf, "%*pbl\n", cpumask_pr_args(mask));
	free_cpumask_var(mask);
	return len;
}

static ssize_t pidle_domain_level_show(struct kobject *kobj,
				       struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n",
			  pidle_model_level_name(pidle_cfg.model, to_node(kobj)->level));
}

static ssize_t pidle_domain_down_show(struct kobject *kobj,
				      struct kobj_attribute *attr, char *buf)
{
	struct pidle_node *n = to_node(kobj);
	unsigned int state;

	if (pidle_model_domain_down(pidle_cfg.model, n->level, n->idx, &state))
		return sysfs_emit(buf, "%u\n", state);
	return sysfs_emit(buf, "-1\n");
}

static struct kobj_attribute pidle_attr_cpus = __ATTR(cpus, 0444, pidle_domain_cpus_show, NULL);
static struct kobj_attribute pidle_attr_level = __ATTR(level, 0444, pidle_domain_level_show, NULL);
static struct kobj_attribute pidle_attr_down = __ATTR(down, 0444, pidle_domain_down_show, NULL);

static struct attribute *pidle_domain_attrs[] = {
	&pidle_attr_cpus.attr, &pidle_attr_level.attr, &pidle_attr_down.attr,
	&pidle_attr_node_reset.attr, NULL,
};
ATTRIBUTE_GROUPS(pidle_domain);

static struct kobj_type pidle_ktype[] = {
	[PIDLE_NODE_CPU] = { .release = pidle_node_release,
		.sysfs_ops = &kobj_sysfs_ops, .default_groups = pidle_cpu_groups },
	[PIDLE_NODE_CPU_STATE] = { .release = pidle_node_release,
		.sysfs_ops = &kobj_sysfs_ops, .default_groups = pidle_cpu_state_groups },
	[PIDLE_NODE_DOMAINS] = { .release = pidle_node_release,
		.sysfs_ops = &kobj_sysfs_ops },
	[PIDLE_NODE_DOMAIN] = { .release = pidle_node_release,
		.sysfs_ops = &kobj_sysfs_ops, .default_groups = pidle_domain_groups },
	[PIDLE_NODE_DOMAIN_STATE] = { .release = pidle_node_release,
		.sysfs_ops = &kobj_sysfs_ops, .default_groups = pidle_domain_state_groups },
};

static struct pidle_node *pidle_node_add(enum pidle_node_kind kind,
					 struct kobject *parent,
					 unsigned int level, unsigned int idx,
					 unsigned int state, const char *fmt,
					 const char *arg1, unsigned int arg2)
{
	struct pidle_node *n;
	int ret;

	if (WARN_ON_ONCE(pidle_nr_nodes == pidle_max_nodes))
		return NULL;
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n)
		return NULL;
	n->kind = kind;
	n->level = level;
	n->idx = idx;
	n->state = state;
	ret = arg1 ? kobject_init_and_add(&n->kobj, &pidle_ktype[kind], parent,
					  fmt, arg1, arg2)
		   : kobject_init_and_add(&n->kobj, &pidle_ktype[kind], parent,
					  fmt, arg2);
	if (ret) {
		kobject_put(&n->kobj);
		return NULL;
	}
	pidle_nodes[pidle_nr_nodes++] = n;
	return n;
}

/* Root files: topology (the description in force) and reset. */
static ssize_t pidle_topology_show(struct kobject *kobj,
				   struct kobj_attribute *attr, char *buf)
{
	int len = pidle_topology_print(&pidle_cfg.topo, buf, PAGE_SIZE - 1);

	if (len < 0)
		return len;
	buf[len++] = '\n';
	return len;
}

static ssize_t pidle_reset_store(struct kobject *kobj,
				 struct kobj_attribute *attr, const char *buf,
				 size_t count)
{
	int ret = pidle_parse_reset(buf);

	if (ret)
		return ret;
	pidle_stats_reset(pidle_cfg.model);
	return count;
}

static struct kobj_attribute pidle_attr_topology =
	__ATTR(topology, 0444, pidle_topology_show, NULL);
static struct kobj_attribute pidle_attr_reset =
	__ATTR(reset, 0200, NULL, pidle_reset_store);

static struct attribute *pidle_root_attrs[] = {
	&pidle_attr_topology.attr, &pidle_attr_reset.attr, NULL,
};
static const struct attribute_group pidle_root_group = {
	.attrs = pidle_root_attrs,
};

void pidle_sysfs_exit(void)
{
	while (pidle_nr_nodes)
		kobject_put(&pidle_nodes[--pidle_nr_nodes]->kobj);
	kfree(pidle_nodes);
	pidle_nodes = NULL;
	if (pidle_root) {
		sysfs_remove_group(pidle_root, &pidle_root_group);
		kobject_put(pidle_root);
		pidle_root = NULL;
	}
}

int pidle_sysfs_init(void)
{
	struct pidle_model *m = pidle_cfg.model;
	unsigned int nr_cpus = pidle_model_nr_cpus(m);
	unsigned int nr_states = pidle_model_nr_states(m);
	unsigned int cpu, s, l, d, total;
	struct pidle_node *n, *dn, *domains;

	total = nr_cpus * (1 + nr_states) + 1;
	for (l = 1; l <= pidle_model_nr_levels(m); l++)
		total += pidle_model_nr_domains(m, l) * (1 + PIDLE_MAX_DOMAIN_STATES);
	pidle_nodes = kcalloc(total, sizeof(*pidle_nodes), GFP_KERNEL);
	if (!pidle_nodes)
		return -ENOMEM;
	pidle_max_nodes = total;

	pidle_root = kobject_create_and_add("pseudo_cpuidle", kernel_kobj);
	if (!pidle_root)
		goto fail;
	if (sysfs_create_group(pidle_root, &pidle_root_group)) {
		kobject_put(pidle_root);
		pidle_root = NULL;
		goto fail;
	}
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		n = pidle_node_add(PIDLE_NODE_CPU, pidle_root, 0, cpu, 0,
				   "cpu%u", NULL, cpu);
		if (!n)
			goto fail;
		for (s = 0; s < nr_states; s++)
			if (!pidle_node_add(PIDLE_NODE_CPU_STATE, &n->kobj, 0, cpu,
					    s, "state%u", NULL, s))
				goto fail;
	}
	domains = pidle_node_add(PIDLE_NODE_DOMAINS, pidle_root, 0, 0, 0,
				 "domains", NULL, 0);
	if (!domains)
		goto fail;
	for (l = 1; l <= pidle_model_nr_levels(m); l++) {
		for (d = 0; d < pidle_model_nr_domains(m, l); d++) {
			dn = pidle_node_add(PIDLE_NODE_DOMAIN, &domains->kobj, l, d,
					    0, "%s%u", pidle_model_level_name(m, l), d);
			if (!dn)
				goto fail;
			for (s = 0; s < nr_states; s++) {
				if (pidle_model_state_level(m, s) != l)
					continue;
				if (!pidle_node_add(PIDLE_NODE_DOMAIN_STATE,
						    &dn->kobj, l, d, s,
						    "state%u", NULL, s))
					goto fail;
			}
		}
	}
	return 0;

fail:
	pidle_sysfs_exit();
	return -ENOMEM;
}
