// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: wake sources, what ended each idle period.
 */

/**
 * DOC: Wake sources
 *
 * Per CPU and state (the state the governor asked for, as cpuidle's own
 * ``usage``, ``above`` and ``below`` count it), how many idle periods
 * were ended by
 *
 * - ``timer``: the CPU's own timer interrupt (x86: the local APIC timer,
 *   LOCAL_TIMER_VECTOR);
 * - ``ipi``: an inter-processor interrupt (x86: RESCHEDULE_VECTOR,
 *   CALL_FUNCTION_VECTOR, CALL_FUNCTION_SINGLE_VECTOR), or need_resched()
 *   set by another CPU, whose reschedule IPI is on its way: in a state
 *   other than the polling one the polling flag is clear, so a remote
 *   wake-up always sends one;
 * - ``device``: any other vector (device interrupts; also the few other
 *   system vectors: thermal, APIC error, irq_work's self-IPI, which an
 *   idle CPU hardly ever receives);
 * - ``unknown``: the wait could not see what it was (below);
 * - ``aborted``: a wake-up was already pending at entry, and the CPU left
 *   at once (no idle period; the model's ``aborted`` counts the same).
 *
 * Beside each source, cpuidle's own *above* and *below* of the period
 * (drivers/cpuidle/cpuidle.c, cpuidle_enter_state(): the period, exit
 * latency included, shorter than the state's target residency while a
 * shallower state was enabled; or at least the next deeper enabled
 * state's), so that a governor's mispredictions can be read per source:
 * ``stateK/above_SRC`` and ``below_SRC``; their sums over the sources are
 * cpuidle's ``above`` and ``below`` of the periods the module timed.
 *
 * Per domain and domain state, which source ended its down periods: the
 * first man's (struct pidle_exit_info.up_levels names the levels this CPU
 * was first man of).
 *
 * **Exact where the wait sees the vector.** ``wait=poll`` waits with
 * interrupts masked until one is pending in the local APIC's IRR: when
 * the wait ends the IRR is read, and the source is the highest-priority
 * vector pending, the one whose handler runs first once the cpuidle core
 * unmasks interrupts (its ``irq_vectors`` or ``irq_handler_entry``
 * tracepoint is the CPU's next interrupt event: the guest suite ``wake``
 * checks the two against each other). ``wait=halt`` cannot know: the
 * halt takes the interrupt and runs its handler before the module can
 * look, so every period is counted ``unknown``. Nor can the polling
 * state, whose interrupts are on and which is left on need_resched() set
 * with no IPI, or at its time limit: ``unknown`` too. The root file
 * ``wake_sources`` says which applies.
 *
 * **Storage.** Each CPU writes only its own per-CPU counters, from its
 * idle path with interrupts off: no shared cache line is written. A
 * reset does not write them: it copies them into a per-CPU base, which
 * the reads subtract, so an increment racing with a reset is never lost
 * or torn. A domain's count is the sum of its CPUs' first-man counts.
 */
#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/cpuidle.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <pidle/limits.h>
#include "pidle_arch.h"
#include "pidle_drv.h"
#include "pidle_wake.h"

/**
 * struct pidle_wake_counts - one CPU's wake-source counters
 * @cpu:	per state the CPU asked for, per source
 * @up:		per domain state, per source, of the down periods this CPU
 *		ended as first man
 * @miss:	per state asked for, per source, above and below
 */
struct pidle_wake_counts {
	u64 cpu[PIDLE_MAX_STATES][PIDLE_WAKE_SRC_NR];
	u64 miss[PIDLE_MAX_STATES][PIDLE_WAKE_SRC_NR][PIDLE_WAKE_MISS_NR];
	u64 up[PIDLE_MAX_STATES][PIDLE_WAKE_SRC_NR];
};

static DEFINE_PER_CPU(struct pidle_wake_counts, pidle_wake_now);
static DEFINE_PER_CPU(struct pidle_wake_counts, pidle_wake_base);

#define pidle_wake_str(_name) #_name,
static const char * const pidle_wake_names[PIDLE_WAKE_SRC_NR] = {
	PIDLE_WAKE_SRC_NAMES(pidle_wake_str)
};

const char *pidle_wake_src_name(enum pidle_wake_src src)
{
	return src < PIDLE_WAKE_SRC_NR ? pidle_wake_names[src] : "?";
}

/**
 * pidle_wake_classify() - what ended a wait
 * @polling:	the wait was the polling state's
 * @halt:	the wait was wait=halt's
 * @resched:	the wait ended on need_resched()
 *
 * Called with interrupts masked, right after the wait: a pending
 * interrupt is still in the IRR.
 */
enum pidle_wake_src pidle_wake_classify(bool polling, bool halt, bool resched)
{
	if (polling || halt)
		return PIDLE_WAKE_SRC_UNKNOWN;
	switch (pidle_arch_irq_kind()) {
	case PIDLE_IRQ_KIND_TIMER:
		return PIDLE_WAKE_SRC_TIMER;
	case PIDLE_IRQ_KIND_IPI:
		return PIDLE_WAKE_SRC_IPI;
	case PIDLE_IRQ_KIND_DEVICE:
		return PIDLE_WAKE_SRC_DEVICE;
	default:
		/* need_resched() from another CPU: its IPI is on the way. */
		return resched ? PIDLE_WAKE_SRC_IPI : PIDLE_WAKE_SRC_UNKNOWN;
	}
}

/*
 * cpuidle_enter_state()'s above and below for a period of @residency_ns
 * in @state, or -1 for neither.
 */
static int pidle_wake_missed(struct cpuidle_device *dev,
			     struct cpuidle_driver *drv, unsigned int state,
			     u64 residency_ns)
{
	int i;

	if (residency_ns < drv->states[state].target_residency_ns) {
		for (i = (int)state - 1; i >= 0; i--)
			if (!dev->states_usage[i].disable)
				return PIDLE_WAKE_ABOVE;
		return -1;
	}
	for (i = state + 1; i < drv->state_count; i++) {
		if (dev->states_usage[i].disable)
			continue;
		if (residency_ns < drv->states[i].target_residency_ns)
			return -1;
		return PIDLE_WAKE_BELOW;
	}
	return -1;
}

/**
 * pidle_wake_count() - count what ended an idle period, or an abort
 * @dev:	this CPU's device
 * @drv:	the driver
 * @state:	the state asked for
 * @src:	the source
 * @xi:		the model's exit, for the domains this CPU was first man of;
 *		NULL for an abort
 * @residency_ns: the period, entry to the end of the exit latency, as
 *		cpuidle measures it
 */
void pidle_wake_count(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		      unsigned int state, enum pidle_wake_src src,
		      const struct pidle_exit_info *xi, u64 residency_ns)
{
	struct pidle_wake_counts *c = this_cpu_ptr(&pidle_wake_now);
	unsigned int l;
	int miss;

	if (state >= PIDLE_MAX_STATES || src >= PIDLE_WAKE_SRC_NR)
		return;
	WRITE_ONCE(c->cpu[state][src], c->cpu[state][src] + 1);
	if (!xi)
		return;
	miss = pidle_wake_missed(dev, drv, state, residency_ns);
	if (miss >= 0)
		WRITE_ONCE(c->miss[state][src][miss], c->miss[state][src][miss] + 1);
	for (l = 1; xi->up_levels >> l; l++) {
		unsigned int s = xi->up_state[l];

		if ((xi->up_levels & (1u << l)) && s < PIDLE_MAX_STATES)
			WRITE_ONCE(c->up[s][src], c->up[s][src] + 1);
	}
}

u64 pidle_wake_cpu_read(unsigned int cpu, unsigned int state,
			enum pidle_wake_src src)
{
	if (state >= PIDLE_MAX_STATES || src >= PIDLE_WAKE_SRC_NR)
		return 0;
	return READ_ONCE(per_cpu(pidle_wake_now, cpu).cpu[state][src]) -
	       READ_ONCE(per_cpu(pidle_wake_base, cpu).cpu[state][src]);
}

u64 pidle_wake_miss_read(unsigned int cpu, unsigned int state,
			 enum pidle_wake_src src, enum pidle_wake_miss miss)
{
	if (state >= PIDLE_MAX_STATES || src >= PIDLE_WAKE_SRC_NR ||
	    miss >= PIDLE_WAKE_MISS_NR)
		return 0;
	return READ_ONCE(per_cpu(pidle_wake_now, cpu).miss[state][src][miss]) -
	       READ_ONCE(per_cpu(pidle_wake_base, cpu).miss[state][src][miss]);
}

u64 pidle_wake_domain_read(const struct pidle_model *m, unsigned int level,
			   unsigned int dom, unsigned int state,
			   enum pidle_wake_src src)
{
	unsigned int cpu;
	u64 sum = 0;

	if (state >= PIDLE_MAX_STATES || src >= PIDLE_WAKE_SRC_NR)
		return 0;
	for (cpu = 0; cpu < pidle_model_nr_cpus(m) && cpu < nr_cpu_ids; cpu++)
		if (pidle_model_domain_of(m, level, cpu) == dom)
			sum += READ_ONCE(per_cpu(pidle_wake_now, cpu).up[state][src]) -
			       READ_ONCE(per_cpu(pidle_wake_base, cpu).up[state][src]);
	return sum;
}

/*
 * Rebase @cpu's counters: its own (@cpu_part), and its first-man counts
 * of the states of @level (0: none; with @m).
 */
static void pidle_wake_rebase(unsigned int cpu, bool cpu_part,
			      const struct pidle_model *m, unsigned int level)
{
	struct pidle_wake_counts *now = per_cpu_ptr(&pidle_wake_now, cpu);
	struct pidle_wake_counts *base = per_cpu_ptr(&pidle_wake_base, cpu);
	unsigned int s, src;

	for (s = 0; s < PIDLE_MAX_STATES; s++) {
		bool up_part = level && s < pidle_model_nr_states(m) &&
			       pidle_model_state_level(m, s) == level;

		for (src = 0; src < PIDLE_WAKE_SRC_NR; src++) {
			if (cpu_part) {
				WRITE_ONCE(base->cpu[s][src], READ_ONCE(now->cpu[s][src]));
				WRITE_ONCE(base->miss[s][src][0], READ_ONCE(now->miss[s][src][0]));
				WRITE_ONCE(base->miss[s][src][1], READ_ONCE(now->miss[s][src][1]));
			}
			if (up_part)
				WRITE_ONCE(base->up[s][src], READ_ONCE(now->up[s][src]));
		}
	}
	BUILD_BUG_ON(PIDLE_WAKE_MISS_NR != 2);
}

void pidle_wake_reset_cpu(unsigned int cpu)
{
	if (cpu < nr_cpu_ids)
		pidle_wake_rebase(cpu, true, NULL, 0);
}

/* A domain's counts are its CPUs' first-man counts: rebase those. */
void pidle_wake_reset_domain(const struct pidle_model *m, unsigned int level,
			     unsigned int dom)
{
	unsigned int cpu;

	for (cpu = 0; cpu < pidle_model_nr_cpus(m) && cpu < nr_cpu_ids; cpu++)
		if (pidle_model_domain_of(m, level, cpu) == dom)
			pidle_wake_rebase(cpu, false, m, level);
}

/* Everything: at a reconfiguration (state indexes change) or a root reset. */
void pidle_wake_reset_all(void)
{
	struct pidle_wake_counts *now, *base;
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		now = per_cpu_ptr(&pidle_wake_now, cpu);
		base = per_cpu_ptr(&pidle_wake_base, cpu);
		memcpy(base, now, sizeof(*base));
	}
}

const char *pidle_wake_exactness(void)
{
	if (pidle_cfg.wait == PIDLE_WAIT_HALT)
		return "unknown: wait=halt runs the interrupt's handler inside the halt, before the module can see its vector";
	return "exact: wait=poll reads the pending vector from the local APIC's IRR (the polling state: unknown)";
}
