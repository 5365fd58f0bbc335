/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/device.h>: a device's PM data as genpd reads it.
 * device_for_each_child() is the test's.
 */
#ifndef _KSHIM_LINUX_DEVICE_H
#define _KSHIM_LINUX_DEVICE_H

#include <linux/types.h>
#include <linux/spinlock.h>

struct pm_domain_data;

struct pm_subsys_data {
	struct pm_domain_data *domain_data;
};

struct dev_pm_info {
	spinlock_t lock;
	bool ignore_children;
	struct pm_subsys_data *subsys_data;
};

struct device {
	struct device *parent;
	struct dev_pm_info power;
};

int device_for_each_child(struct device *dev, void *data,
			  int (*fn)(struct device *dev, void *data));

#define dev_dbg(dev, fmt, ...) \
	do { if (0) printf(fmt, ##__VA_ARGS__); (void)(dev); } while (0)

#endif
