// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: putting a new configuration in force at run time.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpuidle.h>
#include <linux/ktime.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include "pidle_drv.h"
#include "pidle_wake.h"

/**
 * DOC: Run-time reconfiguration
 *
 * A write to ``states``, ``topology``, ``wait``, ``domain_policy``,
 * ``prewake``, ``power``, ``mode`` or ``domain_gov`` under
 * /sys/module/pseudo_cpuidle/parameters/ puts a whole new configuration in
 * force, or leaves the old one in force untouched.
 *
 * **Off to the side first.** pidle_param.c parses the value with the
 * parser a load uses, takes the other parameters as they are, checks
 * the combination and creates the new model, with its own zeroed counters
 * (pidle_cfg_build()). In OSI mode that includes a reference on each
 * level's domain governor (pidle_dgov_get(): a governor's module cannot go
 * while a configuration uses it) and the governors' per-domain set-up
 * (->attach(), in the model's creation); the old configuration's are
 * released when it is freed, after the switch. A mode switch is a switch
 * like any other: the driver's state count changes (PC: the whole table;
 * OSI: its CPU-level states), as it does when ``states`` changes. Every refusal (-EINVAL and one log line naming the
 * parameter and the field) happens there, before anything in force is
 * touched. What is left, pidle_reconfig_apply(), can fail only for memory.
 *
 * **The switch** is the sequence of acpi_processor_power_state_has_changed(),
 * the in-tree driver that changes its states, and their number, at run
 * time:
 *
 * 1. cpus_read_lock(): no CPU comes or goes. The hotplug callbacks of
 *    pidle_main.c read ``pidle_cfg.model`` and register devices; they now
 *    wait until the new configuration is complete.
 * 2. cpuidle_pause_and_lock(): the cpuidle core stops calling ``->enter``
 *    (its ``initialized`` flag), wakes every idle CPU and waits for an RCU
 *    grace period. A CPU that had already decided to enter a pseudo state
 *    ran with interrupts off and RCU watching from that decision to its
 *    wait, so the grace period leaves its per-CPU ``pidle_in_enter`` flag
 *    set. From here until the resume, idle CPUs use the default idle
 *    (halt), which needs nothing of this module, so no wake-up can be lost
 *    in the switch.
 * 3. pidle_enter_drain(), as unload does: wake the idle CPUs again (one
 *    that entered on a stale look missed step 2's wake-up), wait for every
 *    CPU's ``pidle_in_enter`` flag to clear (a CPU woken may still be
 *    spinning the old model's exit latency), then one more grace period, which also sees the
 *    cpuidle core on those CPUs clear the scheduler's pointer to the
 *    state (sched_idle_set_state()) before the state table is rewritten.
 *    Nothing reads the old model any more but this function.
 * 4. The CPUs that are offline now are made offline in the new model
 *    (they vote as idle in the deepest state, as at load), the new
 *    model's energy starts counting (a reset: nothing is carried over),
 *    the powercap zones are removed, and this
 *    module's sysfs tree is removed, each directory explicitly: the names
 *    are free for the new tree and readers in progress are done when it
 *    returns, even if the kobjects' releases run later (pidle_sysfs.c,
 *    "Sysfs lifetime"). Every directory reads the model it was made for.
 * 5. Every registered device is disabled (cpuidle_disable_device(): the
 *    governor's ``disable``, and the device's cpuidle ``stateN``
 *    directories removed, counted by the old ``state_count``). pidle_cfg
 *    is swapped, the driver's states are rewritten from the new table,
 *    ``state_count`` included, each device's cpuidle counters
 *    (``states_usage``: usage, time, above, below, rejected and the
 *    per-state ``disable``) are zeroed as cpuidle_register_device() does for
 *    a new device, so are the poll limit cached for the old table
 *    (``poll_limit_ns``), its ``poll_time_limit`` and ``last_state_idx``,
 *    and every device is enabled again: the governor's
 *    ``enable`` callback starts it from a clean history
 *    (menu_enable_device() and teo_enable_device() zero their per-CPU data,
 *    ladder_enable_device() rebuilds its thresholds from the new table,
 *    haltpoll_enable_device() resets its poll limit), and the ``stateN``
 *    directories are created for the new count.
 * 6. The sysfs tree and the powercap zones are built for the new model,
 *    cpuidle resumes, hotplug is allowed again, and the old configuration
 *    is freed.
 *
 * **Clean history** is the point: no governor keeps thresholds, correction
 * factors or intercept counts learnt on a table that no longer exists; the
 * cpuidle counters a governor evaluation reads (usage, above, below) and
 * the model's counters all start from zero together, so they describe
 * only the configuration in force. A state disabled through cpuidle sysfs
 * is enabled again: its index may name another state now. Writing the
 * value in force again is a way to restart governors from clean history.
 *
 * **Failure.** If a device cannot be enabled, or the sysfs tree cannot be
 * built (both only for lack of memory), the same switch runs backwards
 * within the same pause: the old configuration, whose model nothing has
 * touched since step 3, is put back in force, its sysfs tree rebuilt, and
 * the write fails with that error.
 *
 * **Locks**, always in this order: kernel_param_lock(THIS_MODULE) (every
 * parameter read and write holds it; init holds it from reading insmod's
 * strings to going live, and exit takes it to refuse further writes, so a
 * write during init waits and then reconfigures, and a write during exit
 * is refused with -ENODEV), cpus_read_lock(), then the cpuidle core's
 * mutex. The hotplug callbacks run with the hotplug lock held for writing
 * and take only the cpuidle mutex (cpuidle_register_device()); init
 * holds the parameter lock around cpuhp_setup_state(), which takes the
 * hotplug lock: the same order everywhere.
 *
 * **What a user sees** during the switch, which lasts a few grace periods:
 * CPUs idle in the default idle, and /sys/kernel/pseudo_cpuidle is absent.
 */

static void pidle_devices_disable(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct cpuidle_device *dev = per_cpu_ptr(&pidle_devices, cpu);

		if (dev->registered)
			cpuidle_disable_device(dev);
	}
}

/* Returns the first error; every device that can be enabled is. */
static int pidle_devices_enable(void)
{
	unsigned int cpu;
	int ret, first = 0;

	for_each_possible_cpu(cpu) {
		struct cpuidle_device *dev = per_cpu_ptr(&pidle_devices, cpu);

		if (!dev->registered)
			continue;
		/*
		 * What a new device starts with (cpuidle_register_device(),
		 * and pidle_hp_online()'s memset): no counters, and no poll
		 * limit, poll-limit exit or last state of the old table,
		 * which the governors would otherwise read against the new.
		 */
		memset(dev->states_usage, 0, sizeof(dev->states_usage));
		dev->last_residency_ns = 0;
		dev->poll_limit_ns = 0;
		dev->poll_time_limit = false;
		dev->last_state_idx = 0;
		ret = cpuidle_enable_device(dev);
		if (ret) {
			pr_err("cpu%u: cannot enable its cpuidle device: %d\n",
			       cpu, ret);
			if (!first)
				first = ret;
		}
	}
	return first;
}

/*
 * swap() without its temporary: a configuration with a table per CPU set
 * is a few kilobytes, too much for the stack (-Wframe-larger-than).
 */
static void pidle_cfg_swap(struct pidle_cfg *a, struct pidle_cfg *b)
{
	unsigned long *wa = (unsigned long *)a, *wb = (unsigned long *)b;
	size_t i;

	BUILD_BUG_ON(sizeof(*a) % sizeof(unsigned long));
	for (i = 0; i < sizeof(*a) / sizeof(unsigned long); i++)
		swap(wa[i], wb[i]);
}

/* Steps 5: put *cfg in force; *cfg gets the configuration it replaces. */
static int pidle_reconfig_switch(struct pidle_cfg *cfg)
{
	pidle_devices_disable();
	pidle_cfg_swap(&pidle_cfg, cfg);
	pidle_fill_driver();
	return pidle_devices_enable();
}

/**
 * pidle_reconfig_apply() - put a configuration in force
 * @next: a configuration built by pidle_cfg_build(), not yet in force
 *
 * Called with kernel_param_lock(THIS_MODULE) held, while the module is
 * live. On return @next holds whichever configuration is not in force (the
 * one replaced, or @next itself after a failure), for the caller to free.
 *
 * Return: 0, or a negative errno with the old configuration in force.
 */
int pidle_reconfig_apply(struct pidle_cfg *next)
{
	int ret;

	cpus_read_lock();
	cpuidle_pause_and_lock();
	pidle_enter_drain();

	pidle_model_offline_cpus(next->model);
	pidle_stats_reset(next->model, ktime_get_ns());
	pidle_wake_reset_all();		/* the state indexes may change */
	pidle_powercap_exit(false);
	pidle_sysfs_exit();
	ret = pidle_reconfig_switch(next);
	if (!ret)
		ret = pidle_sysfs_init(&pidle_cfg);	/* cleans up after itself */
	if (ret) {
		pr_err("cannot put the new configuration in force (%d); the old one is back\n",
		       ret);
		if (pidle_reconfig_switch(next))
			pr_err("some CPUs idle in the default idle until the next write\n");
		if (pidle_sysfs_init(&pidle_cfg))
			pr_err("no /sys/kernel/pseudo_cpuidle until the next write\n");
	}
	pidle_powercap_init();		/* optional: logs its own failure */

	cpuidle_resume_and_unlock();
	cpus_read_unlock();
	return ret;
}
