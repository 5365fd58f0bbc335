/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: what the module's files share. The model core
 * (drivers/model/) owns every rule; these files are glue.
 */
#ifndef _PIDLE_DRV_H
#define _PIDLE_DRV_H

#include <linux/cpuidle.h>
#include <linux/percpu.h>
#include <pidle/config.h>
#include <pidle/dgov.h>
#include <pidle/model.h>

/**
 * struct pidle_cfg - a whole configuration: the parsed parameters and the
 * model built from them
 * @states:		the state table
 * @states_default:	states= was never given: @states is the default table
 *			trimmed to @topo's levels, and is trimmed again when
 *			topology= changes
 * @topo:		the topology, "auto" resolved
 * @wait:		wait=
 * @policy:		domain_policy=
 * @prewake:		prewake=
 * @mode:		mode=
 * @dgov:		domain_gov=, as given (resolved per level against @topo)
 * @dgov_ops:		in OSI mode, each domain level's governor (index =
 *			level, 1 .. @topo.nr_levels), held with
 *			pidle_dgov_get() until the configuration is freed;
 *			all NULL in PC mode
 * @model:		the model built from all of the above
 *
 * The one in force is pidle_cfg. It changes only in pidle_reconfig_apply(),
 * with every parameter read and write, the idle path, CPU hotplug and this
 * module's sysfs files shut out (see the DOC block of pidle_reconfig.c).
 */
struct pidle_cfg {
	struct pidle_states states;
	bool states_default;
	struct pidle_topology topo;
	enum pidle_wait wait;
	enum pidle_policy policy;
	bool prewake;
	enum pidle_mode mode;
	struct pidle_dgov_cfg dgov;
	const struct pidle_dgov_ops *dgov_ops[PIDLE_MAX_LEVELS + 1];
	struct pidle_model *model;
};

extern struct pidle_cfg pidle_cfg;

/* pidle_main.c */
extern struct cpuidle_driver pidle_drivers[PIDLE_MAX_CPU_SETS];
DECLARE_PER_CPU(struct cpuidle_device, pidle_devices);
void pidle_fill_driver(void);
void pidle_model_offline_cpus(struct pidle_model *m);

/*
 * The domain governors' registry (drivers/pidle_dgov.c, <pidle/dgov.h>):
 * a governor by name, held (its module pinned) until put. pidle_param.c
 * has weak stand-ins for a build without the registry.
 */
const struct pidle_dgov_ops *pidle_dgov_get(const char *name);
void pidle_dgov_put(const struct pidle_dgov_ops *ops);

/* pidle_param.c */
int pidle_param_load(struct pidle_err *err);
void pidle_param_live(bool live);
void pidle_cfg_free(struct pidle_cfg *cfg);

/* pidle_reconfig.c */
int pidle_reconfig_apply(struct pidle_cfg *next);

/* pidle_enter.c */
int pidle_enter_state(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		      int index);
bool pidle_enter_cpu_busy(unsigned int cpu);
void pidle_enter_drain(void);

/* pidle_domain.c */
/* The kernel's topology as a topology= string; kvfree() it. ERR_PTR on error. */
char *pidle_topology_auto(void);

/* pidle_sysfs.c */
int pidle_sysfs_init(const struct pidle_cfg *cfg);
void pidle_sysfs_wait_released(void);
void pidle_sysfs_exit(void);

/* pidle_powercap.c: logs its own failure, which leaves no zone behind. */
int pidle_powercap_init(void);
void pidle_powercap_exit(bool unload);
/* Around a reset of the model in force: the zones carry what it takes. */
u64 pidle_powercap_reset_begin(void);
void pidle_powercap_reset_end(u64 now_ns);
/* fault/pidle_fault.c: test-only fault hooks, in a PIDLE_FAULT=y build only */
#ifdef PIDLE_FAULT
int pidle_fault_online(unsigned int cpu);
void pidle_fault_pending_at_entry(void);
void pidle_fault_auto_level(void);
void pidle_fault_exit(void);
#else
static inline int pidle_fault_online(unsigned int cpu)
{
	return 0;
}

static inline void pidle_fault_auto_level(void)
{
}

static inline void pidle_fault_pending_at_entry(void)
{
}

static inline void pidle_fault_exit(void)
{
}
#endif

#endif /* _PIDLE_DRV_H */
