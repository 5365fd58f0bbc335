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
 * device's next_hrtimer, which the timer domain policy compares with.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/context_tracking.h>
#include <linux/cpuidle.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/ktime.h>
#include <linux/limits.h>
#include <linux/sched.h>
#include <linux/sched/idle.h>
#include "pidle_compat.h"
#include "pidle_drv.h"
#include "pidle_trace.h"

/* CPUs inside pidle_enter_state(): unload waits for none to be left. */
static atomic_t pidle_in_enter = ATOMIC_INIT(0);

/* Wait for a wake-up: an interrupt, or need_resched() from a remote CPU. */
static void pidle_wait(bool polling)
{
	pidle_ct_idle_enter();
	if (polling) {
		/* As drivers/cpuidle/poll_state.c: wake-ups need no IPI. */
		raw_local_irq_enable();
		if (!current_set_polling_and_test()) {
			while (!need_resched())
				cpu_relax();
		}
		raw_local_irq_disable();
		current_clr_polling();
	} else if (pidle_cfg.wait == PIDLE_WAIT_HALT) {
		/* call_cpuidle() cleared the polling flag: wake-ups IPI us. */
		if (!need_resched()) {
			raw_safe_halt();
			raw_local_irq_disable();
		}
	} else {
		/* Interrupts on, so the one that wakes us is taken here. */
		raw_local_irq_enable();
		while (!need_resched())
			cpu_relax();
		raw_local_irq_disable();
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
	u64 enter_ns, wake_ns, deadline_ns, now_ns;
	s64 next_ns;

	atomic_inc(&pidle_in_enter);
	next_ns = ktime_to_ns(READ_ONCE(dev->next_hrtimer));
	enter_ns = ktime_get_ns();
	pidle_enter(m, dev->cpu, index, enter_ns,
		    next_ns > 0 ? (u64)next_ns : U64_MAX, &ei);
	trace_pidle_enter(dev->cpu, index);
	if (ei.down_levels)
		pidle_trace_domains(dev->cpu, ei.down_levels, ei.down_state,
				    true, NULL);

	/* One rule for polling: the flag pidle_fill_driver() set. */
	pidle_wait(drv->states[index].flags & CPUIDLE_FLAG_POLLING);

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
