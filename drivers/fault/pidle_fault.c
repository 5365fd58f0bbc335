// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: test-only fault hooks. Compiled in only by a test build
 * (make ... PIDLE_FAULT=y, see Kbuild); the module that make builds and
 * installs has neither this file nor its parameters.
 *
 * fault_online_cpu=N makes the cpuhp online callback of CPU N fail, so
 * that a guest test can drive init's error path after cpuhp has rolled
 * back every CPU brought up before N (tests/vm/suites/fault.sh).
 *
 * fault_pending_entries=N makes the next N entries into a non-polling
 * state, on any CPU, find an interrupt pending: each raises a self-IPI
 * (an irq_work) with interrupts still masked, just before the enter path
 * looks for a pending wake-up, so that the pending-at-entry path runs
 * exactly N times, found at the interrupt controller as a real early
 * interrupt is (tests/vm/suites/wakeup-count.sh). Reads back how many
 * are left.
 *
 * fault_auto_level_ms=N makes topology=auto sleep N ms after reading each
 * level's masks, so that a CPU hotplug can fall between two levels' reads
 * if anything lets it (tests/vm/suites/auto-hotplug.sh): the reads must
 * be one look at one topology.
 *
 * fault_dgov_hold=NAME holds domain governor NAME as a selection does
 * (pidle_dgov_get()), until another write ("" releases): so that a guest
 * test can check that a selected governor's module cannot be unloaded
 * (tests/vm/suites/dgov-template.sh), whatever the OSI mode's state.
 * Reads back the name held, or nothing.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <linux/irq_work.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <pidle/dgov.h>
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

static int pidle_fault_pending_entries;
module_param_named(fault_pending_entries, pidle_fault_pending_entries, int, 0644);
MODULE_PARM_DESC(fault_pending_entries,
		 "test build only: the next N entries into a non-polling state find an interrupt pending (default 0)");

/* Nothing to do: the interrupt itself is the point. */
static void pidle_fault_irq_work(struct irq_work *work)
{
}

/*
 * Set on first use, by its own CPU: a module's per-CPU initializer is
 * copied without its relocations (the loader relocates allocated sections
 * only, and .data..percpu is not one), so a function pointer in it would
 * read NULL (seen on 6.1: an Oops in irq_work_single()).
 */
static DEFINE_PER_CPU(struct irq_work, pidle_fault_work);

/* Called with interrupts masked, RCU watching, before the pending check. */
void pidle_fault_pending_at_entry(void)
{
	int left = READ_ONCE(pidle_fault_pending_entries);
	struct irq_work *work;

	do {
		if (left <= 0)
			return;
	} while (!try_cmpxchg(&pidle_fault_pending_entries, &left, left - 1));
	/*
	 * A hard irq_work queued with interrupts masked raises the
	 * architecture's self-IPI: pending at the local APIC until the
	 * cpuidle core unmasks. Already queued, its interrupt is pending.
	 */
	work = this_cpu_ptr(&pidle_fault_work);
	if (!work->func)
		*work = IRQ_WORK_INIT_HARD(pidle_fault_irq_work);
	irq_work_queue(work);
}

static unsigned int pidle_fault_auto_level_ms;
module_param_named(fault_auto_level_ms, pidle_fault_auto_level_ms, uint, 0644);
MODULE_PARM_DESC(fault_auto_level_ms,
		 "test build only: topology=auto sleeps this long after each level it reads, ms (default 0)");

/* Between two levels' reads of topology=auto: may sleep. */
void pidle_fault_auto_level(void)
{
	unsigned int ms = READ_ONCE(pidle_fault_auto_level_ms);

	if (ms)
		msleep(ms);
}

/* Serialized by the module's parameter lock, as every parameter write. */
static const struct pidle_dgov_ops *pidle_fault_dgov_held;

static int pidle_fault_dgov_set(const char *val, const struct kernel_param *kp)
{
	const struct pidle_dgov_ops *ops = NULL;
	char buf[PIDLE_DGOV_NAME_LEN + 1], *name;

	if (strscpy(buf, val, sizeof(buf)) < 0) {
		pr_err("fault_dgov_hold: \"%s\": not a governor's name\n", val);
		return -EINVAL;
	}
	name = strim(buf);
	if (name[0]) {
		ops = pidle_dgov_get(name);
		if (!ops) {
			pr_err("fault_dgov_hold: no domain governor \"%s\"\n", name);
			return -ENOENT;
		}
	}
	pidle_dgov_put(pidle_fault_dgov_held);
	pidle_fault_dgov_held = ops;
	return 0;
}

static int pidle_fault_dgov_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", pidle_fault_dgov_held ?
			  pidle_fault_dgov_held->name : "");
}

static const struct kernel_param_ops pidle_fault_dgov_ops = {
	.set = pidle_fault_dgov_set,
	.get = pidle_fault_dgov_get,
};
module_param_cb(fault_dgov_hold, &pidle_fault_dgov_ops, NULL, 0644);
MODULE_PARM_DESC(fault_dgov_hold,
		 "test build only: hold this domain governor as a selection does (\"\" releases)");

/* At teardown, after the drain: no trigger's interrupt is still to run. */
void pidle_fault_exit(void)
{
	unsigned int cpu;

	pidle_dgov_put(pidle_fault_dgov_held);
	pidle_fault_dgov_held = NULL;

	for_each_possible_cpu(cpu)
		if (per_cpu_ptr(&pidle_fault_work, cpu)->func)
			irq_work_sync(per_cpu_ptr(&pidle_fault_work, cpu));
}
