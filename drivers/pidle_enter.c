// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the ->enter path.
 *
 * Every state is flagged CPUIDLE_FLAG_RCU_IDLE, so the cpuidle core leaves
 * RCU watching and this file tells RCU about idle itself, around the wait
 * only: the model's bookkeeping, the tracepoints and the exit-latency spin
 * all run with RCU watching, so tracepoints are legal there.
 *
 * The clock is ktime_get_ns(): CLOCK_MONOTONIC, the clock of the cpuidle
 * device's next_hrtimer, which the timer domain policy and the wait=poll
 * spin compare with. Inside the wait, where RCU is not watching, the same
 * clock is read with ktime_get_mono_fast_ns(), which is notrace.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/context_tracking.h>
#include <linux/cpuidle.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/limits.h>
#include <linux/minmax.h>
#include <linux/sched.h>
#include <linux/sched/idle.h>
#include <linux/timekeeping.h>
#include "pidle_compat.h"
#include "pidle_drv.h"
#include "pidle_trace.h"

/* CPUs inside pidle_enter_state(): unload waits for none to be left. */
static atomic_t pidle_in_enter = ATOMIC_INIT(0);

/*
 * Clock reads in the wait loops are this many cpu_relax()es apart, as in
 * the kernel's poll_idle(): a read per iteration would dominate the loop.
 */
#define PIDLE_RELAX_COUNT	200

/* drivers/cpuidle/cpuidle.c's bounds on polling, which it does not export. */
#define PIDLE_POLL_MIN_NS	10000
#define PIDLE_POLL_MAX_NS	(TICK_NSEC / 16)

/*
 * How long the polling state may spin: cpuidle_poll_time(), which modules
 * cannot call. The shallowest enabled deeper state's target residency,
 * within the bounds above; cached in dev->poll_limit_ns, which the cpuidle
 * core clears when a state is enabled or disabled. One difference: with
 * no deeper state enabled there is no limit (cpuidle_poll_time() gives its
 * maximum), since the governor has nothing else to choose and leaving would
 * only open a window in which a wake-up needs an IPI.
 */
static u64 pidle_poll_limit_ns(struct cpuidle_driver *drv,
			       struct cpuidle_device *dev)
{
	u64 limit_ns = U64_MAX;
	int i;

	if (dev->poll_limit_ns)
		return dev->poll_limit_ns;
	for (i = 1; i < drv->state_count; i++) {
		u64 residency_ns = drv->states[i].target_residency_ns;

		if (dev->states_usage[i].disable)
			continue;
		limit_ns = PIDLE_POLL_MAX_NS;
		if (residency_ns < PIDLE_POLL_MIN_NS)
			continue;
		limit_ns = min_t(u64, residency_ns, PIDLE_POLL_MAX_NS);
		break;
	}
	dev->poll_limit_ns = limit_ns;
	return limit_ns;
}

/*
 * The polling state, as drivers/cpuidle/poll_state.c: wake-ups need no IPI,
 * and after the poll limit the CPU leaves with dev->poll_time_limit set, so
 * that the governor can choose again. Without the limit a CPU that chose
 * to poll stays in the state until something wakes a task on it, which can
 * be seconds on an idle system, and keeps every domain of its up.
 */
static void pidle_wait_polling(struct cpuidle_driver *drv,
			       struct cpuidle_device *dev)
{
	u64 start_ns = ktime_get_mono_fast_ns();
	u64 limit_ns = pidle_poll_limit_ns(drv, dev);
	unsigned int loops = 0;

	dev->poll_time_limit = false;
	raw_local_irq_enable();
	if (!current_set_polling_and_test()) {
		while (!need_resched()) {
			cpu_relax();
			if (++loops < PIDLE_RELAX_COUNT)
				continue;
			loops = 0;
			if (ktime_get_mono_fast_ns() - start_ns > limit_ns) {
				dev->poll_time_limit = true;
				break;
			}
		}
	}
	raw_local_irq_disable();
	current_clr_polling();
}

/*
 * wait=poll, any other state: spin with interrupts on until need_resched()
 * or the CPU's next timer event, @deadline_ns, the interrupt that would
 * take a real CPU out of its idle state. The governor relies on that: when
 * it keeps the tick for a shallow state, the tick is what lets it choose
 * again. An interrupt whose handler wakes no task and that is not the
 * next timer (an IPI running a function) is handled here without ending
 * the wait.
 */
static void pidle_wait_spin(u64 deadline_ns)
{
	unsigned int loops = 0;

	raw_local_irq_enable();
	while (!need_resched()) {
		cpu_relax();
		if (++loops < PIDLE_RELAX_COUNT)
			continue;
		loops = 0;
		if (ktime_get_mono_fast_ns() >= deadline_ns)
			break;
	}
	raw_local_irq_disable();
}

/*
 * Wait for a wake-up, with RCU not watching: only notrace, NMI-safe calls
 * in here (ktime_get_mono_fast_ns(), not ktime_get_ns()).
 */
static void pidle_wait(struct cpuidle_driver *drv, struct cpuidle_device *dev,
		       int index, u64 deadline_ns)
{
	pidle_ct_idle_enter();
	/*
	 * One rule for polling: the flag pidle_fill_driver() set. Other
	 * states run with the polling flag clear (call_cpuidle() cleared
	 * it), so remote wake-ups IPI us.
	 */
	if (drv->states[index].flags & CPUIDLE_FLAG_POLLING) {
		pidle_wait_polling(drv, dev);
	} else if (pidle_cfg.wait == PIDLE_WAIT_HALT) {
		/* Any interrupt ends the halt. */
		if (!need_resched()) {
			raw_safe_halt();
			raw_local_irq_disable();
		}
	} else {
		pidle_wait_spin(deadline_ns);
	}
	pidle_ct_idle_exit();
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
					      pidle_model_state(m, state[l])->exit_latency_ns);
	}
}

int pidle_enter_state(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		      int index)
{
	struct pidle_model *m = pidle_cfg.model;
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	u64 enter_ns, wake_ns, deadline_ns, now_ns, next_timer_ns;
	s64 next_ns;

	atomic_inc(&pidle_in_enter);
	next_ns = ktime_to_ns(READ_ONCE(dev->next_hrtimer));
	next_timer_ns = next_ns > 0 ? (u64)next_ns : U64_MAX;
	enter_ns = ktime_get_ns();
	pidle_enter(m, dev->cpu, index, enter_ns, next_timer_ns, &ei);
	trace_pidle_enter(dev->cpu, index);
	if (ei.down_levels)
		pidle_trace_domains(dev->cpu, ei.down_levels, ei.down_state,
				    true, NULL);

	pidle_wait(drv, dev, index, next_timer_ns);

	wake_ns = ktime_get_ns();
	pidle_exit(m, dev->cpu, wake_ns, &xi);
	/* One deadline from the wake-up: the latency is paid once, exactly. */
	deadline_ns = wake_ns + xi.latency_ns;
	while ((now_ns = ktime_get_ns()) < deadline_ns)
		cpu_relax();
	pidle_record_overshoot(m, dev->cpu, xi.achieved, now_ns - deadline_ns);

	if (xi.up_levels)
		pidle_trace_domains(dev->cpu, xi.up_levels, xi.up_state, false,
				    &xi);
	trace_pidle_exit(dev->cpu, index, xi.achieved, wake_ns - enter_ns,
			 xi.latency_ns);
	/* Pairs with the atomic_read() in pidle_enter_drain(). */
	smp_mb__before_atomic();
	atomic_dec(&pidle_in_enter);
	return index;
}

/*
 * Wait until no CPU is inside pidle_enter_state(). The caller has made sure
 * that none can start a new entry (devices unregistered, or cpuidle paused:
 * both end in a synchronize_rcu(), which waits for every CPU that had
 * already decided to call us and was still running with RCU watching, so
 * it has incremented the counter). A CPU woken from pidle_wait() may then
 * still be spinning its exit latency, up to PIDLE_MAX_TIME_US: sleep
 * between looks rather than spin.
 */
void pidle_enter_wait_out(void)
{
	/* Acquire: pairs with smp_mb__before_atomic() + atomic_dec() above. */
	while (atomic_read_acquire(&pidle_in_enter))
		usleep_range(20, 100);
}

/*
 * Unload: called after every device and the driver are unregistered. The
 * cpuidle core's synchronize_rcu() does not cover a CPU that was RCU-idle
 * in pidle_wait() when it began and is now spinning its exit latency; the
 * counter does. The synchronize_rcu() after it waits out the few
 * instructions between the decrement and the return: that CPU runs with
 * interrupts off and RCU watching until it leaves this module's text.
 */
void pidle_enter_drain(void)
{
	pidle_enter_wait_out();
	synchronize_rcu();
}
