// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the simulated energy as a powercap control type, the
 * kernel's standard energy interface, so that powercap-info and any
 * RAPL-style reader show it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/kconfig.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/powercap.h>
#include <linux/slab.h>
#include "pidle_drv.h"

/**
 * DOC: Powercap zones
 *
 * /sys/class/powercap/pseudo-cpuidle is a control type with one zone per
 * domain of the topology's outermost level (``package-0``, ...), and in
 * each, one sub-zone per domain of the next level inside it, down to the
 * innermost level (``core-0``, ...): the nesting of RAPL's package and
 * core zones. A flat topology has one zone, ``cpus``. A zone's
 * ``energy_uj`` is the energy of its domain and of everything inside it,
 * inner domains and CPUs (pidle_subtree_energy_read()), in microjoules
 * since the module was loaded; it never wraps in practice
 * (``max_energy_range_uj`` is 2^64 nJ). Zones have no constraints: nothing
 * here caps power.
 *
 * **Never backwards.** Every powercap reader takes a smaller value for a
 * wrap at ``max_energy_range_uj``. The model's counters restart from zero
 * on ``reset``, ``cpuN/reset``, ``domains/LEVELI/reset`` and with every new
 * model (any parameter write); a zone adds what it showed before. A reset
 * runs between pidle_powercap_reset_begin() and _end(), which read every
 * zone's count at the reset's own timestamp before and after and carry
 * the difference, under ``pidle_pc_lock``, which every read takes: no
 * reader sees the restarted count without it. A zone removed (a
 * reconfiguration, a table without power) leaves its last value under its
 * name, and a zone of the same name starts from it. The zones offer no
 * ``reset_energy_uj``: powercap_sys.c sets the mode of the ``energy_uj``
 * attribute it shares between all zones of all control types at each
 * registration, so one zone with it makes the next zone registered
 * anywhere writable; and every reader works on differences anyway. The
 * module's own files under /sys/kernel/pseudo_cpuidle are counters like
 * ``usage``: they restart with ``reset`` and with a new configuration.
 *
 * The zones exist only while the configuration in force has an energy
 * model (pidle_model_has_energy()). They are removed before a
 * reconfiguration swaps the model (removal waits for readers in progress)
 * and built again for the new one; on unload they go with the control
 * type. Failing to build them is logged and is not an error: the same
 * energy is in /sys/kernel/pseudo_cpuidle.
 *
 * **Lifetime.** The zones and the control type are registered in this
 * module's memory, with release callbacks that complete a completion
 * (powercap_register_zone() requires one for a zone of ours), and every
 * removal waits for those releases, innermost zones first. With
 * ``CONFIG_DEBUG_KOBJECT_RELEASE``, or while anyone holds a reference to a
 * zone's device, the core's powercap_release() runs later: it reads the
 * zone's ops and removes the zone's id from its parent's IDR, in the
 * parent's memory. Before, with the core's memory and this module's ops,
 * it ran seconds after rmmod (KASAN: slab-use-after-free in idr_remove(),
 * issue 28). What is left is the callback's return after complete(): a
 * few instructions of this module's text may run after the waiter went
 * on. Module unload frees the text only after the exit function returned
 * and a synchronize_rcu() (free_module()), so only a kworker preempted in
 * exactly those instructions for longer than that could return into freed
 * text: the window every module whose release completes a completion has
 * (haltpoll-class; the module's own sysfs nodes, pidle_sysfs.c, alike).
 */

#if IS_REACHABLE(CONFIG_POWERCAP)

/**
 * struct pidle_pc_zone - one zone, in this module's memory
 * @zone:	the powercap zone, registered with this memory (the core then
 *		frees nothing of ours and calls pidle_pc_zone_release())
 * @released:	completed by the core's release of @zone
 * @name:	its name (the core frees its own copy at the release)
 * @level:	the domain's level; 0: the whole machine
 * @dom:	the domain's index at @level
 * @live:	registered and not unregistered yet (under pidle_pc_lock)
 * @waiting:	a release is due: wait for @released before freeing
 * @carried_nj:	what the zone showed before the model's counters last
 *		restarted (resets, reconfigurations), added to what they say
 * @last_nj:	the largest value shown: none smaller is ever shown
 * @before_nj:	the model's count just before a reset (pidle_powercap_reset_begin())
 */
struct pidle_pc_zone {
	struct powercap_zone zone;
	struct completion released;
	char name[PIDLE_NAME_LEN + 12];
	unsigned int level;
	unsigned int dom;
	bool live;
	bool waiting;
	u64 carried_nj;
	u64 last_nj;
	u64 before_nj;
};

/**
 * struct pidle_pc_carry - a zone's energy kept across its removal
 * @name:	the zone's name
 * @nj:		its last value; a zone of that name starts from it
 */
struct pidle_pc_carry {
	char name[PIDLE_NAME_LEN + 12];
	u64 nj;
};

static struct {
	struct powercap_control_type type;
	struct completion released;
	bool registered;
	bool waiting;
} pidle_pc_ct;

static struct pidle_pc_zone *pidle_pc_zones;
static unsigned int pidle_pc_nr_zones;
/* Every zone name ever shown since load, with its last value. */
static struct pidle_pc_carry *pidle_pc_carry;
static unsigned int pidle_pc_nr_carry;
/* Readers, resets and the carried values of the zones. */
static DEFINE_MUTEX(pidle_pc_lock);

/* The model's count for @z, since its last reset: restarts from zero. */
static u64 pidle_pc_raw_nj(const struct pidle_pc_zone *z, u64 now_ns)
{
	struct pidle_energy e;

	pidle_subtree_energy_read(pidle_cfg.model, z->level, z->dom, now_ns, &e);
	return e.total_nj;
}

/* What @z shows now; pidle_pc_lock held. */
static u64 pidle_pc_value_nj(struct pidle_pc_zone *z, u64 now_ns)
{
	u64 nj = z->carried_nj + pidle_pc_raw_nj(z, now_ns);

	/*
	 * Never less than before: a reset or reconfiguration is carried
	 * exactly, but the model's own read of a period ending on another
	 * CPU may still step back by the little it counts twice (issue 28,
	 * 2(c)); a powercap reader would take any step back for a wrap.
	 */
	z->last_nj = max(z->last_nj, nj);
	return z->last_nj;
}

static int pidle_pc_get_energy_uj(struct powercap_zone *zone, u64 *energy_uj)
{
	struct pidle_pc_zone *z = container_of(zone, struct pidle_pc_zone, zone);

	mutex_lock(&pidle_pc_lock);
	*energy_uj = div_u64(pidle_pc_value_nj(z, ktime_get_ns()), NSEC_PER_USEC);
	mutex_unlock(&pidle_pc_lock);
	return 0;
}

static int pidle_pc_get_max_energy_range_uj(struct powercap_zone *zone,
					    u64 *range_uj)
{
	*range_uj = div_u64(U64_MAX, NSEC_PER_USEC);
	return 0;
}

/*
 * The core's release of a zone or the control type: the last of this
 * module's code the core runs for it (see the DOC, "Lifetime").
 */
static int pidle_pc_zone_release(struct powercap_zone *zone)
{
	complete(&container_of(zone, struct pidle_pc_zone, zone)->released);
	return 0;
}

static int pidle_pc_type_release(struct powercap_control_type *type)
{
	complete(&pidle_pc_ct.released);
	return 0;
}

static const struct powercap_zone_ops pidle_pc_zone_ops = {
	.get_energy_uj		 = pidle_pc_get_energy_uj,
	.get_max_energy_range_uj = pidle_pc_get_max_energy_range_uj,
	.release		 = pidle_pc_zone_release,
};

static const struct powercap_control_type_ops pidle_pc_type_ops = {
	.release		 = pidle_pc_type_release,
};

/*
 * Zones have no constraint, but powercap_register_zone() refuses constraint
 * ops without these four even for none (create_constraints(), 6.1 and
 * 6.12 alike); with zero constraints they are never called.
 */
static int pidle_pc_set_u64(struct powercap_zone *zone, int id, u64 val)
{
	return -EOPNOTSUPP;
}

static int pidle_pc_get_u64(struct powercap_zone *zone, int id, u64 *val)
{
	return -EOPNOTSUPP;
}

static const struct powercap_zone_constraint_ops pidle_pc_no_constraint = {
	.set_power_limit_uw	= pidle_pc_set_u64,
	.get_power_limit_uw	= pidle_pc_get_u64,
	.set_time_window_us	= pidle_pc_set_u64,
	.get_time_window_us	= pidle_pc_get_u64,
};

/*
 * A registration that failed after device_initialize() has dropped its
 * reference with put_device(): the release comes, into this memory. One
 * that failed before it never calls the release.
 */
static bool pidle_pc_release_due(struct device *dev)
{
	return dev->kobj.state_initialized;
}

/* @name's carried value, or 0 for a name never shown. */
static u64 pidle_pc_carried(const char *name)
{
	unsigned int i;

	for (i = 0; i < pidle_pc_nr_carry; i++)
		if (!strcmp(pidle_pc_carry[i].name, name))
			return pidle_pc_carry[i].nj;
	return 0;
}

/* Keep @z's last value under its name; pidle_pc_lock held. */
static void pidle_pc_keep(struct pidle_pc_zone *z, u64 now_ns)
{
	u64 nj = pidle_pc_value_nj(z, now_ns);
	struct pidle_pc_carry *c;
	unsigned int i;

	for (i = 0; i < pidle_pc_nr_carry; i++)
		if (!strcmp(pidle_pc_carry[i].name, z->name))
			break;
	if (i == pidle_pc_nr_carry) {
		c = krealloc_array(pidle_pc_carry, i + 1, sizeof(*c), GFP_KERNEL);
		if (!c) {
			/* Only ever a step back to zero for this name. */
			pr_warn("zone %s: no memory to keep its energy; it restarts from zero\n",
				z->name);
			return;
		}
		pidle_pc_carry = c;
		strscpy(c[i].name, z->name, sizeof(c[i].name));
		pidle_pc_nr_carry++;
	}
	pidle_pc_carry[i].nj = nj;
}

/* Wait for every release due, zones of @level (all: -1) only. */
static void pidle_pc_wait_zones(int level)
{
	unsigned int i;

	for (i = 0; i < pidle_pc_nr_zones; i++) {
		struct pidle_pc_zone *z = &pidle_pc_zones[i];

		if (z->waiting && (level < 0 || z->level == level)) {
			wait_for_completion(&z->released);
			z->waiting = false;
		}
	}
}

/**
 * pidle_powercap_exit() - remove the zones and the control type
 * @unload: the module goes: forget the values kept for the next zones
 *
 * Innermost zones first, and each level's releases waited for before the
 * next level out is unregistered: a zone's release removes its id from its
 * parent's IDR (powercap_release()), and the kobject core drops the
 * reference a child holds on its parent at kobject_del(), not at its
 * release, so the parent's release could otherwise run first (it does
 * with CONFIG_DEBUG_KOBJECT_RELEASE). The control type goes last, and its
 * release is waited for too: on return nothing of the core refers to this
 * module's memory or ops.
 */
void pidle_powercap_exit(bool unload)
{
	unsigned int i, level;
	int top = -1;

	for (i = 0; i < pidle_pc_nr_zones; i++)
		top = max_t(int, top, pidle_pc_zones[i].level);
	for (level = 0; (int)level <= top; level++) {
		for (i = 0; i < pidle_pc_nr_zones; i++) {
			struct pidle_pc_zone *z = &pidle_pc_zones[i];

			if (z->level != level || !z->live)
				continue;
			/* Returns with every reader of the zone's files done. */
			powercap_unregister_zone(&pidle_pc_ct.type, &z->zone);
			mutex_lock(&pidle_pc_lock);
			z->live = false;
			pidle_pc_keep(z, ktime_get_ns());
			mutex_unlock(&pidle_pc_lock);
			z->waiting = true;
		}
		pidle_pc_wait_zones(level);
	}
	pidle_pc_wait_zones(-1);	/* failed registrations left over */
	mutex_lock(&pidle_pc_lock);
	kfree(pidle_pc_zones);
	pidle_pc_zones = NULL;
	pidle_pc_nr_zones = 0;
	mutex_unlock(&pidle_pc_lock);
	if (pidle_pc_ct.registered) {
		powercap_unregister_control_type(&pidle_pc_ct.type);
		pidle_pc_ct.registered = false;
		pidle_pc_ct.waiting = true;
	}
	if (pidle_pc_ct.waiting) {
		wait_for_completion(&pidle_pc_ct.released);
		pidle_pc_ct.waiting = false;
	}
	if (unload) {
		kfree(pidle_pc_carry);
		pidle_pc_carry = NULL;
		pidle_pc_nr_carry = 0;
	}
}

/* @dom at @level, then the domains of the next level inside it. */
static int pidle_pc_add(struct pidle_model *m, unsigned int level,
			unsigned int dom, struct powercap_zone *parent)
{
	struct pidle_pc_zone *z = &pidle_pc_zones[pidle_pc_nr_zones];
	unsigned int d, first_cpu = 0, cpu;
	char *name = z->name;
	struct powercap_zone *pz;
	int ret;

	if (level)
		snprintf(name, sizeof(z->name), "%s-%u",
			 pidle_model_level_name(m, level), dom);
	else
		strscpy(name, "cpus", sizeof(z->name));
	z->level = level;
	z->dom = dom;
	init_completion(&z->released);
	mutex_lock(&pidle_pc_lock);
	z->carried_nj = pidle_pc_carried(name);
	pidle_pc_nr_zones++;		/* not live yet: resets pass it by */
	mutex_unlock(&pidle_pc_lock);
	pz = powercap_register_zone(&z->zone, &pidle_pc_ct.type, name, parent,
				    &pidle_pc_zone_ops, 0,
				    &pidle_pc_no_constraint);
	if (IS_ERR(pz)) {
		z->waiting = pidle_pc_release_due(&z->zone.dev);
		return PTR_ERR(pz);
	}
	/* Live once registered: a reset from now on carries its energy. */
	mutex_lock(&pidle_pc_lock);
	z->live = true;
	mutex_unlock(&pidle_pc_lock);
	if (level <= 1)
		return 0;
	for (d = 0; d < pidle_model_nr_domains(m, level - 1); d++) {
		/* Inside @dom: its first CPU is. */
		for (cpu = 0; cpu < pidle_model_nr_cpus(m); cpu++)
			if (pidle_model_domain_of(m, level - 1, cpu) == d) {
				first_cpu = cpu;
				break;
			}
		if (pidle_model_domain_of(m, level, first_cpu) != dom)
			continue;
		ret = pidle_pc_add(m, level - 1, d, &z->zone);
		if (ret)
			return ret;
	}
	return 0;
}

int pidle_powercap_init(void)
{
	struct pidle_model *m = pidle_cfg.model;
	unsigned int top = pidle_model_nr_levels(m), l, d, total = 1;
	struct powercap_control_type *ct;
	struct pidle_pc_zone *zones;
	int ret;

	if (!pidle_model_has_energy(m))
		return 0;
	for (l = 1; l <= top; l++)
		total += pidle_model_nr_domains(m, l);
	zones = kcalloc(total, sizeof(*zones), GFP_KERNEL);
	if (!zones)
		return -ENOMEM;
	mutex_lock(&pidle_pc_lock);	/* a reset may be walking the zones */
	pidle_pc_zones = zones;
	mutex_unlock(&pidle_pc_lock);
	init_completion(&pidle_pc_ct.released);
	memset(&pidle_pc_ct.type, 0, sizeof(pidle_pc_ct.type));
	ct = powercap_register_control_type(&pidle_pc_ct.type, "pseudo-cpuidle",
					    &pidle_pc_type_ops);
	if (IS_ERR(ct)) {
		ret = PTR_ERR(ct);
		pidle_pc_ct.waiting = pidle_pc_release_due(&pidle_pc_ct.type.dev);
		goto fail;
	}
	pidle_pc_ct.registered = true;
	if (!top) {
		ret = pidle_pc_add(m, 0, 0, NULL);
		if (ret)
			goto fail;
	}
	for (d = 0; top && d < pidle_model_nr_domains(m, top); d++) {
		ret = pidle_pc_add(m, top, d, NULL);
		if (ret)
			goto fail;
	}
	return 0;

fail:
	pidle_powercap_exit(false);
	pr_warn("no powercap zones (error %d); the energy is in /sys/kernel/pseudo_cpuidle\n",
		ret);
	return ret;
}

/**
 * pidle_powercap_reset_begin() - a reset of the model in force is coming
 *
 * Return: the time to reset at, for pidle_powercap_reset_end(). Between
 * the two, no zone is read: a reader never sees the count restarted
 * without what it carries.
 */
u64 pidle_powercap_reset_begin(void)
{
	unsigned int i;
	u64 now_ns;

	mutex_lock(&pidle_pc_lock);
	now_ns = ktime_get_ns();
	for (i = 0; i < pidle_pc_nr_zones; i++)
		if (pidle_pc_zones[i].live)
			pidle_pc_zones[i].before_nj =
				pidle_pc_raw_nj(&pidle_pc_zones[i], now_ns);
	return now_ns;
}

/* Each zone carries what the reset at @now_ns took from its count. */
void pidle_powercap_reset_end(u64 now_ns)
{
	unsigned int i;

	for (i = 0; i < pidle_pc_nr_zones; i++) {
		struct pidle_pc_zone *z = &pidle_pc_zones[i];

		/* Modulo 2^64: what a CPU's reset took, less any growth meanwhile. */
		if (z->live)
			z->carried_nj += z->before_nj - pidle_pc_raw_nj(z, now_ns);
	}
	mutex_unlock(&pidle_pc_lock);
}

#else /* !CONFIG_POWERCAP */

int pidle_powercap_init(void)
{
	return 0;
}

void pidle_powercap_exit(bool unload)
{
}

u64 pidle_powercap_reset_begin(void)
{
	return ktime_get_ns();
}

void pidle_powercap_reset_end(u64 now_ns)
{
}

#endif
