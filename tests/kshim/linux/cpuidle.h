/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/cpuidle.h>: struct cpuidle_device's fields the users read,
 * and the per-CPU cpuidle_devices (the test's).
 */
#ifndef _KSHIM_LINUX_CPUIDLE_H
#define _KSHIM_LINUX_CPUIDLE_H

#include <linux/ktime.h>
#include <linux/percpu.h>

struct cpuidle_device {
	unsigned int cpu;
	ktime_t next_hrtimer;
};

DECLARE_PER_CPU(struct cpuidle_device *, cpuidle_devices);

#endif
