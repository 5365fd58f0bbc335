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
 * since the configuration went into force (or the last reset); it never
 * wraps in practice (``max_energy_range_uj`` is 2^64 nJ). Zones have no
 * constraints: nothing here caps power.
 *
 * The zones exist only while the configuration in force has an energy
 * model (pidle_model_has_energy()). They are removed before a
 * reconfiguration swaps the model (removal waits for readers in progress)
 * and built again for the new one; on unload they go with the control
 * type. Failing to build them is logged and is not an error: the same
 * energy is in /sys/kernel/pseudo_cpuidle.
 */

#if IS_REACHABLE(CONFIG_POWERCAP)

struct pidle_pc_zone {
	struct powercap_zone *zone;
	unsigned int level;	/* 0: the whole machine */
	unsigned int dom;
};

static struct powercap_control_type *pidle_pc_type;
static struct pidle_pc_zone *pidle_pc_zones;
static unsigned int pidle_pc_nr_zones;

static int pidle_pc_get_energy_uj(struct powercap_zone *zone, u64 *energy_uj)
{
	const struct pidle_pc_zone *z = powercap_get_zone_data(zone);
	struct pidle_energy e;

	pidle_subtree_energy_read(pidle_cfg.model, z->level, z->dom,
				  ktime_get_ns(), &e);
	*energy_uj = div_u64(e.total_nj, NSEC_PER_USEC);
	return 0;
}

static int pidle_pc_get_max_energy_range_uj(struct powercap_zone *zone,
					    u64 *range_uj)
{
	*range_uj = div_u64(U64_MAX, NSEC_PER_USEC);
	return 0;
}

static const struct powercap_zone_ops pidle_pc_zone_ops = {
	.get_energy_uj		 = pidle_pc_get_energy_uj,
	.get_max_energy_range_uj = pidle_pc_get_max_energy_range_uj,
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

void pidle_powercap_exit(void)
{
	/* Children before their parents: the reverse of creation. */
	while (pidle_pc_nr_zones) {
		struct pidle_pc_zone *z = &pidle_pc_zones[--pidle_pc_nr_zones];

		powercap_unregister_zone(pidle_pc_type, z->zone);
	}
	kfree(pidle_pc_zones);
	pidle_pc_zones = NULL;
	if (pidle_pc_type) {
		powercap_unregister_control_type(pidle_pc_type);
		pidle_pc_type = NULL;
	}
}

/* @dom at @level, then the domains of the next level inside it. */
static int pidle_pc_add(struct pidle_model *m, unsigned int level,
			unsigned int dom, struct powercap_zone *parent)
{
	struct pidle_pc_zone *z = &pidle_pc_zones[pidle_pc_nr_zones];
	unsigned int d, first_cpu = 0, cpu;
	char name[PIDLE_NAME_LEN + 12];
	int ret;

	if (level)
		snprintf(name, sizeof(name), "%s-%u",
			 pidle_model_level_name(m, level), dom);
	else
		strscpy(name, "cpus", sizeof(name));
	z->level = level;
	z->dom = dom;
	z->zone = powercap_register_zone(NULL, pidle_pc_type, name, parent,
					 &pidle_pc_zone_ops, 0,
					 &pidle_pc_no_constraint);
	if (IS_ERR(z->zone))
		return PTR_ERR(z->zone);
	powercap_set_zone_data(z->zone, z);
	pidle_pc_nr_zones++;
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
		ret = pidle_pc_add(m, level - 1, d, z->zone);
		if (ret)
			return ret;
	}
	return 0;
}

int pidle_powercap_init(void)
{
	struct pidle_model *m = pidle_cfg.model;
	unsigned int top = pidle_model_nr_levels(m), l, d, total = 1;
	int ret;

	if (!pidle_model_has_energy(m))
		return 0;
	for (l = 1; l <= top; l++)
		total += pidle_model_nr_domains(m, l);
	pidle_pc_zones = kcalloc(total, sizeof(*pidle_pc_zones), GFP_KERNEL);
	if (!pidle_pc_zones)
		return -ENOMEM;
	pidle_pc_type = powercap_register_control_type(NULL, "pseudo-cpuidle",
						       NULL);
	if (IS_ERR(pidle_pc_type)) {
		ret = PTR_ERR(pidle_pc_type);
		pidle_pc_type = NULL;
		goto fail;
	}
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
	pidle_powercap_exit();
	pr_warn("no powercap zones (error %d); the energy is in /sys/kernel/pseudo_cpuidle\n",
		ret);
	return ret;
}

#else /* !CONFIG_POWERCAP */

int pidle_powercap_init(void)
{
	return 0;
}

void pidle_powercap_exit(void)
{
}

#endif
