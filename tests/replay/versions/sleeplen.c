// SPDX-License-Identifier: GPL-2.0
/*
 * sleeplen: an out-of-tree cpuidle governor, a test input of
 * tests/replay/versions/run.sh (pidle-gov-diff's file:FILE.c). Written
 * against cpuidle's governor interface only, as a kernel module's would
 * be: the deepest enabled state whose target residency fits the sleep
 * length (tick_nohz_get_sleep_length()) and whose exit latency meets the
 * PM QoS limit; no history. Keeps the tick when even the shallowest
 * state's residency does not fit before the next tick.
 */
#include <linux/kernel.h>
#include <linux/cpuidle.h>
#include <linux/tick.h>
#include <linux/init.h>

static int sleeplen_select(struct cpuidle_driver *drv,
			   struct cpuidle_device *dev, bool *stop_tick)
{
	s64 latency_req = cpuidle_governor_latency_req(dev->cpu);
	ktime_t delta_tick;
	s64 sleep_ns = tick_nohz_get_sleep_length(&delta_tick);
	int i, idx = 0;

	for (i = 1; i < drv->state_count; i++) {
		struct cpuidle_state *s = &drv->states[i];

		if (dev->states_usage[i].disable)
			continue;
		if (s->target_residency_ns > sleep_ns ||
		    s->exit_latency_ns > latency_req)
			break;
		idx = i;
	}
	*stop_tick = drv->states[idx].target_residency_ns < delta_tick;
	return idx;
}

static struct cpuidle_governor sleeplen_governor = {
	.name =		"sleeplen",
	.rating =	1,
	.select =	sleeplen_select,
};

static int __init sleeplen_init(void)
{
	return cpuidle_register_governor(&sleeplen_governor);
}

postcore_initcall(sleeplen_init);
