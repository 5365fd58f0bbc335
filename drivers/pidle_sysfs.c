// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: /sys/kernel/pseudo_cpuidle, the model's counters, one
 * value per file (layout: Documentation/admin-guide.rst, "Sysfs").
 */

/**
 * DOC: Sysfs lifetime
 *
 * Every directory is a &struct pidle_node, a kobject of this module's
 * ktypes, that carries what its files read: the model it was created for
 * (its counters), and in the root the topology printed when it was
 * created. No file reads the configuration in force through the global
 * ``pidle_cfg``, so a file opened before a reconfiguration can never index
 * a newer model with an older index.
 *
 * Removal does not rely on the last kobject_put(). With
 * ``CONFIG_DEBUG_KOBJECT_RELEASE`` (and in general, whenever someone holds
 * a reference) the release, and the sysfs removal it would do, runs
 * later, in a kworker: a new tree built right away then meets "duplicate
 * filename", and a release running after rmmod calls this module's freed
 * ktype and release function. So pidle_sysfs_exit() removes each
 * directory explicitly, children first, with kobject_del(): the files are
 * gone when it returns, and kernfs has waited for every show or store in
 * progress, so nothing reads the model any more and it may be freed. The
 * nodes' memory lives on until their releases, which count down
 * ``pidle_sysfs_nodes``; pidle_sysfs_wait_released(), called by the
 * module's teardown, waits for the count to reach zero before the module
 * text and the ktypes go away. What is left is the release function's own
 * return after its wake_up(): a few instructions of this module's text
 * that may run after the waiter went on. Module unload frees the text
 * only after the exit function returned and a synchronize_rcu()
 * (free_module()), so only a kworker preempted in exactly those
 * instructions for longer than that could return into freed text: the
 * window of every module whose release wakes its unloader (haltpoll-class),
 * documented here rather than closed, as no kernel API closes it. The
 * powercap zones' releases have the same window (pidle_powercap.c).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/kobject.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/wait.h>
#include "pidle_drv.h"
#include "pidle_wake.h"

enum pidle_node_kind {
	PIDLE_NODE_ROOT,	/* /sys/kernel/pseudo_cpuidle/ */
	PIDLE_NODE_CPU,		/* cpuN/ */
	PIDLE_NODE_CPU_STATE,	/* cpuN/stateK/ */
	PIDLE_NODE_DOMAINS,	/* domains/ */
	PIDLE_NODE_DOMAIN,	/* domains/LEVELI/ */
	PIDLE_NODE_DOMAIN_STATE, /* domains/LEVELI/stateK/ */
};

/**
 * struct pidle_node - one directory
 * @kobj:	its kobject
 * @kind:	which directory
 * @model:	the model its files read; outlives the directory (see the DOC)
 * @topology:	root only: the topology in force when it was created, printed
 * @level:	domains: 1 .. nr_levels
 * @idx:	CPU or domain index
 * @state:	the model's state index (a CPU's stateK directory is its own
 *		K-th state, whose model state this is: pidle_model_cpu_slot())
 */
struct pidle_node {
	struct kobject kobj;
	enum pidle_node_kind kind;
	struct pidle_model *model;
	char *topology;
	unsigned int level;
	unsigned int idx;
	unsigned int state;
};

/*
 * Each level's domain governor's name in OSI mode (NULL in PC mode), for
 * the domains' governor files: set before the tree is built, read while
 * it exists. The configuration the tree was made for holds the governors
 * (and their modules) until after the tree is gone (pidle_reconfig.c).
 */
static const char *pidle_sysfs_gov[PIDLE_MAX_LEVELS + 1];

/* Every node, in creation order (the root first); removed in reverse. */
static struct pidle_node **pidle_nodes;
static unsigned int pidle_nr_nodes, pidle_max_nodes;

/* Nodes allocated and not yet released, and who waits for none. */
static atomic_t pidle_sysfs_nodes = ATOMIC_INIT(0);
static DECLARE_WAIT_QUEUE_HEAD(pidle_sysfs_released);

#define to_node(k) container_of(k, struct pidle_node, kobj)

static void pidle_node_release(struct kobject *kobj)
{
	struct pidle_node *n = to_node(kobj);

	kfree(n->topology);
	kfree(n);
	if (atomic_dec_and_test(&pidle_sysfs_nodes))
		wake_up(&pidle_sysfs_released);
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
	struct pidle_node *n = to_node(kobj);

	/* A CPU's state: its CPU set's name for it (a table per set). */
	if (n->kind == PIDLE_NODE_CPU_STATE)
		return sysfs_emit(buf, "%s\n",
				  pidle_model_cpu_state(n->model, n->idx, n->state)->name);
	/* A domain's state: its own (big.LITTLE clusters differ). */
	return sysfs_emit(buf, "%s\n",
			  pidle_model_domain_state(n->model, n->level, n->idx,
						   n->state)->name);
}
static struct kobj_attribute pidle_attr_name = __ATTR(name, 0444, pidle_state_name_show, NULL);

static void pidle_node_cpu_stats(const struct pidle_node *n,
				 struct pidle_cpu_stats *cs)
{
	pidle_cpu_stats_read(n->model, n->idx, n->state, cs);
}

/* The domain's counters, its residency up to now (a down period going on). */
static void pidle_node_domain_stats(const struct pidle_node *n,
				    struct pidle_domain_stats *ds)
{
	struct pidle_model *m = n->model;

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

/*
 * A CPU state node's own index K (its directory's stateK): the wake
 * counters are kept by the index the governor asked for, as cpuidle's.
 */
static unsigned int pidle_node_own(const struct pidle_node *n)
{
	int k = pidle_model_cpu_index(n->model, n->idx, n->state);

	return k < 0 ? PIDLE_MAX_STATES : k;
}

/*
 * Wake sources (pidle_wake.c): cpuN/stateK/wake_{timer,ipi,device,
 * unknown,aborted}, domains/LEVELI/stateK/wake_{timer,ipi,device,unknown}
 * (the first man's), and the root's wake_sources (exact, or why not).
 */
#define define_show_wake(_name)							\
static ssize_t pidle_wake_show_##_name(struct kobject *kobj,			\
				       struct kobj_attribute *attr, char *buf)	\
{										\
	struct pidle_node *n = to_node(kobj);					\
	enum pidle_wake_src src = PIDLE_WAKE_SRC_##_name;			\
										\
	return sysfs_emit(buf, "%llu\n", (unsigned long long)			\
		(n->kind == PIDLE_NODE_CPU_STATE ?				\
		 pidle_wake_cpu_read(n->idx, pidle_node_own(n), src) :		\
		 pidle_wake_domain_read(n->model, n->level, n->idx, n->state,	\
					src)));					\
}										\
static struct kobj_attribute pidle_wake_attr_##_name =			\
	__ATTR(wake_##_name, 0444, pidle_wake_show_##_name, NULL);

#define PIDLE_WAKE_SRC_timer	PIDLE_WAKE_SRC_TIMER
#define PIDLE_WAKE_SRC_ipi	PIDLE_WAKE_SRC_IPI
#define PIDLE_WAKE_SRC_device	PIDLE_WAKE_SRC_DEVICE
#define PIDLE_WAKE_SRC_unknown	PIDLE_WAKE_SRC_UNKNOWN
#define PIDLE_WAKE_SRC_aborted	PIDLE_WAKE_SRC_ABORTED
PIDLE_WAKE_SRC_NAMES(define_show_wake)

/* cpuN/stateK/above_SRC and below_SRC: cpuidle's above and below by source. */
#define define_show_miss(_miss, _name)						\
static ssize_t pidle_wake_show_##_miss##_##_name(struct kobject *kobj,	\
						 struct kobj_attribute *attr,	\
						 char *buf)			\
{										\
	struct pidle_node *n = to_node(kobj);					\
										\
	return sysfs_emit(buf, "%llu\n", (unsigned long long)			\
		pidle_wake_miss_read(n->idx, pidle_node_own(n),			\
				     PIDLE_WAKE_SRC_##_name,			\
				     PIDLE_WAKE_MISS_##_miss));			\
}										\
static struct kobj_attribute pidle_wake_attr_##_miss##_##_name =		\
	__ATTR(_miss##_##_name, 0444, pidle_wake_show_##_miss##_##_name, NULL);
#define PIDLE_WAKE_MISS_above	PIDLE_WAKE_ABOVE
#define PIDLE_WAKE_MISS_below	PIDLE_WAKE_BELOW
#define define_show_misses(_name) define_show_miss(above, _name) define_show_miss(below, _name)
define_show_misses(timer)
define_show_misses(ipi)
define_show_misses(device)
define_show_misses(unknown)

static struct attribute *pidle_wake_cpu_attrs[] = {
	&pidle_wake_attr_timer.attr, &pidle_wake_attr_ipi.attr,
	&pidle_wake_attr_device.attr, &pidle_wake_attr_unknown.attr,
	&pidle_wake_attr_aborted.attr,
	&pidle_wake_attr_above_timer.attr, &pidle_wake_attr_above_ipi.attr,
	&pidle_wake_attr_above_device.attr, &pidle_wake_attr_above_unknown.attr,
	&pidle_wake_attr_below_timer.attr, &pidle_wake_attr_below_ipi.attr,
	&pidle_wake_attr_below_device.attr, &pidle_wake_attr_below_unknown.attr,
	NULL,
};
static const struct attribute_group pidle_wake_cpu_group = {
	.attrs = pidle_wake_cpu_attrs,
};

static struct attribute *pidle_wake_domain_attrs[] = {
	&pidle_wake_attr_timer.attr, &pidle_wake_attr_ipi.attr,
	&pidle_wake_attr_device.attr, &pidle_wake_attr_unknown.attr, NULL,
};
static const struct attribute_group pidle_wake_domain_group = {
	.attrs = pidle_wake_domain_attrs,
};

static ssize_t pidle_wake_sources_show(struct kobject *kobj,
				       struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", pidle_wake_exactness());
}
static struct kobj_attribute pidle_attr_wake_sources =
	__ATTR(wake_sources, 0444, pidle_wake_sources_show, NULL);
/* ATTRIBUTE_GROUPS(_name) with the wake sources' group after it. */
#define ATTRIBUTE_GROUPS_WAKE(_name, _wake)					\
static const struct attribute_group _name##_group = {			\
	.attrs = _name##_attrs,							\
};										\
static const struct attribute_group *_name##_groups[] = {		\
	&_name##_group, &_wake, NULL,						\
}
/* End of the wake sources' files. */

#define cpu_state_attr(_name) &pidle_cpu_state_attr_##_name.attr,
#define domain_state_attr(_name) &pidle_domain_state_attr_##_name.attr,

static struct attribute *pidle_cpu_state_attrs[] = {
	&pidle_attr_name.attr,
	PIDLE_CPU_COUNTERS(cpu_state_attr)
	NULL,
};
ATTRIBUTE_GROUPS_WAKE(pidle_cpu_state, pidle_wake_cpu_group);

static struct attribute *pidle_domain_state_attrs[] = {
	&pidle_attr_name.attr,
	PIDLE_DOMAIN_COUNTERS(domain_state_attr)
	NULL,
};
ATTRIBUTE_GROUPS_WAKE(pidle_domain_state, pidle_wake_domain_group);

/* cpuN/reset and domains/LEVELI/reset. */
static ssize_t pidle_node_reset_store(struct kobject *kobj,
				      struct kobj_attribute *attr,
				      const char *buf, size_t count)
{
	struct pidle_node *n = to_node(kobj);
	int ret = pidle_parse_reset(buf);
	u64 now_ns;

	if (ret)
		return ret;
	/* The powercap zones carry what the reset takes from them. */
	now_ns = pidle_powercap_reset_begin();
	if (n->kind == PIDLE_NODE_CPU) {
		pidle_cpu_stats_reset(n->model, n->idx, now_ns);
		pidle_wake_reset_cpu(n->idx);
	} else {
		pidle_domain_stats_reset(n->model, n->level, n->idx, now_ns);
		pidle_wake_reset_domain(n->model, n->level, n->idx);
	}
	pidle_powercap_reset_end(now_ns);
	return count;
}

static struct kobj_attribute pidle_attr_node_reset =
	__ATTR(reset, 0200, NULL, pidle_node_reset_store);

/*
 * cpuN/ and domains/LEVELI/: energy_uj, idle_energy_uj and
 * oracle_energy_uj (struct pidle_energy in microjoules; a domain's own,
 * its CPUs' not included); the root's energy_uj is the machine's. Only
 * with an energy model: a table without power shows no energy files.
 */
static void pidle_node_energy(const struct pidle_node *n, struct pidle_energy *e)
{
	if (n->kind == PIDLE_NODE_CPU)
		pidle_cpu_energy_read(n->model, n->idx, ktime_get_ns(), e);
	else
		pidle_domain_energy_read(n->model, n->level, n->idx,
					 ktime_get_ns(), e);
}

#define define_show_energy(_name, _field)					\
static ssize_t pidle_energy_show_##_name(struct kobject *kobj,			\
					 struct kobj_attribute *attr, char *buf) \
{										\
	struct pidle_energy e;							\
										\
	pidle_node_energy(to_node(kobj), &e);					\
	return sysfs_emit(buf, "%llu\n", div_u64(e._field, NSEC_PER_USEC));	\
}										\
static struct kobj_attribute pidle_energy_attr_##_name =			\
	__ATTR(_name, 0444, pidle_energy_show_##_name, NULL);

define_show_energy(energy_uj, total_nj)
define_show_energy(idle_energy_uj, idle_nj)
define_show_energy(oracle_energy_uj, oracle_nj)

static umode_t pidle_energy_visible(struct kobject *kobj, struct attribute *attr,
				    int n)
{
	return pidle_model_has_energy(to_node(kobj)->model) ? attr->mode : 0;
}

static struct attribute *pidle_energy_attrs[] = {
	&pidle_energy_attr_energy_uj.attr, &pidle_energy_attr_idle_energy_uj.attr,
	&pidle_energy_attr_oracle_energy_uj.attr, NULL,
};
static const struct attribute_group pidle_energy_group = {
	.attrs = pidle_energy_attrs,
	.is_visible = pidle_energy_visible,
};

static struct attribute *pidle_cpu_attrs[] = {
	&pidle_attr_node_reset.attr, NULL,
};
static const struct attribute_group pidle_cpu_group = {
	.attrs = pidle_cpu_attrs,
};
static const struct attribute_group *pidle_cpu_groups[] = {
	&pidle_cpu_group, &pidle_energy_group, NULL,
};

/* domains/LEVELI/: cpus (a CPU list), level (its name), down (state or -1). */
static ssize_t pidle_domain_cpus_show(struct kobject *kobj,
				      struct kobj_attribute *attr, char *buf)
{
	struct pidle_node *n = to_node(kobj);
	struct pidle_model *m = n->model;
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
	struct pidle_node *n = to_node(kobj);

	return sysfs_emit(buf, "%s\n", pidle_model_level_name(n->model, n->level));
}

static ssize_t pidle_domain_down_show(struct kobject *kobj,
				      struct kobj_attribute *attr, char *buf)
{
	struct pidle_node *n = to_node(kobj);
	unsigned int state;

	if (pidle_model_domain_down(n->model, n->level, n->idx, &state))
		return sysfs_emit(buf, "%u\n", state);
	return sysfs_emit(buf, "-1\n");
}

/* governor: the domain governor choosing its state (OSI), "none" in PC. */
static ssize_t pidle_domain_governor_show(struct kobject *kobj,
					  struct kobj_attribute *attr, char *buf)
{
	struct pidle_node *n = to_node(kobj);

	return sysfs_emit(buf, "%s\n", pidle_sysfs_gov[n->level] ?: "none");
}

static struct kobj_attribute pidle_attr_cpus = __ATTR(cpus, 0444, pidle_domain_cpus_show, NULL);
static struct kobj_attribute pidle_attr_level = __ATTR(level, 0444, pidle_domain_level_show, NULL);
static struct kobj_attribute pidle_attr_down = __ATTR(down, 0444, pidle_domain_down_show, NULL);
static struct kobj_attribute pidle_attr_governor =
	__ATTR(governor, 0444, pidle_domain_governor_show, NULL);

static struct attribute *pidle_domain_attrs[] = {
	&pidle_attr_cpus.attr, &pidle_attr_level.attr, &pidle_attr_down.attr,
	&pidle_attr_governor.attr, &pidle_attr_node_reset.attr, NULL,
};
static const struct attribute_group pidle_domain_group = {
	.attrs = pidle_domain_attrs,
};
static const struct attribute_group *pidle_domain_groups[] = {
	&pidle_domain_group, &pidle_energy_group, NULL,
};

/*
 * Root files: topology (the description in force), reset, and the
 * domain governors' names.
 */
static ssize_t pidle_root_topology_show(struct kobject *kobj,
					struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", to_node(kobj)->topology);
}

static ssize_t pidle_reset_store(struct kobject *kobj,
				 struct kobj_attribute *attr, const char *buf,
				 size_t count)
{
	int ret = pidle_parse_reset(buf);
	u64 now_ns;

	if (ret)
		return ret;
	now_ns = pidle_powercap_reset_begin();
	pidle_stats_reset(to_node(kobj)->model, now_ns);
	pidle_wake_reset_all();
	pidle_powercap_reset_end(now_ns);
	return count;
}

/* The machine's energy: every CPU and domain, summed. */
static ssize_t pidle_root_energy_show(struct kobject *kobj,
				      struct kobj_attribute *attr, char *buf)
{
	struct pidle_energy e;

	pidle_subtree_energy_read(to_node(kobj)->model, 0, 0, ktime_get_ns(), &e);
	return sysfs_emit(buf, "%llu\n", div_u64(e.total_nj, NSEC_PER_USEC));
}

/*
 * The domain governors domain_gov= takes now (cpuidle's
 * available_governors): the registry's, not the model's, so it is read
 * afresh each time, a governor module loaded or unloaded since included.
 */
static ssize_t pidle_root_dgovs_show(struct kobject *kobj,
				     struct kobj_attribute *attr, char *buf)
{
	/* One byte left for the newline. */
	int len = pidle_dgov_names(buf, PAGE_SIZE - 1);

	buf[len++] = '\n';
	return len;
}

static struct kobj_attribute pidle_attr_topology =
	__ATTR(topology, 0444, pidle_root_topology_show, NULL);
static struct kobj_attribute pidle_attr_dgovs =
	__ATTR(available_domain_governors, 0444, pidle_root_dgovs_show, NULL);
static struct kobj_attribute pidle_attr_reset =
	__ATTR(reset, 0200, NULL, pidle_reset_store);
static struct kobj_attribute pidle_attr_root_energy =
	__ATTR(energy_uj, 0444, pidle_root_energy_show, NULL);

static umode_t pidle_root_visible(struct kobject *kobj, struct attribute *attr,
				  int n)
{
	if (attr == &pidle_attr_root_energy.attr)
		return pidle_energy_visible(kobj, attr, n);
	return attr->mode;
}

static struct attribute *pidle_root_attrs[] = {
	&pidle_attr_topology.attr, &pidle_attr_reset.attr,
	&pidle_attr_root_energy.attr, &pidle_attr_wake_sources.attr,
	&pidle_attr_dgovs.attr, NULL,
};
static const struct attribute_group pidle_root_group = {
	.attrs = pidle_root_attrs,
	.is_visible = pidle_root_visible,
};
static const struct attribute_group *pidle_root_groups[] = {
	&pidle_root_group, NULL,
};

static const struct kobj_type pidle_ktype[] = {
	[PIDLE_NODE_ROOT] = { .release = pidle_node_release,
		.sysfs_ops = &kobj_sysfs_ops, .default_groups = pidle_root_groups },
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

/*
 * A node of @m under @parent; NULL for lack of memory. @topology (the
 * root's, else NULL) is the node's from the start, freed with it, also on
 * failure: set before kobject_init_and_add() creates the files, so that no
 * reader can find the root without it.
 */
static struct pidle_node *pidle_node_add(struct pidle_model *m,
					 enum pidle_node_kind kind,
					 struct kobject *parent,
					 unsigned int level, unsigned int idx,
					 unsigned int state, char *topology,
					 const char *fmt,
					 const char *arg1, unsigned int arg2)
{
	struct pidle_node *n;
	int ret;

	if (WARN_ON_ONCE(pidle_nr_nodes == pidle_max_nodes)) {
		kfree(topology);
		return NULL;
	}
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	if (!n) {
		kfree(topology);
		return NULL;
	}
	/* Counted from here: a failed add below is released by its put. */
	atomic_inc(&pidle_sysfs_nodes);
	n->topology = topology;
	n->kind = kind;
	n->model = m;
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
	/*
	 * Announced, as kobject_init_and_add() leaves to its caller
	 * (Documentation/core-api/kobject.rst). Under /sys/kernel no kset
	 * is an ancestor, and the kobject core then sends nothing
	 * (kobject_uevent_env(): "attempted to send uevent without kset"),
	 * as for every directory there: user space learns of a rebuilt
	 * tree from the parameter it wrote, or by polling.
	 */
	kobject_uevent(&n->kobj, KOBJ_ADD);
	return n;
}

/*
 * Remove the tree: each directory explicitly, children first, so that its
 * files are gone (and their readers done) on return, whenever the releases
 * run (see the DOC block).
 */
void pidle_sysfs_exit(void)
{
	while (pidle_nr_nodes) {
		struct kobject *kobj = &pidle_nodes[--pidle_nr_nodes]->kobj;

		kobject_del(kobj);
		kobject_put(kobj);
	}
	kfree(pidle_nodes);
	pidle_nodes = NULL;
}

/* Wait until every node is released: the module's ktypes and release go next. */
void pidle_sysfs_wait_released(void)
{
	wait_event(pidle_sysfs_released, !atomic_read(&pidle_sysfs_nodes));
}

/*
 * The tree of @cfg, which is in force; 0, -ENOMEM, or -EOVERFLOW (logged)
 * for a topology a sysfs file cannot show; nothing left on failure.
 */
int pidle_sysfs_init(const struct pidle_cfg *cfg)
{
	struct pidle_model *m = cfg->model;
	unsigned int nr_cpus = pidle_model_nr_cpus(m);
	unsigned int nr_states = pidle_model_nr_states(m);
	unsigned int cpu, s, l, d, total;
	struct pidle_node *root, *n, *dn, *domains;
	char *topology;

	total = 1 + nr_cpus * (1 + nr_states) + 1;
	for (l = 1; l <= pidle_model_nr_levels(m); l++)
		total += pidle_model_nr_domains(m, l) * (1 + PIDLE_MAX_DOMAIN_STATES);
	for (l = 0; l <= PIDLE_MAX_LEVELS; l++)
		pidle_sysfs_gov[l] = cfg->dgov_ops[l] ? cfg->dgov_ops[l]->name : NULL;
	pidle_nodes = kcalloc(total, sizeof(*pidle_nodes), GFP_KERNEL);
	if (!pidle_nodes)
		return -ENOMEM;
	pidle_max_nodes = total;

	/*
	 * The root's topology text first, in the root before its files
	 * appear: an add fails only for memory, or with a name still taken,
	 * which pidle_sysfs_exit() rules out.
	 */
	topology = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!topology)
		goto fail;
	/* One byte left for sysfs_emit()'s newline. */
	if (pidle_topology_show(&cfg->topo, topology, PAGE_SIZE - 1) < 0) {
		pr_err("topology: its description is longer than the %lu bytes a sysfs file can show\n",
		       PAGE_SIZE - 2);
		kfree(topology);
		pidle_sysfs_exit();
		return -EOVERFLOW;
	}
	root = pidle_node_add(m, PIDLE_NODE_ROOT, kernel_kobj, 0, 0, 0,
			      topology, "pseudo_cpuidle", NULL, 0);
	if (!root)
		goto fail;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		n = pidle_node_add(m, PIDLE_NODE_CPU, &root->kobj, 0, cpu, 0,
				   NULL, "cpu%u", NULL, cpu);
		if (!n)
			goto fail;
		/*
		 * stateK: the CPU's own K-th state, as cpuidle's cpuN/cpuidle/
		 * stateK; its model state is a slot of the common layout
		 * (tables of different lengths), a slot its set lacks has
		 * no directory.
		 */
		for (s = 0; s < pidle_model_cpu_nr_own(m, cpu); s++)
			if (!pidle_node_add(m, PIDLE_NODE_CPU_STATE, &n->kobj, 0, cpu,
					    pidle_model_cpu_slot(m, cpu, s),
					    NULL, "state%u", NULL, s))
				goto fail;
	}
	domains = pidle_node_add(m, PIDLE_NODE_DOMAINS, &root->kobj, 0, 0, 0,
				 NULL, "domains", NULL, 0);
	if (!domains)
		goto fail;
	for (l = 1; l <= pidle_model_nr_levels(m); l++) {
		for (d = 0; d < pidle_model_nr_domains(m, l); d++) {
			dn = pidle_node_add(m, PIDLE_NODE_DOMAIN, &domains->kobj, l, d,
					    0, NULL, "%s%u", pidle_model_level_name(m, l), d);
			if (!dn)
				goto fail;
			for (s = 0; s < nr_states; s++) {
				if (pidle_model_state_level(m, s) != l ||
				    !pidle_model_domain_has_state(m, l, d, s))
					continue;
				if (!pidle_node_add(m, PIDLE_NODE_DOMAIN_STATE,
						    &dn->kobj, l, d, s, NULL,
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
