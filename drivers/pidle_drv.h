/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: what the module's files share. The model core
 * (drivers/model/) owns every rule; these files are glue.
 */
#ifndef _PIDLE_DRV_H
#define _PIDLE_DRV_H

#include <linux/cpuidle.h>
#include <pidle/config.h>
#include <pidle/model.h>

/* The configuration in force; set before registration, never changed. */
struct pidle_cfg {
	struct pidle_states states;
	struct pidle_topology topo;
	enum pidle_wait wait;
	enum pidle_policy policy;
	struct pidle_model *model;
};

extern struct pidle_cfg pidle_cfg;

/* pidle_enter.c */
int pidle_enter_state(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		      int index);
void pidle_enter_drain(void);

/* pidle_domain.c */
char *pidle_topology_auto(void);

/* pidle_sysfs.c */
int pidle_sysfs_init(void);
void pidle_sysfs_exit(void);

#endif /* _PIDLE_DRV_H */
