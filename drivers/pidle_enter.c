// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the ->enter path.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/context_tracking.h>
#include <linux/cpu.h>
#include <linux/cpuidle.h>
#include <linux/delay.h>
#include <linux/instrumentation.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/limits.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/pm_qos.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/idle.h>
#include <linux/smp.h>
#include "pidle_arch.h"
#include "pidle_compat.h"
#include "pidle_drv.h"
#include "pidle_trace.h"
#include "pidle_wake.h"

/**
 * DOC: The enter path
 *
 * pidle_enter_state() is every state's ``->enter``. The cpuidle core calls
 * it with interrupts masked and RCU watching (every state is flagged
 * CPUIDLE_FLAG_RCU_IDLE, so this file tells RCU about idle itself, around
 * the wait only). In order:
 *
 * 1. **Pending at entry.** A non-polling state first looks for a wake-up
 *    that is already there: need_resched(), or an interrupt pending at
 *    the interrupt controller (pidle_arch_irq_pending(): the local APIC's
 *    IRR on x86). Then it leaves at once, as MWAIT returns at once when a
 *    wake-up event is pending: no vote, no domain taken down, no latency,
 *    counted in the CPU's ``aborted`` counter of the state.
 * 2. **Vote.** pidle_enter() of the model, with the time and the CPU's next
 *    timer event (dev->next_hrtimer, the clock event's programmed expiry);
 *    the tracepoints of the entry.
 * 3. **Wait**, where RCU is not watching (pidle_wait(), noinstr):
 *
 *    - the polling state (state 0 with no exit latency) is the kernel's
 *      poll_idle(): interrupts on, the polling flag set so that a remote
 *      wake-up needs no IPI, left on need_resched() or at the poll limit;
 *    - ``wait=poll``, any other state: interrupts stay *masked*; the CPU
 *      spins until need_resched() or an interrupt is pending. The handler
 *      does not run yet: hardware is deaf until it has powered up;
 *    - ``wait=halt``: the architecture's halt (STI; HLT), which wakes on any
 *      interrupt and runs its handler at once, before the exit latency.
 *      The halt cannot be faithful: HLT with interrupts masked does not
 *      wake on an interrupt at all, and MWAIT's "interrupts as break
 *      events" hint is not emulated by QEMU's TCG.
 *
 *    Every interrupt ends the wait, in every mode but the polling state's
 *    (as with poll_idle()): the CPU goes back to the idle loop, which
 *    reprograms the tick for any timer the interrupt queued (nohz relies
 *    on that), and the governor chooses again.
 * 4. **Exit.** pidle_exit() of the model gives the latency the CPU pays
 *    (its state's, or a domain's it is first man of or waits for); the CPU
 *    spins it, still with interrupts masked, from one deadline so it is
 *    paid once; then the tracepoints of the exit. The cpuidle core then
 *    unmasks interrupts and the pending handler runs, late by the exit
 *    latency, as on hardware.
 *
 * **Timer pre-wake** (``prewake=on``): Intel parts start leaving a C-state
 * ahead of a timer they know about, so a wake-up by the CPU's own next
 * timer costs (nearly) nothing, while IPIs and device interrupts pay in
 * full. When the only pending interrupt is the local timer, the exit is
 * taken to have begun at max(entry, next timer - latency), and only what
 * is left of the latency after the wake-up is spun. With ``wait=halt`` the
 * interrupt is not known; a wake-up at or after the next timer event
 * counts as the timer's.
 *
 * **Clocks.** Where RCU is watching: ktime_get_ns(), CLOCK_MONOTONIC, the
 * clock of dev->next_hrtimer. Inside the wait nothing instrumented may
 * run (KASAN, KCSAN, kprobes, tracing would run with RCU off): the masked
 * wait needs no clock at all, and the polling state times its limit with
 * the raw cycle counter (pidle_arch_cycles(), the TSC), the limit
 * converted to cycles beforehand and compared as a signed difference.
 *
 * **Draining.** Unload and reconfiguration must know that no CPU is still
 * inside this function with the old model. Each CPU has a flag,
 * ``pidle_in_enter``, set on entry and cleared, with release ordering,
 * after its last access to the model; only the drain, which is slow, reads
 * all of them. No cache line shared by all CPUs is written here.
 */

/* This CPU is inside pidle_enter_state(): see "Draining" above. */
static DEFINE_PER_CPU(bool, pidle_in_enter);

/*
 * Clock reads in the polling loop are this many cpu_relax()es apart, as in
 * the kernel's poll_idle(): a read per iteration would dominate the loop.
 */
#define PIDLE_RELAX_COUNT	200

/* drivers/cpuidle/cpuidle.c's bounds on polling, which it does not export. */
#define PIDLE_POLL_MIN_NS	10000
#define PIDLE_POLL_MAX_NS	(TICK_NSEC / 16)

/* Why the wait ended. */
enum pidle_wake {
	PIDLE_WAKE_NONE,	/* nothing yet */
	PIDLE_WAKE_RESCHED,	/* need_resched() */
	PIDLE_WAKE_TIMER,	/* the CPU's own timer interrupt, alone */
	PIDLE_WAKE_IRQ,		/* another interrupt */
	PIDLE_WAKE_LIMIT,	/* the polling state's limit */
};

/*
 * How long the polling state may spin: cpuidle_poll_time(), which modules
 * cannot call. The shallowest enabled deeper state's target residency,
 * within the bounds above; cached in dev->poll_limit_ns, which the cpuidle
 * core clears when a state is enabled or disabled, and a reconfiguration
 * when it swaps the table. With no deeper state enabled the limit is the
 * maximum, TICK_NSEC/16, as cpuidle_poll_time()'s, never none: with the
 * tick stopped, a timer-wheel timer queued on this CPU from an interrupt
 * during the poll is programmed only when the idle loop runs again
 * (tick_nohz_idle_stop_tick()); a poll that left only on need_resched()
 * would hold it back until some task woke the CPU (issue 28).
 */
static u64 pidle_poll_limit_ns(struct cpuidle_driver *drv,
			       struct cpuidle_device *dev)
{
	u64 limit_ns = PIDLE_POLL_MAX_NS;
	int i;

	if (dev->poll_limit_ns)
		return dev->poll_limit_ns;
	for (i = 1; i < drv->state_count; i++) {
		u64 residency_ns = drv->states[i].target_residency_ns;

		if (dev->states_usage[i].disable)
			continue;
		if (residency_ns < PIDLE_POLL_MIN_NS)
			continue;
		limit_ns = min_t(u64, residency_ns, PIDLE_POLL_MAX_NS);
		break;
	}
	dev->poll_limit_ns = limit_ns;
	return limit_ns;
}

/* A wake-up for a CPU whose interrupts are masked, or PIDLE_WAKE_NONE. */
static __always_inline enum pidle_wake pidle_wake_pending(void)
{
	if (need_resched())
		return PIDLE_WAKE_RESCHED;
	switch (pidle_arch_irq_pending()) {
	case PIDLE_PENDING_NONE:
		return PIDLE_WAKE_NONE;
	case PIDLE_PENDING_TIMER:
		return PIDLE_WAKE_TIMER;
	default:
		return PIDLE_WAKE_IRQ;
	}
}

/*
 * The polling state, as drivers/cpuidle/poll_state.c: wake-ups need no IPI,
 * and after the poll limit (@limit_cycles, U64_MAX for none) the CPU
 * leaves with dev->poll_time_limit set, so that the governor can choose
 * again and the idle loop programs timers queued meanwhile. Without the
 * limit a CPU that chose to poll stays in the state until something wakes
 * a task on it, which can be seconds on an idle system, and keeps every
 * domain of its up.
 */
static noinstr enum pidle_wake pidle_wait_polling(struct cpuidle_device *dev,
						  u64 limit_cycles)
{
	enum pidle_wake wake = PIDLE_WAKE_RESCHED;
	u64 start = pidle_arch_cycles();
	unsigned int loops = 0;

	raw_local_irq_enable();
	if (!current_set_polling_and_test()) {
		while (!need_resched()) {
			cpu_relax();
			if (++loops < PIDLE_RELAX_COUNT)
				continue;
			loops = 0;
			/*
			 * Signed: a counter read on another CPU after a
			 * migration could not happen here, but a TSC
			 * adjusted by a few cycles can step back.
			 */
			if (limit_cycles != U64_MAX &&
			    (s64)(pidle_arch_cycles() - start) > (s64)limit_cycles) {
				dev->poll_time_limit = true;
				wake = PIDLE_WAKE_LIMIT;
				break;
			}
		}
	}
	raw_local_irq_disable();
	current_clr_polling();
	return wake;
}

/* wait=poll: interrupts stay masked; a pending one ends the wait. */
static noinstr enum pidle_wake pidle_wait_masked(void)
{
	enum pidle_wake wake;

	while ((wake = pidle_wake_pending()) == PIDLE_WAKE_NONE)
		cpu_relax();
	return wake;
}

/*
 * wait=halt: any interrupt ends the halt, and its handler runs inside
 * raw_safe_halt(), before the exit latency. Which interrupt it was is not
 * known here; pidle_enter_state() tells the timer by the time.
 */
static noinstr enum pidle_wake pidle_wait_halt(void)
{
	raw_safe_halt();
	raw_local_irq_disable();
	return need_resched() ? PIDLE_WAKE_RESCHED : PIDLE_WAKE_IRQ;
}

/*
 * Wait for a wake-up with RCU not watching: noinstr, and nothing but
 * noinstr or __always_inline code between the idle enter and exit
 * (pidle_compat.h: the lockdep and instrumentation bookkeeping of
 * ct_cpuidle_enter() on either kernel).
 */
static noinstr enum pidle_wake pidle_wait(struct cpuidle_device *dev,
					  bool polling, enum pidle_wait mode,
					  u64 limit_cycles)
{
	enum pidle_wake wake;

	instrumentation_begin();
	pidle_ct_idle_enter();
	if (polling)
		wake = pidle_wait_polling(dev, limit_cycles);
	else if (mode == PIDLE_WAIT_HALT)
		wake = pidle_wait_halt();
	else
		wake = pidle_wait_masked();
	pidle_ct_idle_exit();
	instrumentation_end();
	return wake;
}

/*
 * When the exit latency of a wake-up at @wake_ns is over. With pre-wake,
 * a wake-up by the CPU's own timer began its exit at the latest of the
 * entry and the timer minus the latency, so only what is left of the
 * latency after @wake_ns is paid.
 */
static u64 pidle_exit_deadline_ns(enum pidle_wake wake, u64 enter_ns,
				  u64 wake_ns, u64 next_timer_ns, u64 latency_ns)
{
	u64 start_ns;

	if (!pidle_cfg.prewake || next_timer_ns == U64_MAX)
		return wake_ns + latency_ns;
	if (pidle_cfg.wait == PIDLE_WAIT_HALT && wake == PIDLE_WAKE_IRQ &&
	    wake_ns >= next_timer_ns)
		wake = PIDLE_WAKE_TIMER;
	if (wake != PIDLE_WAKE_TIMER)
		return wake_ns + latency_ns;
	start_ns = next_timer_ns > latency_ns ? next_timer_ns - latency_ns : 0;
	start_ns = max(start_ns, enter_ns);
	return clamp(start_ns + latency_ns, wake_ns, wake_ns + latency_ns);
}

static void pidle_trace_domains(unsigned int cpu, unsigned int mask,
				const unsigned int *state, bool down,
				const struct pidle_exit_info *xi)
{
	struct pidle_model *m = pidle_cfg.model;
	unsigned int l;

	for (l = 1; mask >> l; l++) {
		unsigned int dom;

		if (!(mask & (1u << l)))
			continue;
		dom = pidle_model_domain_of(m, l, cpu);
		if (down)
			trace_pidle_domain_down(pidle_model_level_name(m, l), dom,
						state[l]);
		else
			trace_pidle_domain_up(pidle_model_level_name(m, l), dom,
					      state[l], xi->up_residency_ns[l],
					      pidle_model_domain_state(m, l, dom, state[l])->exit_latency_ns);
	}
}

/*
 * The CPU's resume-latency constraint (its pm_qos_resume_latency_us), ns,
 * S64_MAX for none: the per-CPU QoS the OSI domain governors read, as
 * genpd 6.12's cpu_power_down_ok() reads dev_pm_qos_raw_resume_latency()
 * of each CPU device. The global CPU latency QoS (cpu_latency_qos_limit())
 * is not exported to modules on Debian's 6.1 and 6.12, so the model keeps
 * its "none" (Documentation/cluster-governors.rst).
 */
static s64 pidle_cpu_qos_ns(unsigned int cpu)
{
#ifdef CONFIG_PM
	struct device *cpu_dev = get_cpu_device(cpu);
	struct dev_pm_qos *qos;
	s32 us;

	if (!cpu_dev)
		return S64_MAX;
	/*
	 * dev_pm_qos_raw_resume_latency() itself, but for its
	 * pm_qos_read_value(), which is not exported: the same READ_ONCE().
	 */
	qos = READ_ONCE(cpu_dev->power.qos);
	if (IS_ERR_OR_NULL(qos))
		return S64_MAX;
	us = READ_ONCE(qos->resume_latency.target_value);
	if (us == PM_QOS_RESUME_LATENCY_NO_CONSTRAINT)
		return S64_MAX;
	return (s64)us * NSEC_PER_USEC;
#else
	return S64_MAX;
#endif
}

int pidle_enter_state(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		      int index)
{
	struct pidle_model *m = pidle_cfg.model;
	bool polling = drv->states[index].flags & CPUIDLE_FLAG_POLLING;
	/*
	 * The model's state of the driver's @index: the same with one table,
	 * a slot of the common layout with tables of different lengths
	 * (pidle_fill_driver()). The model and the drivers' tables change
	 * together, with cpuidle paused.
	 */
	unsigned int state = pidle_model_cpu_slot(m, dev->cpu, index);
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	u64 enter_ns, wake_ns, deadline_ns, now_ns, next_timer_ns;
	u64 limit_cycles = U64_MAX;
	enum pidle_wake wake;
	enum pidle_wake_src src;
	s64 next_ns;

	/*
	 * Seen by the drain: the grace period that precedes it waited for
	 * this CPU, which runs with interrupts off and RCU watching from the
	 * core's decision to call us to pidle_wait().
	 */
	this_cpu_write(pidle_in_enter, true);

	/*
	 * One rule for polling: the flag pidle_fill_driver() set. Other
	 * states run with the polling flag clear (call_cpuidle() cleared
	 * it), so remote wake-ups IPI us.
	 */
	if (!polling) {
		pidle_fault_pending_at_entry();	/* the test build's trigger */
		if (pidle_wake_pending() != PIDLE_WAKE_NONE) {
			pidle_record_aborted(m, dev->cpu, state);
			pidle_wake_count(dev, drv, index, PIDLE_WAKE_SRC_ABORTED,
					 NULL, 0);
			goto out;
		}
	}
	if (polling) {
		dev->poll_time_limit = false;
		limit_cycles = pidle_arch_ns_to_cycles(pidle_poll_limit_ns(drv, dev));
	}

	next_ns = ktime_to_ns(READ_ONCE(dev->next_hrtimer));
	next_timer_ns = next_ns > 0 ? (u64)next_ns : U64_MAX;
	/* Readers wait from before the clock read: see pidle_clock_begin(). */
	pidle_clock_begin(m, dev->cpu);
	enter_ns = ktime_get_ns();
	pidle_enter_qos(m, dev->cpu, state, enter_ns, next_timer_ns,
			pidle_cpu_qos_ns(dev->cpu), &ei);
	trace_pidle_enter(dev->cpu, state, enter_ns, next_timer_ns);
	if (ei.down_levels)
		pidle_trace_domains(dev->cpu, ei.down_levels, ei.down_state,
				    true, NULL);

	wake = pidle_wait(dev, polling, pidle_cfg.wait, limit_cycles);
	/* Wake sources (pidle_wake.c): still masked, the vector still pending. */
	src = pidle_wake_classify(polling, pidle_cfg.wait == PIDLE_WAIT_HALT,
				  wake == PIDLE_WAKE_RESCHED);

	pidle_clock_begin(m, dev->cpu);
	wake_ns = ktime_get_ns();
	pidle_exit(m, dev->cpu, wake_ns, &xi);
	/* One deadline from the wake-up: the latency is paid once, exactly. */
	deadline_ns = pidle_exit_deadline_ns(wake, enter_ns, wake_ns,
					     next_timer_ns, xi.latency_ns);
	while ((now_ns = ktime_get_ns()) < deadline_ns)
		cpu_relax();
	pidle_record_overshoot(m, dev->cpu, xi.achieved, now_ns - deadline_ns);
	pidle_wake_count(dev, drv, index, src, &xi, now_ns - enter_ns);

	if (xi.up_levels)
		pidle_trace_domains(dev->cpu, xi.up_levels, xi.up_state, false,
				    &xi);
	trace_pidle_exit(dev->cpu, state, xi.achieved, wake_ns - enter_ns,
			 xi.latency_ns, src);
out:
	/*
	 * Release: every access of this entry to the model (the counters
	 * above) happens before the drain, whose acquire in
	 * pidle_enter_cpu_busy() pairs with this, sees the flag clear.
	 */
	smp_store_release(this_cpu_ptr(&pidle_in_enter), false);
	return index;
}

/**
 * pidle_enter_cpu_busy() - whether a CPU is inside pidle_enter_state()
 * @cpu: the CPU
 *
 * For the drain. Acquire: pairs with the release at the end of
 * pidle_enter_state(), so once this returns false everything that entry
 * did to the model is visible. Only entries that began before the
 * caller's last RCU grace period are sure to be seen (see the setting of
 * the flag).
 */
bool pidle_enter_cpu_busy(unsigned int cpu)
{
	return smp_load_acquire(per_cpu_ptr(&pidle_in_enter, cpu));
}

/**
 * pidle_enter_drain() - wait until no CPU uses the model any more
 *
 * Called after every device is unregistered (unload), or with cpuidle
 * paused (reconfiguration): both ended in a synchronize_rcu() after new
 * entries were shut out, which waited for every CPU that had already
 * decided to call us and was still running with RCU watching, so its
 * flag is set. That grace period does not cover a CPU that was RCU-idle in
 * pidle_wait() when it began: the flag does.
 *
 * The kick: the cpuidle core woke the idle CPUs before that grace period
 * (wake_up_all_idle_cpus() in cpuidle_pause() / uninstall), but a CPU that
 * was not idle yet then, and entered a pseudo state on a stale look at the
 * core's state, got no wake-up and would stay in the wait until its next
 * interrupt, seconds on a quiet nohz system. After the grace period every
 * such CPU is in the wait with its flag set, so waking the idle CPUs again
 * now reaches all of them (any interrupt or need_resched() ends the wait).
 *
 * A CPU woken may still be spinning its exit latency, up to
 * PIDLE_MAX_EXIT_LATENCY_US: sleep between looks rather than spin. The
 * synchronize_rcu() at the end waits out the few instructions between the
 * flag's clearing and the return: that CPU runs with interrupts off and
 * RCU watching until it leaves this module's text.
 */
void pidle_enter_drain(void)
{
	unsigned int cpu;

	wake_up_all_idle_cpus();
	for_each_possible_cpu(cpu)
		while (pidle_enter_cpu_busy(cpu))
			usleep_range(20, 100);
	synchronize_rcu();
}
