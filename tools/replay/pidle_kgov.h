/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's cpuidle governors (menu.c, teo.c, ladder.c of
 * linux-source-6.12, compiled unchanged against tests/kshim/), driven from
 * userspace: this header is the whole interface, in plain C types, so
 * that the replay never sees a kernel structure.
 */
#ifndef _PIDLE_KGOV_H
#define _PIDLE_KGOV_H

#include <stdbool.h>
#include <stdint.h>

struct pidle_kgov;

/* One state as cpuidle shows it to a governor. */
struct pidle_kgov_state {
	uint64_t exit_latency_ns;
	uint64_t target_residency_ns;
	bool polling;
	bool disabled;
};

/*
 * What the governor may know at an entry: the answers of the tick code
 * and of PM QoS. Times are nanoseconds on the replay's clock.
 */
struct pidle_kgov_ctx {
	uint64_t now_ns;
	uint64_t sleep_length_ns;	/* tick_nohz_get_sleep_length() */
	uint64_t delta_tick_ns;		/* ... its *delta_next: the next tick */
	int64_t latency_req_ns;		/* cpuidle_governor_latency_req() */
	bool tick_stopped;		/* tick_nohz_tick_stopped() */
};

/* The governors compiled in (version 0), by name ("menu teo ladder"). */
void pidle_kgov_names(char *buf, size_t size);

/*
 * Sets up @nr_cpus CPUs (at most pidle_kgov_max_cpus()) with the table
 * @st of @nr_states, under the governor named @name, and enables it on
 * each. NULL when no governor has that name, or the table is too big.
 * Only one instance of a version exists at a time: the kernel's per-CPU
 * data are static in the governors' objects (two versions' objects have
 * theirs apart, and run side by side).
 */
struct pidle_kgov *pidle_kgov_create(const char *name, unsigned int nr_cpus,
				     const struct pidle_kgov_state *st,
				     unsigned int nr_states, unsigned int hz);
/*
 * The same, of version @version's governors (0: the program's own; see
 * pidle_kgov_register()), with @nr_drvs tables (at most
 * PIDLE_KGOV_MAX_DRIVERS), @st
 * holding @nr_states states of each, one after the other, and CPU c on
 * driver @drv_of[c]; driver d has @nr_of_drv[d] of its @nr_states
 * (@nr_of_drv NULL: all), its state_count, as a CPU set whose table is
 * shorter than the longest: each CPU's governor sees its own driver's
 * table, and its own table's length, as
 * the cpuidle core hands a governor cpuidle_get_cpu_driver(dev) (one
 * driver per CPU set, CONFIG_CPU_IDLE_MULTIPLE_DRIVERS). @drv_of must
 * outlive the instance.
 */
#define PIDLE_KGOV_MAX_DRIVERS	4
struct pidle_kgov *pidle_kgov_create_drivers(unsigned int version,
					     const char *name, unsigned int nr_cpus,
					     const struct pidle_kgov_state *st,
					     unsigned int nr_states,
					     unsigned int nr_drvs,
					     const unsigned int *drv_of,
					     const unsigned int *nr_of_drv,
					     unsigned int hz);
void pidle_kgov_destroy(struct pidle_kgov *g);
unsigned int pidle_kgov_max_cpus(void);

/*
 * ->select for an entry at which the trace shows the tick running, which
 * either the governor kept (the sleep length it was told: @far, the next
 * timer event) or the kernel did (a timer-wheel event, RCU: @near, the
 * tick). Tried with @far first: if the governor then keeps the tick, that
 * is the answer; if it would stop it, the kernel kept it, and ->select
 * runs again on the CPU's state as it was, with @near.
 */
int pidle_kgov_select_either(struct pidle_kgov *g, unsigned int cpu,
			     const struct pidle_kgov_ctx *far,
			     const struct pidle_kgov_ctx *near, bool *stop_tick);

/* ->select: the state index; *stop_tick as the governor left it. */
int pidle_kgov_select(struct pidle_kgov *g, unsigned int cpu,
		      const struct pidle_kgov_ctx *ctx, bool *stop_tick);
/*
 * What cpuidle_enter_state() and cpuidle_reflect() do after the state was
 * left at @now_ns: @residency_ns is the time measured around the driver's
 * ->enter (exit latency included), @got_tick whether the tick woke it,
 * @poll_limit whether a polling state left at its time limit. Counts
 * above/below as the cpuidle core does, into *@above / *@below.
 */
void pidle_kgov_reflect(struct pidle_kgov *g, unsigned int cpu, int state,
			uint64_t now_ns, uint64_t residency_ns, bool got_tick,
			bool poll_limit, bool *above, bool *below);

/*
 * What cpuidle_register_governor() does, for version @version of the
 * governors (a struct cpuidle_governor, opaque here): 0, or -ENOSPC.
 */
struct cpuidle_governor;
int pidle_kgov_register(unsigned int version, struct cpuidle_governor *gov);

#endif
