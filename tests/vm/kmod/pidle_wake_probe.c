// SPDX-License-Identifier: GPL-2.0
/*
 * pidle_wake_probe: test-only module that measures how late an interrupt
 * reaches its handler on an idle CPU. Never installed.
 *
 * Write a mode to /sys/module/pidle_wake_probe/parameters/run; the write
 * returns when the trials are done, and "result" then reads
 * "MODE n=N min_ns=A median_ns=B max_ns=C", each the lateness of one trial:
 *
 * pinned	the case nohz relies on: an IPI to an idle CPU arms a pinned
 *		timer_list timer for +delay_us there and wakes no task. The
 *		timer wheel programs the CPU's clock event only when the idle
 *		loop runs again, so a driver that stays in its state after
 *		the IPI fires the timer late. Lateness: handler time minus the
 *		time the timer is due: the wheel's round-up makes that the
 *		start of the jiffy after "expires" (the trial starts on a jiffy
 *		edge seen by a busy CPU, so that time is known within a few
 *		microseconds).
 * hrtimer	an IPI arms a pinned hard-irq hrtimer for +delay_us on the
 *		idle CPU, which then goes idle again until it fires.
 *		Lateness: handler time minus the timer's expiry: the
 *		interrupt latency of a timer wake-up.
 * ipi		the idle CPU is left idle for delay_us, then sent a function
 *		call. Lateness: handler time minus the time of the send: the
 *		interrupt latency of an IPI wake-up.
 * storm	function calls to the CPU back to back for delay_us, each
 *		sent as soon as the last one ran, so that many arrive while
 *		the CPU is on its way back into idle: wake-ups pending at
 *		entry. n is the number of calls; the times are 0.
 * spaced	function calls to the CPU for delay_us, each sent space_us
 *		after the last one ran, so that the CPU is back in its state
 *		when the next arrives. irq= counts the calls that reached it
 *		as an interrupt: a call sent while the idle loop polls
 *		(TIF_POLLING_NRFLAG, between two entries) sets need_resched
 *		instead and runs from the idle loop, not in an interrupt. A
 *		back-to-back storm falls into that window every time on a
 *		free-running guest (6.1: 2608 calls, 92 entries).
 *
 * The trials run in a kthread bound to "from" (default: CPU 0) against
 * CPU "cpu" (default 1), with gap_ms of idleness before each.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/preempt.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/timer.h>

#define PROBE_MAX_TRIALS	200

/* PROBE_UINT(name, default, description): a 0644 unsigned parameter */
#define PROBE_UINT(name, def, desc)		\
	static unsigned int name = def;		\
	module_param(name, uint, 0644);		\
	MODULE_PARM_DESC(name, desc)

PROBE_UINT(cpu, 1, "the idle CPU measured (default 1)");
PROBE_UINT(from, 0, "the CPU that runs the trials (default 0)");
PROBE_UINT(trials, 10, "trials per run, at most 200 (default 10)");
PROBE_UINT(delay_us, 4000, "timer delay / idle time before the IPI, us (default 4000)");
PROBE_UINT(gap_ms, 30, "idle time before each trial, ms (default 30)");
PROBE_UINT(space_us, 2000, "spaced: time between calls, us (default 2000)");

static char probe_result[160] = "none";
module_param_string(result, probe_result, sizeof(probe_result), 0444);
MODULE_PARM_DESC(result, "the last run: MODE n=N min_ns= median_ns= max_ns=");

enum probe_mode { PROBE_PINNED, PROBE_HRTIMER, PROBE_IPI, PROBE_STORM, PROBE_SPACED };
static const char *const probe_mode_name[] = { "pinned", "hrtimer", "ipi", "storm", "spaced" };

/* One trial in flight at a time: the run holds the param lock. */
static struct {
	enum probe_mode mode;
	struct timer_list timer;
	struct hrtimer hrt;
	u64 expect_ns;		/* when the handler should run, ideally */
	u64 fired_ns;
	unsigned long expires;
	struct completion done;
	s64 late_ns[PROBE_MAX_TRIALS];
	unsigned int n;
	atomic_t irq_calls;	/* storm, spaced: calls run in an interrupt */
	bool done_all;
	int ret;
} probe;

static void probe_timer_fn(struct timer_list *t)
{
	probe.fired_ns = ktime_get_ns();
	complete(&probe.done);
}

static enum hrtimer_restart probe_hrtimer_fn(struct hrtimer *t)
{
	probe.fired_ns = ktime_get_ns();
	probe.expect_ns = ktime_to_ns(hrtimer_get_expires(t));
	complete(&probe.done);
	return HRTIMER_NORESTART;
}

/* Runs on the idle CPU, in the IPI. */
static void probe_arm(void *unused)
{
	if (probe.mode == PROBE_PINNED) {
		probe.timer.expires = probe.expires;
		add_timer_on(&probe.timer, smp_processor_id());
	} else if (probe.mode == PROBE_HRTIMER) {
		hrtimer_start(&probe.hrt, ns_to_ktime(delay_us * NSEC_PER_USEC),
			      HRTIMER_MODE_REL_PINNED_HARD);
	} else {
		probe.fired_ns = ktime_get_ns();
	}
}

/* Busy until jiffies moves on; returns the time it did. */
static u64 probe_jiffy_edge(unsigned long *j)
{
	unsigned long j0 = jiffies;
	u64 now_ns;

	do {
		cpu_relax();
		now_ns = ktime_get_ns();
	} while (READ_ONCE(jiffies) == j0);
	*j = READ_ONCE(jiffies);
	return now_ns;
}

static void probe_nothing(void *unused)
{
	if (in_hardirq())
		atomic_inc(&probe.irq_calls);
}

/* storm (space_ns 0) and spaced */
static int probe_calls(u64 space_ns)
{
	u64 end_ns = ktime_get_ns() + delay_us * NSEC_PER_USEC;

	while (ktime_get_ns() < end_ns && probe.n < UINT_MAX) {
		smp_call_function_single(cpu, probe_nothing, NULL, 1);
		probe.n++;
		if (space_ns)
			usleep_range(space_ns / NSEC_PER_USEC,
				     space_ns / NSEC_PER_USEC + 1);
		else
			cond_resched();
	}
	return 0;
}

static int probe_trial(void)
{
	unsigned long j;
	u64 edge_ns;

	msleep(gap_ms);
	reinit_completion(&probe.done);
	switch (probe.mode) {
	case PROBE_PINNED:
		preempt_disable();
		/*
		 * Two edges: after an idle period the first may be a nohz
		 * catch-up, late by up to a tick; this CPU now busy, its
		 * own tick makes the second one on time.
		 */
		probe_jiffy_edge(&j);
		edge_ns = probe_jiffy_edge(&j);
		probe.expires = j + usecs_to_jiffies(delay_us);
		/*
		 * The wheel rounds a level-0 expiry up by one jiffy, so that
		 * a timer armed late in a tick never fires early
		 * (calc_index() in kernel/time/timer.c): it is due one
		 * jiffy after @expires begins.
		 */
		probe.expect_ns = edge_ns +
			(u64)(probe.expires - j + 1) * TICK_NSEC;
		preempt_enable();
		smp_call_function_single(cpu, probe_arm, NULL, 1);
		break;
	case PROBE_HRTIMER:
		smp_call_function_single(cpu, probe_arm, NULL, 1);
		break;
	case PROBE_IPI:
		/* The previous msleep() left it idle; give it delay_us more. */
		usleep_range(delay_us, delay_us + 1);
		probe.expect_ns = ktime_get_ns();
		smp_call_function_single(cpu, probe_arm, NULL, 1);
		complete(&probe.done);
		break;
	case PROBE_STORM:	/* probe_calls() */
	case PROBE_SPACED:
		return -EINVAL;
	}
	if (!wait_for_completion_timeout(&probe.done, 10 * HZ)) {
		pr_err("%s: no handler on cpu%u within 10 s\n",
		       probe_mode_name[probe.mode], cpu);
		return -ETIMEDOUT;
	}
	probe.late_ns[probe.n++] = (s64)(probe.fired_ns - probe.expect_ns);
	return 0;
}

static int probe_cmp(const void *a, const void *b)
{
	s64 x = *(const s64 *)a, y = *(const s64 *)b;

	return x < y ? -1 : x > y;
}

static int probe_thread(void *unused)
{
	unsigned int i;

	probe.ret = 0;
	if (probe.mode == PROBE_STORM)
		probe.ret = probe_calls(0);
	else if (probe.mode == PROBE_SPACED)
		probe.ret = probe_calls((u64)max(space_us, 1U) * NSEC_PER_USEC);
	else
		for (i = 0; i < trials && !probe.ret; i++)
			probe.ret = probe_trial();
	/* Pairs with the acquire in probe_run(): n, late_ns and ret first. */
	smp_store_release(&probe.done_all, true);
	/* kthread_stop() reaps us. */
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ);
	return 0;
}

static int probe_run(const char *val, const struct kernel_param *kp)
{
	struct task_struct *t;
	unsigned int m;

	for (m = 0; m < ARRAY_SIZE(probe_mode_name); m++)
		if (sysfs_streq(val, probe_mode_name[m]))
			break;
	if (m == ARRAY_SIZE(probe_mode_name)) {
		pr_err("run: want pinned, hrtimer, ipi, storm or spaced, not \"%s\"\n", val);
		return -EINVAL;
	}
	if (!trials || trials > PROBE_MAX_TRIALS || cpu == from ||
	    !cpu_online(cpu) || !cpu_online(from)) {
		pr_err("run: trials 1..%d, cpu and from two different online CPUs\n",
		       PROBE_MAX_TRIALS);
		return -EINVAL;
	}
	probe.mode = m;
	probe.n = 0;
	atomic_set(&probe.irq_calls, 0);
	probe.done_all = false;
	init_completion(&probe.done);
	t = kthread_create(probe_thread, NULL, "pidle_probe");
	if (IS_ERR(t))
		return PTR_ERR(t);
	kthread_bind(t, from);
	wake_up_process(t);
	while (!smp_load_acquire(&probe.done_all))
		msleep(20);
	kthread_stop(t);
	if (probe.ret)
		return probe.ret;
	if (m == PROBE_STORM || m == PROBE_SPACED) {
		snprintf(probe_result, sizeof(probe_result),
			 "%s n=%u irq=%d min_ns=0 median_ns=0 max_ns=0",
			 probe_mode_name[m], probe.n,
			 atomic_read(&probe.irq_calls));
		pr_info("%s\n", probe_result);
		return 0;
	}
	sort(probe.late_ns, probe.n, sizeof(s64), probe_cmp, NULL);
	snprintf(probe_result, sizeof(probe_result),
		 "%s n=%u min_ns=%lld median_ns=%lld max_ns=%lld",
		 probe_mode_name[m], probe.n, probe.late_ns[0],
		 probe.late_ns[probe.n / 2], probe.late_ns[probe.n - 1]);
	pr_info("%s\n", probe_result);
	return 0;
}

static const struct kernel_param_ops probe_run_ops = { .set = probe_run };
module_param_cb(run, &probe_run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "write pinned, hrtimer, ipi, storm or spaced to run the trials");

static int __init probe_init(void)
{
	timer_setup(&probe.timer, probe_timer_fn, TIMER_PINNED);
	hrtimer_init(&probe.hrt, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	probe.hrt.function = probe_hrtimer_fn;
	return 0;
}

static void __exit probe_exit(void)
{
	del_timer_sync(&probe.timer);
	hrtimer_cancel(&probe.hrt);
}

module_init(probe_init);
module_exit(probe_exit);
MODULE_DESCRIPTION("pseudo-cpuidle test: interrupt lateness on an idle CPU");
MODULE_LICENSE("GPL");
