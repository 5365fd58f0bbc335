/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/pm_domain.h>: generic PM domains as the genpd governor
 * (drivers/pmdomain/governor.c, 6.1's drivers/base/power/domain_governor.c)
 * reads them. The fields are the union of 6.1's, 6.12's and mainline's
 * (last_enter and reflect_residency: mainline); the types are the
 * kernel's, struct genpd_governor_data's bool cached_power_down_state_idx
 * included.
 */
#ifndef _KSHIM_LINUX_PM_DOMAIN_H
#define _KSHIM_LINUX_PM_DOMAIN_H

#include <linux/kernel.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/ktime.h>
#include <linux/list.h>

#define GENPD_FLAG_PM_CLK	 (1U << 0)
#define GENPD_FLAG_IRQ_SAFE	 (1U << 1)
#define GENPD_FLAG_ALWAYS_ON	 (1U << 2)
#define GENPD_FLAG_ACTIVE_WAKEUP (1U << 3)
#define GENPD_FLAG_CPU_DOMAIN	 (1U << 4)
#define GENPD_FLAG_RPM_ALWAYS_ON (1U << 5)
#define GENPD_FLAG_MIN_RESIDENCY (1U << 6)

struct dev_pm_domain {
	int unused;
};

struct dev_power_governor {
	bool (*power_down_ok)(struct dev_pm_domain *domain);
	bool (*suspend_ok)(struct device *dev);
};

struct genpd_governor_data {
	s64 max_off_time_ns;
	bool max_off_time_changed;
	ktime_t next_wakeup;
	ktime_t next_hrtimer;
	ktime_t last_enter;
	bool reflect_residency;
	bool cached_power_down_ok;
	bool cached_power_down_state_idx;
};

struct genpd_power_state {
	const char *name;
	s64 power_off_latency_ns;
	s64 power_on_latency_ns;
	s64 residency_ns;
	u64 usage;
	u64 rejected;
	u64 above;
	u64 below;
};

struct generic_pm_domain {
	struct dev_pm_domain domain;
	struct list_head parent_links;	/* links where this is the parent */
	struct list_head child_links;	/* links where this is the child */
	struct list_head dev_list;
	struct dev_power_governor *gov;
	struct genpd_governor_data *gd;
	unsigned int flags;
	cpumask_var_t cpus;
	struct genpd_power_state *states;
	unsigned int state_count;
	unsigned int state_idx;
};

struct gpd_link {
	struct generic_pm_domain *parent;
	struct list_head parent_node;
	struct generic_pm_domain *child;
	struct list_head child_node;
};

struct gpd_timing_data {
	s64 suspend_latency_ns;
	s64 resume_latency_ns;
	s64 effective_constraint_ns;
	ktime_t next_wakeup;
	bool constraint_changed;
	bool cached_suspend_ok;
};

struct pm_domain_data {
	struct list_head list_node;
	struct device *dev;
};

struct generic_pm_domain_data {
	struct pm_domain_data base;
	struct gpd_timing_data *td;
};

static inline struct generic_pm_domain *pd_to_genpd(struct dev_pm_domain *pd)
{
	return container_of(pd, struct generic_pm_domain, domain);
}

static inline struct generic_pm_domain_data *to_gpd_data(struct pm_domain_data *pdd)
{
	return container_of(pdd, struct generic_pm_domain_data, base);
}

static inline struct generic_pm_domain_data *dev_gpd_data(struct device *dev)
{
	return to_gpd_data(dev->power.subsys_data->domain_data);
}

extern struct dev_power_governor simple_qos_governor;
extern struct dev_power_governor pm_domain_always_on_gov;
extern struct dev_power_governor pm_domain_cpu_gov;

#endif
