// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: test-only fault hooks. Compiled in only by a test build
 * (make ... PIDLE_FAULT=y, see Kbuild); the module that make builds and
 * installs has neither this file nor its parameters.
 *
 * fault_online_cpu=N makes the cpuhp online callback of CPU N fail, so
 * that a guest test can drive init's error path after cpuhp has rolled
 * back every CPU brought up before N (tests/vm/suites/fault.sh).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include "../pidle_drv.h"

static int pidle_fault_online_cpu = -1;
module_param_named(fault_online_cpu, pidle_fault_online_cpu, int, 0444);
MODULE_PARM_DESC(fault_online_cpu,
		 "test build only: this CPU's online callback fails with -EIO (default -1, none)");

int pidle_fault_online(unsigned int cpu)
{
	if (pidle_fault_online_cpu < 0 || cpu != (unsigned int)pidle_fault_online_cpu)
		return 0;
	pr_info("fault_online_cpu: cpu%u's online callback fails\n", cpu);
	return -EIO;
}
