// SPDX-License-Identifier: GPL-2.0
/*
 * pidle_poll_timer: a timer-wheel timer queued from an interrupt while its
 * CPU polls (test-only, never installed; the polling suite).
 *
 * Writing 1 to the parameter "round" starts one round on CPU "cpu": a
 * function call there arms a pinned hrtimer 5 ms ahead and returns, and
 * the CPU goes back to idle. The hrtimer's handler (hard interrupt, on
 * that CPU, during whatever idle state it chose) queues a pinned
 * timer-wheel timer "delay_jiffies" ahead and records when it is due.
 * With the tick stopped nothing programs that timer until the idle loop
 * runs again: a polling state that leaves only on need_resched() would
 * hold it back indefinitely; the kernel's poll_idle() leaves after at most
 * TICK_NSEC/16 for this reason. The wheel timer's handler records how late
 * it ran. Read: "fired" (rounds whose timer ran), "late_us" (the last
 * round's lateness after its due time, -1 until it ran), "max_late_us".
 */
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/smp.h>
#include <linux/timer.h>

static unsigned int cpu = 1;
module_param(cpu, uint, 0444);
MODULE_PARM_DESC(cpu, "the CPU the timers run on (default 1)");

static unsigned int delay_jiffies = 2;
module_param(delay_jiffies, uint, 0444);
MODULE_PARM_DESC(delay_jiffies, "how far ahead the wheel timer is queued (default 2)");

static unsigned int fired;
module_param(fired, uint, 0444);
static long late_us = -1;
module_param(late_us, long, 0444);
static long max_late_us;
module_param(max_late_us, long, 0444);

static struct hrtimer pidle_pt_hrtimer;
static struct timer_list pidle_pt_timer;
static u64 pidle_pt_due_ns;

static void pidle_pt_timer_fn(struct timer_list *t)
{
	s64 late_ns = ktime_get_ns() - READ_ONCE(pidle_pt_due_ns);

	WRITE_ONCE(late_us, late_ns > 0 ? (long)div_s64(late_ns, NSEC_PER_USEC) : 0);
	if (late_us > max_late_us)
		WRITE_ONCE(max_late_us, late_us);
	WRITE_ONCE(fired, fired + 1);
}

static enum hrtimer_restart pidle_pt_hrtimer_fn(struct hrtimer *t)
{
	unsigned long expires = jiffies + delay_jiffies;

	/* Due at that jiffy's tick: at most this much after now. */
	WRITE_ONCE(pidle_pt_due_ns, ktime_get_ns() + (u64)delay_jiffies * TICK_NSEC);
	mod_timer(&pidle_pt_timer, expires);
	return HRTIMER_NORESTART;
}

static void pidle_pt_arm(void *unused)
{
	hrtimer_start(&pidle_pt_hrtimer, ms_to_ktime(5), HRTIMER_MODE_REL_PINNED);
}

static int pidle_pt_round_set(const char *val, const struct kernel_param *kp)
{
	if (!cpu_online(cpu))
		return -ENODEV;
	WRITE_ONCE(late_us, -1);
	return smp_call_function_single(cpu, pidle_pt_arm, NULL, 1);
}

static const struct kernel_param_ops pidle_pt_round_ops = {
	.set = pidle_pt_round_set,
};
module_param_cb(round, &pidle_pt_round_ops, NULL, 0200);
MODULE_PARM_DESC(round, "write 1: one round on cpu");

static int __init pidle_pt_init(void)
{
	if (cpu >= nr_cpu_ids || !delay_jiffies)
		return -EINVAL;
	hrtimer_init(&pidle_pt_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED);
	pidle_pt_hrtimer.function = pidle_pt_hrtimer_fn;
	timer_setup(&pidle_pt_timer, pidle_pt_timer_fn, TIMER_PINNED);
	return 0;
}

static void __exit pidle_pt_exit(void)
{
	hrtimer_cancel(&pidle_pt_hrtimer);
	del_timer_sync(&pidle_pt_timer);
}

module_init(pidle_pt_init);
module_exit(pidle_pt_exit);
MODULE_DESCRIPTION("pseudo-cpuidle test: a wheel timer queued from an interrupt during a poll");
MODULE_LICENSE("GPL");
