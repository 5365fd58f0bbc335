// SPDX-License-Identifier: GPL-2.0
/*
 * The cpuidle core's side of a governor, in userspace, for the kernel's
 * governors compiled unchanged from linux-source-6.12 against tests/kshim
 * (see tools/replay/replay.mk). Compiled with tests/kshim first on the
 * include path, like the governors; the replay talks to it through
 * pidle_kgov.h only.
 *
 * What each kernel hook answers:
 *
 * - kshim_this_cpu: the CPU of the call (this_cpu_ptr() in the governor).
 * - local_clock(): the replay's time of the call (teo measures spans).
 * - tick_nohz_get_sleep_length(), tick_nohz_tick_stopped(): what the
 *   recorded trace says the tick code would have answered at the entry.
 * - tick_nohz_idle_got_tick(): whether the tick ended the period (asked
 *   from ->reflect).
 * - cpuidle_governor_latency_req(): the PM QoS limit at the entry.
 * - cpuidle_enter_state()'s bookkeeping (last_residency_ns, usage, above,
 *   below) is pidle_kgov_reflect(), a copy of its rules.
 */
#include <errno.h>
#include <linux/cpuidle.h>
#include <linux/sched/clock.h>
#include <linux/tick.h>
#include <stdlib.h>
#include "pidle_kgov.h"

unsigned int kshim_this_cpu;
unsigned int kshim_hz = 250;
bool tick_nohz_enabled = true;

#define KGOV_MAX	32

/*
 * The governors linked in. Version 0 is the program's own (the objects
 * that call cpuidle_register_governor()); a program holding several
 * versions of the same files (tests/fuzz/fuzz_gov.c) compiles version N's
 * with cpuidle_register_governor renamed to one that calls
 * pidle_kgov_register(N, gov). Each version's per-CPU data are static in
 * its own objects, so two versions run side by side.
 */
static struct {
	struct cpuidle_governor *gov;
	unsigned int version;
} kgov_list[KGOV_MAX];
static unsigned int kgov_nr;

/*
 * The per-CPU variables of the governors linked in (tests/kshim's
 * DEFINE_PER_CPU registers each), for pidle_kgov_select_either(): one
 * CPU's copy of each, and its cpuidle_device, saved before a ->select and
 * put back to try it again.
 */
#define KGOV_MAX_PCPU		64
#define KGOV_SAVE_BYTES		8192
static struct {
	char *base;
	unsigned long size;
} kgov_pcpu[KGOV_MAX_PCPU];
static unsigned int kgov_pcpu_nr;
static unsigned long kgov_pcpu_bytes;
static char kgov_save[KGOV_SAVE_BYTES];

void kshim_percpu_register(void *base, unsigned long size)
{
	if (kgov_pcpu_nr == KGOV_MAX_PCPU)
		return;
	kgov_pcpu[kgov_pcpu_nr].base = base;
	kgov_pcpu[kgov_pcpu_nr++].size = size;
	kgov_pcpu_bytes += size;
}

/* The current call's answers. */
static const struct pidle_kgov_ctx *kgov_ctx;
static u64 kgov_now_ns;
static bool kgov_got_tick;

/*
 * One driver per table, as cpuidle-psci registers one per CPU and the
 * module one per CPU set: a governor is handed the driver of the CPU it
 * selects for (cpuidle_get_cpu_driver()), so a big CPU's thresholds are
 * its own table's.
 */
struct pidle_kgov {
	struct cpuidle_governor *gov;
	unsigned int nr_drvs;
	struct cpuidle_driver drv[PIDLE_KGOV_MAX_DRIVERS];
	const unsigned int *drv_of;	/* per CPU; NULL: driver 0 */
	unsigned int nr_cpus;
	struct cpuidle_device *dev;
};

static struct cpuidle_driver *kgov_drv(struct pidle_kgov *g, unsigned int cpu)
{
	return &g->drv[g->drv_of ? g->drv_of[cpu] : 0];
}

int pidle_kgov_register(unsigned int version, struct cpuidle_governor *gov)
{
	if (kgov_nr == KGOV_MAX)
		return -ENOSPC;
	kgov_list[kgov_nr].gov = gov;
	kgov_list[kgov_nr++].version = version;
	return 0;
}

int cpuidle_register_governor(struct cpuidle_governor *gov)
{
	return pidle_kgov_register(0, gov);
}

s64 cpuidle_governor_latency_req(unsigned int cpu)
{
	return kgov_ctx->latency_req_ns;
}

ktime_t tick_nohz_get_sleep_length(ktime_t *delta_next)
{
	*delta_next = (ktime_t)min(kgov_ctx->delta_tick_ns, (u64)KTIME_MAX);
	return (ktime_t)min(kgov_ctx->sleep_length_ns, (u64)KTIME_MAX);
}

bool tick_nohz_tick_stopped(void)
{
	return kgov_ctx->tick_stopped;
}

bool tick_nohz_idle_got_tick(void)
{
	return kgov_got_tick;
}

u64 local_clock(void)
{
	return kgov_now_ns;
}

void pidle_kgov_names(char *buf, size_t size)
{
	size_t len = 0;
	unsigned int i;

	buf[0] = '\0';
	for (i = 0; i < kgov_nr && len < size; i++)
		if (!kgov_list[i].version)
			len += snprintf(buf + len, size - len, "%s%s",
					len ? " " : "", kgov_list[i].gov->name);
}

unsigned int pidle_kgov_max_cpus(void)
{
	return KSHIM_NR_CPUS;
}

struct pidle_kgov *pidle_kgov_create(const char *name, unsigned int nr_cpus,
				     const struct pidle_kgov_state *st,
				     unsigned int nr_states, unsigned int hz)
{
	return pidle_kgov_create_drivers(0, name, nr_cpus, st, nr_states, 1, NULL,
					 NULL, hz);
}

struct pidle_kgov *pidle_kgov_create_drivers(unsigned int version,
					     const char *name, unsigned int nr_cpus,
					     const struct pidle_kgov_state *st,
					     unsigned int nr_states,
					     unsigned int nr_drvs,
					     const unsigned int *drv_of,
					     const unsigned int *nr_of_drv,
					     unsigned int hz)
{
	struct pidle_kgov *g;
	unsigned int i, cpu, d;

	if (nr_cpus > KSHIM_NR_CPUS || !nr_states ||
	    nr_states > CPUIDLE_STATE_MAX || !hz || !nr_drvs ||
	    nr_drvs > PIDLE_KGOV_MAX_DRIVERS || (nr_drvs > 1 && !drv_of))
		return NULL;
	g = calloc(1, sizeof(*g));
	if (!g)
		return NULL;
	for (i = 0; i < kgov_nr; i++)
		if (kgov_list[i].version == version &&
		    !strcmp(kgov_list[i].gov->name, name))
			g->gov = kgov_list[i].gov;
	g->dev = calloc(nr_cpus, sizeof(*g->dev));
	if (!g->gov || !g->dev) {
		pidle_kgov_destroy(g);
		return NULL;
	}
	kshim_hz = hz;
	g->nr_cpus = nr_cpus;
	g->nr_drvs = nr_drvs;
	g->drv_of = nr_drvs > 1 ? drv_of : NULL;
	for (d = 0; d < nr_drvs; d++) {
		const struct pidle_kgov_state *dst = st + d * nr_states;
		unsigned int n = nr_of_drv ? nr_of_drv[d] : nr_states;

		if (!n || n > nr_states) {
			pidle_kgov_destroy(g);
			return NULL;
		}
		g->drv[d].name = "pidle_replay";
		g->drv[d].state_count = n;
		for (i = 0; i < n; i++) {
			struct cpuidle_state *s = &g->drv[d].states[i];

			snprintf(s->name, sizeof(s->name), "S%u", i);
			s->exit_latency_ns = dst[i].exit_latency_ns;
			s->target_residency_ns = dst[i].target_residency_ns;
			s->exit_latency = dst[i].exit_latency_ns / NSEC_PER_USEC;
			s->target_residency = dst[i].target_residency_ns / NSEC_PER_USEC;
			s->flags = dst[i].polling ? CPUIDLE_FLAG_POLLING : 0;
		}
	}
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		struct cpuidle_device *dev = &g->dev[cpu];
		const struct pidle_kgov_state *dst;

		if (g->drv_of && g->drv_of[cpu] >= nr_drvs) {
			pidle_kgov_destroy(g);
			return NULL;
		}
		dst = st + (g->drv_of ? g->drv_of[cpu] : 0) * nr_states;
		dev->cpu = cpu;
		dev->registered = 1;
		for (i = 0; i < kgov_drv(g, cpu)->state_count; i++)
			dev->states_usage[i].disable = dst[i].disabled;
		kshim_this_cpu = cpu;
		/* as cpuidle_enable_device(): enable, then enabled = 1 */
		if (g->gov->enable && g->gov->enable(kgov_drv(g, cpu), dev)) {
			pidle_kgov_destroy(g);
			return NULL;
		}
		dev->enabled = 1;
	}
	return g;
}

void pidle_kgov_destroy(struct pidle_kgov *g)
{
	if (!g)
		return;
	free(g->dev);
	free(g);
}

int pidle_kgov_select(struct pidle_kgov *g, unsigned int cpu,
		      const struct pidle_kgov_ctx *ctx, bool *stop_tick)
{
	kshim_this_cpu = cpu;
	kgov_ctx = ctx;
	kgov_now_ns = ctx->now_ns;
	*stop_tick = true;	/* cpuidle_idle_call()'s default */
	return g->gov->select(kgov_drv(g, cpu), &g->dev[cpu], stop_tick);
}

int pidle_kgov_select_either(struct pidle_kgov *g, unsigned int cpu,
			     const struct pidle_kgov_ctx *far,
			     const struct pidle_kgov_ctx *near, bool *stop_tick)
{
	struct cpuidle_device dev;
	unsigned long off = 0;
	unsigned int i;
	int st;

	/* every per-CPU variable registered, and no more than fits */
	if (kgov_pcpu_nr == KGOV_MAX_PCPU ||
	    kgov_pcpu_bytes > sizeof(kgov_save))
		return pidle_kgov_select(g, cpu, near, stop_tick);
	for (i = 0; i < kgov_pcpu_nr; i++) {
		memcpy(kgov_save + off, kgov_pcpu[i].base + cpu * kgov_pcpu[i].size,
		       kgov_pcpu[i].size);
		off += kgov_pcpu[i].size;
	}
	dev = g->dev[cpu];
	st = pidle_kgov_select(g, cpu, far, stop_tick);
	if (!*stop_tick)
		return st;
	for (i = 0, off = 0; i < kgov_pcpu_nr; i++) {
		memcpy(kgov_pcpu[i].base + cpu * kgov_pcpu[i].size, kgov_save + off,
		       kgov_pcpu[i].size);
		off += kgov_pcpu[i].size;
	}
	g->dev[cpu] = dev;
	return pidle_kgov_select(g, cpu, near, stop_tick);
}

void pidle_kgov_reflect(struct pidle_kgov *g, unsigned int cpu, int state,
			uint64_t now_ns, uint64_t residency_ns, bool got_tick,
			bool poll_limit, bool *above, bool *below)
{
	struct cpuidle_device *dev = &g->dev[cpu];
	struct cpuidle_driver *drv = kgov_drv(g, cpu);
	s64 diff = residency_ns, delay = drv->states[state].exit_latency_ns;
	int i;

	kshim_this_cpu = cpu;
	kgov_now_ns = now_ns;
	kgov_got_tick = got_tick;
	dev->poll_time_limit = poll_limit;
	*above = *below = false;

	/* cpuidle_enter_state(), after the state was left */
	dev->last_residency_ns = diff;
	dev->states_usage[state].time_ns += diff;
	dev->states_usage[state].usage++;
	if (diff < drv->states[state].target_residency_ns) {
		for (i = state - 1; i >= 0; i--) {
			if (dev->states_usage[i].disable)
				continue;
			dev->states_usage[state].above++;
			*above = true;
			break;
		}
	} else if (diff > delay) {
		for (i = state + 1; i < drv->state_count; i++) {
			if (dev->states_usage[i].disable)
				continue;
			if (diff - delay >= drv->states[i].target_residency_ns) {
				dev->states_usage[state].below++;
				*below = true;
			}
			break;
		}
	}
	/* cpuidle_reflect() */
	if (g->gov->reflect)
		g->gov->reflect(dev, state);
}
