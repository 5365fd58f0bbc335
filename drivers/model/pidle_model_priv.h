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

/* One counter set; u64s written by a single writer at a time. */
struct pidle_cpu_counters {
	u64 requested;
	u64 achieved;
	u64 demoted;
	u64 latency_paid_ns;
	u64 overshoot_ns;
	u64 overshoot_max_ns;
	u64 aborted;
};

struct pidle_domain_counters {
	u64 usage;
	u64 residency_ns;
	u64 too_deep;
	u64 rejected;
	u64 latency_paid_ns;
};

struct pidle_domain {
	/* Hot: every entry and exit of every CPU of the domain. */
	atomic64_t word;
	unsigned int nr_cpus;
	unsigned int level;

	/* Written by the last man while PIDLE_DECIDING(). */
	int down_state;
	u64 down_since_ns;

	/* Written by the first man while PIDLE_WAKING is set. */
	int up_state;
	u64 ready_ns;
	unsigned int up_seq;	/* numbers the power-ups */

	/* The domain's CPUs, for the timer policy: cpus[0 .. nr_cpus-1]. */
	unsigned int *cpus;

	/* Kept on their own line: written once per down period. */
	struct pidle_domain_counters stat[PIDLE_MAX_DOMAIN_STATES]
		____cacheline_aligned_in_smp;
	struct pidle_domain_counters base[PIDLE_MAX_DOMAIN_STATES];
} ____cacheline_aligned_in_smp;

struct pidle_level {
	unsigned int nr_domains;
	/* Each domain its own allocation, on its first CPU's node. */
	struct pidle_domain **dom;
	/* The global indices of this level's states, shallowest first. */
	unsigned int nr_dstates;
	unsigned int dstate[PIDLE_MAX_DOMAIN_STATES];
	unsigned int *domain_of_cpu;
};

struct pidle_cpu {
	/* Written by the CPU itself; read by last men of its domains. */
	u64 next_timer_ns;
	unsigned int requested;
	unsigned int voted_levels;
	bool offline;
	struct pidle_domain *dom[PIDLE_MAX_LEVELS + 1];
	/* Per level: the domain's last power-up this CPU has left idle after. */
	unsigned int left_seq[PIDLE_MAX_LEVELS + 1];

	struct pidle_cpu_counters stat[PIDLE_MAX_STATES];
	/* Written by a reset; stat - base is what readers see. */
	struct pidle_cpu_counters base[PIDLE_MAX_STATES];
} ____cacheline_aligned_in_smp;

struct pidle_model {
	unsigned int nr_cpus;
	unsigned int nr_states;
	unsigned int nr_levels;
	enum pidle_policy policy;
	struct pidle_state_desc state[PIDLE_MAX_STATES];
	unsigned int state_level[PIDLE_MAX_STATES];
	/* Deepest CPU-level state not deeper than each state. */
	unsigned int cpu_fallback[PIDLE_MAX_STATES];
	/* What a CPU idle in state s adds to its level-L domain's word. */
	u64 vote[PIDLE_MAX_LEVELS + 1][PIDLE_MAX_STATES];
	/* Level-local index of each domain-level state. */
	unsigned int dstate_index[PIDLE_MAX_STATES];
	char level_name[PIDLE_MAX_LEVELS + 1][PIDLE_NAME_LEN];
	struct pidle_level level[PIDLE_MAX_LEVELS + 1];
	/* Each CPU's its own allocation, on that CPU's node. */
	struct pidle_cpu **cpu;
};

#endif /* _PIDLE_MODEL_PRIV_H */
