/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: the model's data structures, private to drivers/model/.
 * Layout and the rules for who writes what are in the DOC block of
 * pidle_model.c.
 */
#ifndef _PIDLE_MODEL_PRIV_H
#define _PIDLE_MODEL_PRIV_H

#include <linux/atomic.h>
#include <linux/cache.h>
#include <linux/types.h>
#include <pidle/model.h>

/*
 * The domain word: PIDLE_MAX_DOMAIN_STATES vote counters of
 * PIDLE_VOTE_BITS each, counter k = CPUs idle at least as deep as the
 * level's k-th state, then two flags, then a 6-bit count of exits that
 * wraps (the top bits: an addition's carry out of bit 63 is dropped).
 */
#define PIDLE_VOTE_MASK		((1ULL << PIDLE_VOTE_BITS) - 1)
#define PIDLE_VOTE_ONE(k)	(1ULL << ((k) * PIDLE_VOTE_BITS))
#define PIDLE_VOTE_COUNT(w, k)	(((u64)(w) >> ((k) * PIDLE_VOTE_BITS)) & PIDLE_VOTE_MASK)
#define PIDLE_DECIDED		(1ULL << (PIDLE_MAX_DOMAIN_STATES * PIDLE_VOTE_BITS))
#define PIDLE_WAKING		(PIDLE_DECIDED << 1)
#define PIDLE_EXIT_ONE		(PIDLE_DECIDED << 2)

/*
 * Complete (counter 0 full) and not yet DECIDED: the last man is choosing
 * the state; nobody may leave (this is what an ENTERING flag would say).
 */
#define PIDLE_DECIDING(w, nr_cpus) \
	(PIDLE_VOTE_COUNT(w, 0) == (nr_cpus) && !((u64)(w) & PIDLE_DECIDED))

#define PIDLE_STATE_NONE	(-1)

/*
 * One counter set; u64s written by a single writer at a time. The idle_
 * and oracle_ counters are the energy model's (pidle_energy.c), kept by
 * CPU-level state: a finished idle period is counted in its CPU's fallback
 * state (idle_) and in the state the oracle picks for its length (oracle_).
 */
struct pidle_cpu_counters {
	u64 requested;
	u64 achieved;
	u64 demoted;
	u64 latency_paid_ns;
	u64 overshoot_ns;
	u64 overshoot_max_ns;
	u64 idle_ns;
	u64 idle_periods;
	u64 oracle_ns;
	u64 oracle_periods;
	u64 aborted;
};

struct pidle_domain_counters {
	u64 usage;
	u64 residency_ns;
	u64 too_deep;
	u64 rejected;
	u64 latency_paid_ns;
	u64 above;
	u64 below;
	u64 oracle_ns;
	u64 oracle_periods;
};

/*
 * A domain's energy counters that belong to no state: voted periods the
 * policy kept up, and those the oracle would have kept up.
 */
struct pidle_domain_up_counters {
	u64 kept_up_ns;
	u64 kept_up_periods;
	u64 oracle_up_ns;
	u64 oracle_up_periods;
};

/*
 * The oracle's choice for a level, as a function of an idle period's
 * length: from from_ns[i] (from_ns[0] = 0) on, state[i] is the cheapest,
 * PIDLE_STATE_NONE being "stay up" for a domain. Built by
 * pidle_energy_tables(); read on every exit.
 */
struct pidle_oracle {
	unsigned int nr;
	u64 from_ns[PIDLE_MAX_DOMAIN_STATES + PIDLE_MAX_STATES + 1];
	int state[PIDLE_MAX_DOMAIN_STATES + PIDLE_MAX_STATES + 1];
};

/* What a CPU is doing, for the energy read (pidle_cpu.activity). */
enum pidle_activity {
	PIDLE_BUSY,
	PIDLE_IDLE,
	PIDLE_OFFLINE,
};

/*
 * Largest vote group of a domain whose last man needs its CPUs' inputs
 * (the timer policy, an OSI domain governor): a larger domain is split
 * into groups of at most this many CPUs, and groups of at most this many
 * groups, up to one root (see "Vote groups" in pidle_model.c).
 */
#define PIDLE_VGROUP_FANOUT	16

/*
 * One vote group: a word of the domain-word format over at most
 * PIDLE_VGROUP_FANOUT members (CPUs, or child groups), or over all of a
 * domain's CPUs when nobody needs their inputs. A domain's root group is
 * the domain's own word.
 */
struct pidle_vgroup {
	/* Hot: every entry and exit of every member. */
	atomic64_t word;
	unsigned int nr;		/* members */
	bool leaf;			/* members are CPUs */
	struct pidle_vgroup *parent;	/* NULL: the domain's root */

	/* Written by the group's last man while it is deciding. */
	u64 parent_vote;		/* what it added to the parent */
	u64 next_timer_ns;		/* earliest next timer of its CPUs */
	s64 cpu_qos_ns;			/* smallest per-CPU QoS of its CPUs */

	/* The domain it belongs to; its root when @root. */
	struct pidle_domain *dom;
	bool root;

	union {
		struct pidle_cpu **cpu;		/* leaf, CPUs */
		struct pidle_vgroup **child;	/* inner; OSI: child domains' roots */
	};
} ____cacheline_aligned_in_smp;

struct pidle_domain {
	/* The root vote group: the domain word and its aggregates. */
	struct pidle_vgroup root;
	unsigned int nr_cpus;
	unsigned int level;
	/* The last man needs the CPUs' inputs (timer policy, a governor). */
	bool aggregate;
	/*
	 * OSI: the parent domain's group this domain votes in while down in
	 * its deepest state (the root's parent_vote then, else 0).
	 */
	struct pidle_vgroup *up_group;
	/* OSI: the domain as its governor sees it. */
	struct pidle_dgov_domain gd;
	bool gd_attached;

	/* Written by the last man while PIDLE_DECIDING(). */
	int down_state;
	u64 down_since_ns;

	/* Written by the first man while PIDLE_WAKING is set. */
	int up_state;
	u64 ready_ns;
	u64 up_at_ns;		/* the first man's time */
	unsigned int up_seq;	/* numbers the power-ups */

	/* The domain's CPUs, for the readers: cpus[0 .. nr_cpus-1]. */
	unsigned int *cpus;
	/* The groups below the root, leaves first; none when it is a leaf. */
	unsigned int nr_groups;
	struct pidle_vgroup *groups;
	/* Member arrays of all groups, root included, one allocation. */
	void **members;

	/* Kept on their own line: written once per down period. */
	struct pidle_domain_counters stat[PIDLE_MAX_DOMAIN_STATES]
		____cacheline_aligned_in_smp;
	struct pidle_domain_counters base[PIDLE_MAX_DOMAIN_STATES];
	struct pidle_domain_up_counters up, up_base;
	/* Start of the energy's time: the last reset (pidle_energy.c). */
	u64 epoch_ns;
} ____cacheline_aligned_in_smp;

struct pidle_level {
	unsigned int nr_domains;
	/* Each domain its own allocation, on its first CPU's node. */
	struct pidle_domain **dom;
	/* The global indices of this level's states, shallowest first. */
	unsigned int nr_dstates;
	unsigned int dstate[PIDLE_MAX_DOMAIN_STATES];
	/* OSI: the states as a governor sees them, and the governor. */
	struct pidle_dgov_state dg_state[PIDLE_MAX_DOMAIN_STATES];
	const struct pidle_dgov_ops *dgov;
	unsigned int *domain_of_cpu;
};

struct pidle_cpu {
	/* Written by the CPU itself; read by last men of its leaf groups. */
	u64 next_timer_ns;
	s64 qos_ns;
	unsigned int requested;
	unsigned int voted_levels;
	bool offline;
	/* Its table: its CPU set's (a states= table per set), else m->state. */
	const struct pidle_state_desc *state;
	struct pidle_domain *dom[PIDLE_MAX_LEVELS + 1];
	/* Per level: the vote group it votes in (its domain's root or a leaf). */
	struct pidle_vgroup *leaf[PIDLE_MAX_LEVELS + 1];
	/* Per level: the domain's last power-up this CPU has left idle after. */
	unsigned int left_seq[PIDLE_MAX_LEVELS + 1];

	/*
	 * For the energy read: what the CPU is doing since when, under a
	 * sequence count that is odd while the CPU writes them or adds a
	 * finished period to its counters (pidle_energy.c).
	 */
	unsigned int seq;
	enum pidle_activity activity;
	u64 since_ns;
	u64 offline_ns;

	struct pidle_cpu_counters stat[PIDLE_MAX_STATES];
	/* Written by a reset; stat - base is what readers see. */
	struct pidle_cpu_counters base[PIDLE_MAX_STATES];
	u64 offline_base_ns;
	u64 epoch_ns;
} ____cacheline_aligned_in_smp;

struct pidle_model {
	unsigned int nr_cpus;
	unsigned int nr_states;
	unsigned int nr_levels;
	enum pidle_policy policy;
	enum pidle_mode mode;
	s64 global_qos_ns;	/* pidle_model_set_global_qos() */
	unsigned int fanout;	/* vote groups' (pidle_model_opts) */
	struct pidle_state_desc state[PIDLE_MAX_STATES];
	/*
	 * A table per CPU set: the sets' tables (their domain states are
	 * @state's) and each CPU's set; nr_sets 0 for one table.
	 */
	unsigned int nr_sets;
	struct pidle_state_desc set_state[PIDLE_MAX_CPU_SETS][PIDLE_MAX_STATES];
	int *set_of_cpu;
	unsigned int state_level[PIDLE_MAX_STATES];
	/* Deepest CPU-level state not deeper than each state. */
	unsigned int cpu_fallback[PIDLE_MAX_STATES];
	/* What a CPU idle in state s adds to its level-L domain's word. */
	u64 vote[PIDLE_MAX_LEVELS + 1][PIDLE_MAX_STATES];
	/* What a group whose members all reach level state k adds upward. */
	u64 vote_upto[PIDLE_MAX_DOMAIN_STATES];
	/* Level-local index of each domain-level state. */
	unsigned int dstate_index[PIDLE_MAX_STATES];
	char level_name[PIDLE_MAX_LEVELS + 1][PIDLE_NAME_LEN];
	/* Energy: power while up per level (0 = a CPU's active power). */
	u32 up_mw[PIDLE_MAX_LEVELS + 1];
	bool has_energy;
	/* Deepest CPU-level state: where an offline CPU is counted. */
	unsigned int deepest_cpu_state;
	struct pidle_oracle oracle[PIDLE_MAX_LEVELS + 1];
	struct pidle_level level[PIDLE_MAX_LEVELS + 1];
	/* Each CPU's its own allocation, on that CPU's node. */
	struct pidle_cpu **cpu;
};

/*
 * A CPU's window (see "Readers see one history" in pidle_energy.c): its
 * sequence count is odd from before it reads the clock it passes to the
 * model (pidle_clock_begin()) until pidle_enter() or pidle_exit() has
 * recorded everything that time changes. Only the CPU writes it.
 */
static inline void pidle_cpu_window_open(struct pidle_cpu *c)
{
	if (c->seq & 1)
		return;
	WRITE_ONCE(c->seq, c->seq + 1);
	smp_wmb();	/* the odd count, then the writes; pairs with readers */
}

static inline void pidle_cpu_window_close(struct pidle_cpu *c)
{
	smp_wmb();	/* the writes, then the even count */
	WRITE_ONCE(c->seq, c->seq + 1);
}

/* pidle_stats.c: a domain's readers (see "Readers see one history"). */
u64 pidle_domain_settle(const struct pidle_model *m,
			const struct pidle_domain *d, u64 now_ns);
u64 pidle_domain_residency_settled(const struct pidle_model *m,
				   const struct pidle_domain *d,
				   unsigned int state, u64 now_ns);

/* pidle_energy.c: the hot path's part of the energy model. */
void pidle_energy_tables(struct pidle_model *m, const struct pidle_states *st,
			 const struct pidle_topology *topo);
int pidle_oracle_pick(const struct pidle_oracle *o, u64 length_ns);
void pidle_energy_cpu_begin(struct pidle_cpu *c, enum pidle_activity what,
			    u64 now_ns);
void pidle_energy_cpu_end(const struct pidle_model *m, struct pidle_cpu *c,
			  unsigned int state, u64 now_ns);
void pidle_energy_domain_end(const struct pidle_model *m,
			     struct pidle_domain *d, int state, u64 length_ns);
void pidle_energy_cpu_reset(struct pidle_model *m, unsigned int cpu,
			    u64 now_ns);
void pidle_energy_domain_reset(struct pidle_model *m, unsigned int level,
			       unsigned int dom, u64 now_ns);

#endif /* _PIDLE_MODEL_PRIV_H */
