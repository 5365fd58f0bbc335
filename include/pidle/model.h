/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: the hierarchy model. Takes the time and each CPU's next
 * timer event as inputs; knows nothing of clocks, spinning or cpuidle.
 * The protocol, and why it is race-free, is the DOC block of pidle_model.c.
 */
#ifndef _PIDLE_MODEL_H
#define _PIDLE_MODEL_H

#include <linux/types.h>
#include "config.h"
#include "counters.h"
#include "dgov.h"

struct pidle_model;

/* Per CPU and state counters (state = the index the counter is kept by). */
struct pidle_cpu_stats {
	u64 requested;		/* entries requesting this state */
	u64 achieved;		/* exits from this state (what was reached) */
	u64 demoted;		/* entries requesting it, achieving less */
	u64 latency_paid_ns;	/* exit latency paid, by achieved state */
	u64 overshoot_ns;	/* sum of (spun - configured), achieved state */
	u64 overshoot_max_ns;	/* worst single overshoot */
	u64 aborted;		/* entries left at once: a wake-up was pending */
};

/* Per domain and state counters; state is a global state index. */
struct pidle_domain_stats {
	u64 usage;		/* completed down periods in this state */
	u64 residency_ns;	/* total time down in this state */
	u64 too_deep;		/* down periods shorter than target residency */
	u64 rejected;		/* times the policy kept the domain up */
	u64 latency_paid_ns;	/* exit latency paid by first men */
	/*
	 * genpd's (mainline genpd_reflect_residency()): down periods shorter
	 * than entry latency + residency (above), and, of the others, those
	 * that reached the next deeper state's entry latency + residency
	 * (below: it would have paid off).
	 */
	u64 above;
	u64 below;
};

/* The lists of <pidle/counters.h> and the structures above, in step. */
#define PIDLE_COUNTER_SIZE(field) + sizeof(u64)
_Static_assert(sizeof(struct pidle_cpu_stats) ==
	       0 PIDLE_CPU_COUNTERS(PIDLE_COUNTER_SIZE),
	       "PIDLE_CPU_COUNTERS must list every field of pidle_cpu_stats");
_Static_assert(sizeof(struct pidle_domain_stats) ==
	       0 PIDLE_DOMAIN_COUNTERS(PIDLE_COUNTER_SIZE),
	       "PIDLE_DOMAIN_COUNTERS must list every field of pidle_domain_stats");

/* What one entry did beyond the CPU itself, for tracing. */
struct pidle_enter_info {
	unsigned int down_levels;	/* bit L: this CPU was last man at level L */
	unsigned int rejected_levels;	/* bit L: ... and the policy kept it up */
	unsigned int down_state[PIDLE_MAX_LEVELS + 1]; /* state, per down level */
	/*
	 * Per level this CPU was last man of (down_levels | rejected_levels),
	 * the inputs its decision had, when the level's domains aggregate them
	 * (timer policy, OSI governor): its CPUs' earliest next timer (U64_MAX:
	 * none) and smallest per-CPU QoS (S64_MAX: none). Unset otherwise.
	 */
	u64 next_timer_ns[PIDLE_MAX_LEVELS + 1];
	s64 cpu_qos_ns[PIDLE_MAX_LEVELS + 1];
};

/* What one exit costs, and what it ended. */
struct pidle_exit_info {
	unsigned int requested;		/* state the governor asked for */
	unsigned int achieved;		/* state the CPU woke from */
	u64 latency_ns;			/* spin this long from @now_ns */
	unsigned int up_levels;		/* bit L: first man at level L */
	unsigned int wait_levels;	/* bit L: waited for level L's power-up */
	unsigned int up_state[PIDLE_MAX_LEVELS + 1];	/* state, per up level */
	u64 up_residency_ns[PIDLE_MAX_LEVELS + 1];	/* per up level */
};

/* enum pidle_mode, how a domain's state is chosen: <pidle/config.h> (mode=). */

/**
 * struct pidle_model_opts - how a model is built, beyond its configuration
 * @policy:		the domain policy (domain_policy=), PC mode
 * @vgroup_fanout:	0: the default PIDLE_VGROUP_FANOUT (pidle_model.c,
 *			"Vote groups"); else the largest vote group, at
 *			least 2. For the tests: small groups on few CPUs.
 * @mode:		PC (default) or OSI ("OSI mode" in pidle_model.c)
 * @dgov:		OSI: per topology level (1 ..), the domain governor;
 *			NULL: the built-in deepest-state behaviour. The ops
 *			must outlive the model.
 * @ipi_peek:		OSI, optional: how a domain's last man learns whether
 *			its CPUs have IPIs pending (<pidle/dgov.h>); NULL:
 *			governors see ipi_known false
 * @ipi_data:		passed to @ipi_peek
 */
struct pidle_model_opts {
	enum pidle_policy policy;
	unsigned int vgroup_fanout;
	enum pidle_mode mode;
	const struct pidle_dgov_ops *dgov[PIDLE_MAX_LEVELS + 1];
	pidle_dgov_ipi_peek_t ipi_peek;
	void *ipi_data;
};


/* pidle_model_create_opts() with only @policy set. */
int pidle_model_create(const struct pidle_states *st,
		       const struct pidle_topology *topo,
		       enum pidle_policy policy,
		       struct pidle_model **out, struct pidle_err *err);
int pidle_model_create_opts(const struct pidle_states *st,
			    const struct pidle_topology *topo,
			    const struct pidle_model_opts *o,
			    struct pidle_model **out, struct pidle_err *err);
void pidle_model_destroy(struct pidle_model *m);

/**
 * pidle_enter() - a CPU enters an idle state
 * @m:			the model
 * @cpu:		the CPU, which must be out of idle in the model
 * @state:		the state the governor asked for
 * @now_ns:		the time of entry
 * @next_timer_ns:	the CPU's next timer event, absolute, same clock as
 *			@now_ns; U64_MAX if none. Read by the timer policy.
 * @info:		filled with the domains this entry took down; may be NULL
 *
 * pidle_enter() and pidle_exit() alternate per CPU, and one CPU's calls never
 * run concurrently with each other; different CPUs' calls run concurrently
 * with no lock. Never sleeps; may spin for a few instructions' worth of
 * another CPU's work (see "Why the spins are bounded").
 */
void pidle_enter(struct pidle_model *m, unsigned int cpu, unsigned int state,
		 u64 now_ns, u64 next_timer_ns, struct pidle_enter_info *info);

/*
 * pidle_enter_qos() - pidle_enter() with the CPU's resume latency
 * constraint (@qos_ns, S64_MAX for none; genpd 6.12's per-CPU QoS), an
 * input of the domain governors. pidle_enter() passes S64_MAX.
 */
void pidle_enter_qos(struct pidle_model *m, unsigned int cpu,
		     unsigned int state, u64 now_ns, u64 next_timer_ns,
		     s64 qos_ns, struct pidle_enter_info *info);

/**
 * pidle_exit() - a CPU leaves idle
 * @m:		the model
 * @cpu:	the CPU, idle in the model since its pidle_enter()
 * @now_ns:	the time of the wake-up
 * @info:	filled with the achieved state, the exit latency to spin from
 *		@now_ns, and the domains this CPU woke or waited for
 */
void pidle_exit(struct pidle_model *m, unsigned int cpu, u64 now_ns,
		struct pidle_exit_info *info);
/**
 * pidle_clock_begin() - @cpu is about to read the clock for the model
 * @m:		the model
 * @cpu:	the CPU, which then reads the time it passes to its next
 *		pidle_enter() or pidle_exit(), and calls it
 *
 * Opens the CPU's window: readers of energy and residency wait for the
 * call that closes it, so that no reader counts a time the CPU already
 * read as busy when it was idle, or the reverse (an energy a later read
 * undercuts: "Readers see one history" in pidle_energy.c). Optional:
 * pidle_enter() and pidle_exit() open it themselves, which covers all
 * but the clock read.
 */
void pidle_clock_begin(struct pidle_model *m, unsigned int cpu);

/*
 * An entry into @state that found a wake-up already pending and left at
 * once: no vote, no latency. Between a pidle_exit() and the next
 * pidle_enter() of @cpu, never while it is idle in the model.
 */
void pidle_record_aborted(struct pidle_model *m, unsigned int cpu,
			  unsigned int state);
/* The driver's measured spin overshoot (actual - configured) for an exit. */
void pidle_record_overshoot(struct pidle_model *m, unsigned int cpu,
			    unsigned int state, u64 overshoot_ns);

/*
 * Hotplug: an offline CPU counts as idle in the deepest state, so it never
 * keeps a domain up. Called with the CPU outside the idle path.
 */
void pidle_cpu_offline(struct pidle_model *m, unsigned int cpu, u64 now_ns);
void pidle_cpu_online(struct pidle_model *m, unsigned int cpu, u64 now_ns);

/*
 * The global CPU latency QoS (cpu_latency_qos_limit()), ns, S64_MAX for
 * none: an input of the OSI domain governors. Any time, any context.
 */
void pidle_model_set_global_qos(struct pidle_model *m, s64 qos_ns);
enum pidle_mode pidle_model_mode(const struct pidle_model *m);

/* Shape of the model, for sysfs and the tools. */
unsigned int pidle_model_nr_cpus(const struct pidle_model *m);
unsigned int pidle_model_nr_states(const struct pidle_model *m);
const struct pidle_state_desc *pidle_model_state(const struct pidle_model *m,
						 unsigned int state);
/*
 * Domain @dom of @level's state @state as that domain has it: its CPUs'
 * set's (two clusters of one level may differ); level 0 is
 * pidle_model_state().
 */
const struct pidle_state_desc *pidle_model_domain_state(const struct pidle_model *m,
							unsigned int level,
							unsigned int dom,
							unsigned int state);
/*
 * A states= table per CPU set: @cpu's state @state as its own set's table
 * has it (pidle_model_state() is set 0's, or the one table's), the number
 * of sets (0: one table) and @cpu's set (-1: one table).
 */
const struct pidle_state_desc *pidle_model_cpu_state(const struct pidle_model *m,
						     unsigned int cpu,
						     unsigned int state);
unsigned int pidle_model_nr_sets(const struct pidle_model *m);
/*
 * Tables of different lengths ("Tables of different lengths" in
 * pidle_config_sets.c): the model's states are the common slots, and a
 * set's table has some of them. Whether @cpu's (a level-@level domain's;
 * level 0: any table, i.e. a slot there is) table has slot @state; how many states
 * @cpu's table has (its cpuidle driver's state_count, PC mode); the slot
 * of its own state @index (< that count), what the driver passes to
 * pidle_enter(); and back, the own index of slot @state, -1 if it lacks it.
 * With one table, or tables of one length, slot and index are the same.
 */
bool pidle_model_cpu_has_state(const struct pidle_model *m, unsigned int cpu,
			       unsigned int state);
bool pidle_model_domain_has_state(const struct pidle_model *m,
				  unsigned int level, unsigned int dom,
				  unsigned int state);
unsigned int pidle_model_cpu_nr_own(const struct pidle_model *m,
				    unsigned int cpu);
unsigned int pidle_model_cpu_slot(const struct pidle_model *m,
				  unsigned int cpu, unsigned int index);
int pidle_model_cpu_index(const struct pidle_model *m, unsigned int cpu,
			  unsigned int state);
int pidle_model_set_of(const struct pidle_model *m, unsigned int cpu);
/* 0 = cpu, 1 .. nr_levels = the topology's levels. */
unsigned int pidle_model_state_level(const struct pidle_model *m,
				     unsigned int state);
unsigned int pidle_model_nr_levels(const struct pidle_model *m);
const char *pidle_model_level_name(const struct pidle_model *m,
				   unsigned int level);
unsigned int pidle_model_nr_domains(const struct pidle_model *m,
				    unsigned int level);
/* Domain of @cpu at @level (level >= 1). */
unsigned int pidle_model_domain_of(const struct pidle_model *m,
				   unsigned int level, unsigned int cpu);
unsigned int pidle_model_domain_nr_cpus(const struct pidle_model *m,
					unsigned int level, unsigned int dom);
/* True when @dom at @level is down right now, and in which state. */
bool pidle_model_domain_down(const struct pidle_model *m, unsigned int level,
			     unsigned int dom, unsigned int *state);

/* Statistics, relative to the last reset. */
void pidle_cpu_stats_read(const struct pidle_model *m, unsigned int cpu,
			  unsigned int state, struct pidle_cpu_stats *out);
void pidle_domain_stats_read(const struct pidle_model *m, unsigned int level,
			     unsigned int dom, unsigned int state,
			     struct pidle_domain_stats *out);
/**
 * pidle_domain_residency_ns() - a domain state's residency up to now
 * @m:		the model
 * @level:	the domain's level (>= 1)
 * @dom:	the domain
 * @state:	a state of @level
 * @now_ns:	the time, same clock as pidle_enter()'s
 *
 * The residency_ns of pidle_domain_stats_read() counts a down period when it
 * ends; this adds the time of one still going on at @now_ns, so that a
 * residency sampled over an interval is right even while the domain stays
 * down for all of it. Safe against the domain's CPUs entering and leaving
 * concurrently; never counts a period twice, never drops the one going
 * on. Read @now_ns just before the call (see pidle_clock_begin()).
 */
u64 pidle_domain_residency_ns(const struct pidle_model *m, unsigned int level,
			      unsigned int dom, unsigned int state, u64 now_ns);
/*
 * Resets. @now_ns (same clock as pidle_enter()'s) starts the energy's time;
 * see "Energy model" in pidle_energy.c. A driver resets a model as it puts
 * it in force, so that its energy counts from then.
 */
void pidle_cpu_stats_reset(struct pidle_model *m, unsigned int cpu,
			   u64 now_ns);
void pidle_domain_stats_reset(struct pidle_model *m, unsigned int level,
			      unsigned int dom, u64 now_ns);
void pidle_stats_reset(struct pidle_model *m, u64 now_ns);

/**
 * struct pidle_energy - a node's energy since the last reset
 * @total_nj:	all of it up to now: idle, transitions, active or up time
 * @idle_nj:	the finished idle periods (a domain: voted periods, down or
 *		kept up), each at its state's power plus its entry+exit energy
 * @oracle_nj:	the oracle's price of the same periods; never above @idle_nj
 * @periods:	how many periods @idle_nj and @oracle_nj price
 * @elapsed_ns:	the time @total_nj covers (a sum: the longest)
 * @down_ns:	of it, the time idle or offline (a domain: down), up to now
 *
 * Nanojoules, the exact floor of the exact sum (see pidle_energy.c). All
 * zero but the times when the table has no power (pidle_model_has_energy()).
 */
struct pidle_energy {
	u64 total_nj;
	u64 idle_nj;
	u64 oracle_nj;
	u64 periods;
	u64 elapsed_ns;
	u64 down_ns;
};

/* True when the configuration gave any power or energy figure. */
bool pidle_model_has_energy(const struct pidle_model *m);
void pidle_cpu_energy_read(const struct pidle_model *m, unsigned int cpu,
			   u64 now_ns, struct pidle_energy *out);
/* The domain's own energy, its CPUs' and inner domains' not included. */
void pidle_domain_energy_read(const struct pidle_model *m, unsigned int level,
			      unsigned int dom, u64 now_ns,
			      struct pidle_energy *out);
/*
 * A domain and everything inside it (its CPUs and inner domains), summed:
 * what a powercap zone shows. @level 0: the whole machine.
 */
void pidle_subtree_energy_read(const struct pidle_model *m, unsigned int level,
			       unsigned int dom, u64 now_ns,
			       struct pidle_energy *out);

#endif /* _PIDLE_MODEL_H */
