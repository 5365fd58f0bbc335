// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: registration and lifecycle. The parameters are in
 * pidle_param.c, their run-time changes in pidle_reconfig.c.
 *
 * Modelled on drivers/cpuidle/cpuidle-haltpoll.c: one driver, per-CPU
 * devices registered from cpuhp callbacks, .owner left NULL (each
 * registered device would pin the module, so rmmod could never run the
 * exit function that unregisters them).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/cpuidle.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include "pidle_arch.h"
#include <pidle/dgov.h>
#include "pidle_drv.h"

struct pidle_cfg pidle_cfg;

/*
 * One driver for one table; with a table per CPU set, one per set, each
 * registered for its set's CPUs (drv->cpumask), as cpuidle-big_little.c
 * and cpuidle-psci.c register one per cluster or CPU. That takes the
 * kernel's CONFIG_CPU_IDLE_MULTIPLE_DRIVERS; pidle_param.c refuses sets
 * without it, and a change of the sets at run time.
 */
struct cpuidle_driver pidle_drivers[PIDLE_MAX_CPU_SETS] = {
	[0 ... PIDLE_MAX_CPU_SETS - 1] = {
		.name = "pseudo_cpuidle",
		/* .owner NULL on purpose: see the top of this file. */
	},
};
static struct cpumask pidle_set_masks[PIDLE_MAX_CPU_SETS];
static unsigned int pidle_nr_drivers;

DEFINE_PER_CPU(struct cpuidle_device, pidle_devices);
static enum cpuhp_state pidle_hp_state;

/*
 * The model counts an offline CPU as idle in the deepest state. cpuhp
 * calls online for CPUs the model already has online only at setup, so
 * keep track to make both directions idempotent.
 */
static struct cpumask pidle_offline_in_model;

/*
 * pidle_cpu_offline() and pidle_cpu_online() run the model's lock-free
 * protocol: they may set a domain's ENTERING or WAKING flag, on which
 * siblings spin with interrupts off (model DOC block, "Why the spins are
 * bounded"). The cpuhp callbacks run in the hotplug thread, preemptible
 * and with interrupts on, so hold the flag the way the idle path does:
 * interrupts off, which also keeps the thread on its CPU. This is a raw
 * hardware disable on PREEMPT_RT too; nothing in between can sleep (the
 * model takes no lock, ktime_get_ns() is a seqcount read).
 */
static void pidle_cpu_offline_model(unsigned int cpu)
{
	unsigned long flags;

	local_irq_save(flags);
	if (!cpumask_test_and_set_cpu(cpu, &pidle_offline_in_model))
		pidle_cpu_offline(pidle_cfg.model, cpu, ktime_get_ns());
	local_irq_restore(flags);
}

static void pidle_cpu_online_model(unsigned int cpu)
{
	unsigned long flags;

	local_irq_save(flags);
	if (cpumask_test_and_clear_cpu(cpu, &pidle_offline_in_model))
		pidle_cpu_online(pidle_cfg.model, cpu, ktime_get_ns());
	local_irq_restore(flags);
}

/*
 * A model built while pidle_cfg.model is in force starts with every CPU
 * online; make the CPUs offline now offline in it too. Called with CPU
 * hotplug shut out (cpus_read_lock()), so the mask is stable. @m is not
 * in force yet and no other CPU uses it, but the protocol's rule (and the
 * model's lockdep assertion) is the same for every caller: interrupts off.
 */
void pidle_model_offline_cpus(struct pidle_model *m)
{
	unsigned long flags;
	unsigned int cpu;
	u64 now_ns;

	local_irq_save(flags);
	now_ns = ktime_get_ns();
	for_each_cpu(cpu, &pidle_offline_in_model)
		pidle_cpu_offline(m, cpu, now_ns);
	local_irq_restore(flags);
}

/*
 * The driver's states from pidle_cfg: at init, and while cpuidle is paused.
 *
 * PC mode registers the whole table: the per-CPU governor asks for domain
 * states too. OSI mode registers the CPU-level states only, as
 * cpuidle-psci.c does with a power-domain hierarchy: the domain states are
 * genpd's, chosen by the domain governor when the last CPU of a domain
 * enters its deepest CPU state. The CPU-level states come first in every
 * table (levels do not decrease along it), so a cpuidle index is the
 * model's state index in both modes, or, for a set whose table is shorter
 * than the longest, the slot the set maps it to (pidle_fill_driver()).
 *
 * A state's exit latency, as cpuidle sees it, is its entry + exit latency,
 * as drivers/cpuidle/dt_idle_states.c sums a devicetree state's
 * entry-latency-us and exit-latency-us.
 */
static void pidle_fill_one_driver(struct cpuidle_driver *drv,
				  const struct pidle_state_desc *table,
				  const u8 *slot, unsigned int nr);

/*
 * Every driver's states: each CPU set's table (the sets, and so the
 * drivers, are those registered: pidle_param.c keeps them), or the one.
 * A set's driver has its own length ("Tables of different lengths" in
 * pidle_config_sets.c): its index i is the model's state slot[i], which
 * pidle_enter_state() passes on (pidle_model_cpu_slot()).
 */
void pidle_fill_driver(void)
{
	const struct pidle_states *st = &pidle_cfg.states;
	u8 same[PIDLE_MAX_STATES];
	unsigned int d;

	if (!pidle_states_per_set(st)) {
		for (d = 0; d < PIDLE_MAX_STATES; d++)
			same[d] = d;
		pidle_fill_one_driver(&pidle_drivers[0], st->state, same,
				      st->nr_states);
		return;
	}
	for (d = 0; d < st->nr_sets; d++)
		pidle_fill_one_driver(&pidle_drivers[d], st->set[d].state,
				      st->set[d].slot, st->set[d].nr_own);
}

static void pidle_fill_one_driver(struct cpuidle_driver *drv,
				  const struct pidle_state_desc *table,
				  const u8 *slot, unsigned int nr)
{
	unsigned int i, count = nr;

	if (pidle_cfg.mode == PIDLE_MODE_OSI)
		for (count = 0; count < nr; count++)
			if (strcmp(table[slot[count]].level_name,
				   PIDLE_LEVEL_CPU))
				break;
	/* A shorter table than the last one leaves no stale state behind. */
	memset(drv->states, 0, sizeof(drv->states));
	for (i = 0; i < count; i++) {
		const struct pidle_state_desc *sd = &table[slot[i]];
		struct cpuidle_state *cs = &drv->states[i];

		strscpy(cs->name, sd->name, CPUIDLE_NAME_LEN);
		snprintf(cs->desc, CPUIDLE_DESC_LEN, "pseudo %s state", sd->level_name);
		/* Both units: 6.1 derives only _ns from the microseconds. */
		cs->exit_latency = div_u64(pidle_state_wake_latency_ns(sd),
					   NSEC_PER_USEC);
		cs->target_residency = div_u64(sd->target_residency_ns, NSEC_PER_USEC);
		cs->exit_latency_ns = pidle_state_wake_latency_ns(sd);
		cs->target_residency_ns = sd->target_residency_ns;
		cs->power_usage = sd->power_mw;
		cs->flags = CPUIDLE_FLAG_RCU_IDLE;
		if (i == 0 && pidle_state_wake_latency_ns(sd) == 0)
			cs->flags |= CPUIDLE_FLAG_POLLING;
		cs->enter = pidle_enter_state;
	}
	drv->state_count = count;
	drv->safe_state_index = 0;
}

/* Unregister drivers @n - 1 .. 0, the reverse of pidle_register_drivers(). */
static void pidle_unregister_drivers(unsigned int n)
{
	while (n--)
		cpuidle_unregister_driver(&pidle_drivers[n]);
}

/*
 * One driver, for every possible CPU (cpumask NULL: the core's default),
 * or one per CPU set, for the set's CPUs; on a failure, those registered
 * are unregistered again, last first.
 */
static int pidle_register_drivers(void)
{
	const struct pidle_states *st = &pidle_cfg.states;
	unsigned int d, cpu;
	int ret;

	pidle_nr_drivers = 1;
	pidle_drivers[0].cpumask = NULL;
	if (pidle_states_per_set(st)) {
		pidle_nr_drivers = st->nr_sets;
		for (d = 0; d < st->nr_sets; d++) {
			cpumask_clear(&pidle_set_masks[d]);
			for_each_possible_cpu(cpu)
				if (pidle_states_set_of(st, cpu) == (int)d)
					cpumask_set_cpu(cpu, &pidle_set_masks[d]);
			pidle_drivers[d].cpumask = &pidle_set_masks[d];
		}
	}
	for (d = 0; d < pidle_nr_drivers; d++) {
		ret = cpuidle_register_driver(&pidle_drivers[d]);
		if (ret) {
			if (pidle_nr_drivers > 1)
				pr_err("CPU set %u (CPUs %*pbl): cannot register its cpuidle driver: %d\n",
				       d, cpumask_pr_args(&pidle_set_masks[d]), ret);
			pidle_unregister_drivers(d);
			return ret;
		}
	}
	return 0;
}

static int pidle_hp_online(unsigned int cpu)
{
	struct cpuidle_device *dev = per_cpu_ptr(&pidle_devices, cpu);
	int ret;

	ret = pidle_fault_online(cpu);
	if (ret)
		return ret;
	pidle_cpu_online_model(cpu);
	memset(dev, 0, sizeof(*dev));
	dev->cpu = cpu;
	ret = cpuidle_register_device(dev);
	if (ret) {
		pr_err("cpu%u: cannot register its cpuidle device: %d\n", cpu, ret);
		pidle_cpu_offline_model(cpu);
	}
	return ret;
}

static int pidle_hp_offline(unsigned int cpu)
{
	cpuidle_unregister_device(per_cpu_ptr(&pidle_devices, cpu));
	pidle_cpu_offline_model(cpu);
	return 0;
}

/* How far init got: what pidle_teardown() has to undo. */
enum pidle_stage {
	PIDLE_HAVE_CFG,		/* pidle_cfg built */
	PIDLE_HAVE_SYSFS,	/* and /sys/kernel/pseudo_cpuidle */
	PIDLE_HAVE_DRIVER,	/* and the driver registered, no device left */
};

/*
 * The one teardown, of exit and of every error path of init, in reverse
 * order of init. Once the driver was registered, a CPU woken by the last
 * device's unregistration (by cpuhp_remove_state() at exit, or by cpuhp's
 * rollback when an online callback failed) can still be in
 * pidle_enter_state(), spinning its exit latency before it writes the
 * model's counters: the drain waits for it before the model is freed.
 * Last, whatever sysfs directories were ever created (at init, or by
 * reconfigurations) must have been released, since their release calls
 * into this module (pidle_sysfs.c, "Sysfs lifetime").
 */
static void pidle_teardown(enum pidle_stage stage)
{
	switch (stage) {
	case PIDLE_HAVE_DRIVER:
		pidle_unregister_drivers(pidle_nr_drivers);
		pidle_enter_drain();
		pidle_fault_exit();
		fallthrough;
	case PIDLE_HAVE_SYSFS:
		pidle_powercap_exit(true);
		pidle_sysfs_exit();
		fallthrough;
	case PIDLE_HAVE_CFG:
		pidle_cfg_free(&pidle_cfg);
	}
	pidle_sysfs_wait_released();
}

static int __init pidle_module_init(void)
{
	struct cpuidle_driver *holder;
	struct pidle_err err = { };
	unsigned int cpu;
	int ret;

	holder = cpuidle_get_driver();
	if (holder) {
		pr_err("cpuidle driver %s already holds the slot; boot with idle=halt to make intel_idle and acpi_idle step aside\n",
		       holder->name);
		return -EBUSY;
	}

	/*
	 * Every parameter read and write runs under this lock (kernel/params.c).
	 * The parameter files exist before init runs: a write arriving now
	 * waits, then reconfigures what init set up (pidle_reconfig.c).
	 */
	ret = pidle_arch_check();
	if (ret)
		return ret;
	pidle_dgov_init();

	kernel_param_lock(THIS_MODULE);
	ret = pidle_param_load(&err);
	if (ret) {
		if (ret == -EINVAL)
			pr_err("%s\n", err.msg);
		goto unlock;
	}
	pidle_fill_driver();

	ret = pidle_sysfs_init(&pidle_cfg);
	if (ret) {
		pidle_teardown(PIDLE_HAVE_CFG);
		goto unlock;
	}

	ret = pidle_register_drivers();
	if (ret) {
		if (ret == -EBUSY)
			pr_err("another cpuidle driver holds the slot; boot with idle=halt to free it\n");
		else if (ret == -ENODEV)
			pr_err("cpuidle is disabled (cpuidle.off=1 or idle=poll on the command line)\n");
		else
			pr_err("cannot register the cpuidle driver: %d\n", ret);
		pidle_teardown(PIDLE_HAVE_SYSFS);
		goto unlock;
	}

	/*
	 * CPUs offline now vote as idle in the deepest state from the start.
	 * Online ones are busy in the model until cpuhp has registered their
	 * device, so that no domain goes down before its CPUs can idle. The
	 * lock keeps the online set the one cpuhp calls pidle_hp_online() for.
	 */
	cpus_read_lock();
	for_each_possible_cpu(cpu)
		if (!cpu_online(cpu))
			pidle_cpu_offline_model(cpu);
	ret = cpuhp_setup_state_cpuslocked(CPUHP_AP_ONLINE_DYN,
					   "cpuidle/pseudo:online",
					   pidle_hp_online, pidle_hp_offline);
	cpus_read_unlock();
	if (ret < 0) {
		/* cpuhp has rolled back: offline ran for every CPU it onlined. */
		pidle_teardown(PIDLE_HAVE_DRIVER);
		goto unlock;
	}
	pidle_hp_state = ret;

	pr_info("%u states%s, %u domain levels, wait=%s, domain_policy=%s, prewake=%s, mode=%s\n",
		pidle_cfg.states.nr_states,
		pidle_nr_drivers > 1 ? " per CPU set (a cpuidle driver each)" : "",
		pidle_cfg.topo.nr_levels,
		pidle_wait_name(pidle_cfg.wait), pidle_policy_name(pidle_cfg.policy),
		pidle_prewake_name(pidle_cfg.prewake),
		pidle_mode_name(pidle_cfg.mode));
	pidle_powercap_init();		/* optional: logs its own failure */
	pidle_param_live(true);
	kernel_param_unlock(THIS_MODULE);
	return 0;

unlock:
	pidle_param_live(false);
	kernel_param_unlock(THIS_MODULE);
	pidle_dgov_exit();
	return ret;
}

static void __exit pidle_module_exit(void)
{
	/* From here on a parameter write is refused and a read fails. */
	kernel_param_lock(THIS_MODULE);
	pidle_param_live(false);
	kernel_param_unlock(THIS_MODULE);

	cpuhp_remove_state(pidle_hp_state);
	pidle_teardown(PIDLE_HAVE_DRIVER);
	pidle_dgov_exit();
}

module_init(pidle_module_init);
module_exit(pidle_module_exit);

MODULE_DESCRIPTION("cpuidle driver with simulated idle states and core/cluster/package domains");
MODULE_LICENSE("GPL");
