/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/cpu.h>. get_cpu_device() is the test's. */
#ifndef _KSHIM_LINUX_CPU_H
#define _KSHIM_LINUX_CPU_H

#include <linux/cpumask.h>
#include <linux/smp.h>

struct device;
struct device *get_cpu_device(unsigned int cpu);

#endif
