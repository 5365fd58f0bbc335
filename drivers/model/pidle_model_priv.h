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
#include <linux/compiler.h>
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

/*
 * A domain's counters per state that are not derived from its periods
 * (see struct pidle_period_class): rejections, counted by the last man;
 * OSI, the power-off remainders first men paid, so that the latency paid
 * is the paid periods times the state's latency + extra_latency_ns.
 */
struct pidle_domain_counters {
	u64 rejected;
	u64 extra_latency_ns;
};

/*
 * Periods of one class: how many whose power-up paid its latency (kept
 * up: all, there was none), how many a CPU coming online ended, which
 * paid nothing, and their summed length. A domain's finished voted
 * periods are counted only so, by state (or kept up) and by class of
 * length (pidle_period_class); every per-state counter of a domain but
 * rejected is derived from them when read. Each period adds one to
 * exactly one of @paid and @unpaid: usage is their sum and the latency
 * paid comes from @paid alone, so no read nor reset can pair one
 * power-up's count with another's and derive a negative number of paid
 * power-ups (as (usage - unpaid) once did, wrapping to ~2^64).
 */
struct pidle_period_bucket {
	u64 paid;
	u64 unpaid;
	u64 ns;
};

/*
 * A period's length thresholds: those of too deep, genpd's above and
 * below, and the oracle's staircase. Thresholds 3 + the oracle's
 * (PIDLE_MAX_DOMAIN_STATES at most: a level's states and staying up);
 * a class per interval between them.
 */
#define PIDLE_PERIOD_THRESHOLDS	(3 + PIDLE_MAX_DOMAIN_STATES)
#define PIDLE_PERIOD_CLASSES	(PIDLE_PERIOD_THRESHOLDS + 1)
/* The row of a domain's periods kept up (down_state none). */
#define PIDLE_KEPT_UP_ROW	PIDLE_MAX_DOMAIN_STATES

/*
 * Classes of a voted period's length for one row (a level's state, or
 * kept up): class c holds lengths from from_ns[c - 1] (0 for c = 0) up to,
 * not including, from_ns[c]; every threshold of too deep, above, below
 * and of the oracle is one of from_ns[], so each is one answer per class.
 * Built once by pidle_period_classes_build(); a first man walks from_ns[]
 * and adds to one bucket, and readers sum the buckets by these answers.
 */
#define PIDLE_CLASS_TOO_DEEP	0x1
#define PIDLE_CLASS_ABOVE	0x2
#define PIDLE_CLASS_BELOW	0x4
struct pidle_period_class {
	unsigned int nr;	/* thresholds */
	u64 from_ns[PIDLE_PERIOD_THRESHOLDS];
	u8 flags[PIDLE_PERIOD_CLASSES];
	/* The oracle's level-local state, or PIDLE_STATE_NONE: stay up. */
	s8 oracle[PIDLE_PERIOD_CLASSES];
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
	u64 qos_gen;			/* sum of its CPUs' qos_gen (OSI) */

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
	/*
	 * Its states: the table of its CPUs' set (pidle_config_check_sets()
	 * makes every set the domain spans agree at its level).
	 */
	const struct pidle_table *tab;
	/*
	 * OSI: the dgov input's sub_power_on_ns: the power-ons of the
	 * levels below, the longest over the tables of its CPUs.
	 */
	u64 sub_power_on_ns;
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
	/* OSI: root.qos_gen at the last decision (U64_MAX: none yet). */
	u64 qos_gen_seen;

	/* Written by the last man while PIDLE_DECIDING(). */
	int down_state;
	u64 down_since_ns;

	/* Written by the first man while PIDLE_WAKING is set. */
	int up_state;
	u64 ready_ns;
	/*
	 * What a waiter for this power-up achieved and may pay at most: the
	 * deepest state, and the longest wake latency, of the power-ups it
	 * nests in (this domain's and, OSI, those of the domains around it
	 * the first man powered up or waited for).
	 */
	int up_deepest;
	u64 up_wait_max_ns;
	u64 up_at_ns;		/* the first man's time */
	unsigned int up_seq;	/* numbers the power-ups */

	/* The domain's CPUs, for the readers: cpus[0 .. nr_cpus-1]. */
	unsigned int *cpus;
	/* The groups below the root, leaves first; none when it is a leaf. */
	unsigned int nr_groups;
	struct pidle_vgroup *groups;
	/* Member arrays of all groups, root included, one allocation. */
	void **members;

	/*
	 * Kept on their own lines: written once per voted period. By row
	 * (level state, or PIDLE_KEPT_UP_ROW) and class of length.
	 */
	struct pidle_period_bucket period[PIDLE_MAX_DOMAIN_STATES + 1]
					[PIDLE_PERIOD_CLASSES]
		____cacheline_aligned_in_smp;
	struct pidle_domain_counters stat[PIDLE_MAX_DOMAIN_STATES];
	/* Written by a reset; the counters minus these are what readers see. */
	struct pidle_period_bucket period_base[PIDLE_MAX_DOMAIN_STATES + 1]
					     [PIDLE_PERIOD_CLASSES];
	struct pidle_domain_counters base[PIDLE_MAX_DOMAIN_STATES];
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
	/* OSI: the level's governor. */
	const struct pidle_dgov_ops *dgov;
	unsigned int *domain_of_cpu;
};

struct pidle_cpu {
	/* Written by the CPU itself; read by last men of its leaf groups. */
	u64 next_timer_ns;
	s64 qos_ns;
	/* Changes of qos_ns, for the OSI governors' qos_changed. */
	u64 qos_gen;
	unsigned int requested;
	unsigned int voted_levels;
	bool offline;
	/* Its table: its CPU set's (a states= table per set), else m->tab[0]. */
	const struct pidle_table *tab;
	const struct pidle_state_desc *state;	/* tab->state */
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

/*
 * What the idle path reads of a state, computed when the model is built
 * (pidle_model_hot_tables()), beside the descriptors: a first man or an
 * exiting CPU reads one small entry instead of adding up fields spread
 * over a 64-byte descriptor.
 */
struct pidle_state_hot {
	u64 wake_latency_ns;	/* pidle_state_wake_latency_ns() */
	u64 target_residency_ns;
	/* genpd_reflect_residency(): shorter is *above* (entry + residency) */
	u64 above_ns;
	/* ... at least the next deeper level state's is *below*, if any */
	u64 below_ns;
	bool has_below;
	unsigned int dindex;	/* level-local index (domain states) */
};

/**
 * struct pidle_table - one state table and what the model derives from it
 * @state:	the descriptors, as configured (one table, or a CPU set's)
 * @hot:	the idle path's figures of each state
 * @oracle:	per level, the oracle's staircase over this table's powers
 * @pclass:	per level and row, a domain period's classes of length
 * @dg_state:	OSI, per level: the domain states as a governor sees them
 * @sub_power_on_ns: OSI, per level: the power-ons of the levels below,
 *		each its deepest state's
 * @nr_own:	how many states the table has: its driver's state_count
 * @slot:	the model state (slot) of each of its own states
 * @present:	bit s: the table has a state in slot s. A slot it lacks
 *		holds a copy of its next deeper state at the level; no CPU
 *		of the table enters it, no domain of it goes down in it,
 *		and the oracle never picks it ("Tables of different
 *		lengths" in pidle_config_sets.c)
 *
 * Every table is laid out in the same slots (states, their levels and
 * indices: see "A state table per CPU set" and "Tables of different
 * lengths" in pidle_config_sets.c), so the per-level
 * tables of struct pidle_model (votes, fallbacks, level-local indices)
 * serve them all; what a state's figures decide lives here. A CPU reads
 * its set's table, a domain the table of its CPUs' set: two clusters of
 * one level may go down in different states with different latencies.
 */
struct pidle_table {
	struct pidle_state_desc state[PIDLE_MAX_STATES];
	struct pidle_state_hot hot[PIDLE_MAX_STATES];
	struct pidle_oracle oracle[PIDLE_MAX_LEVELS + 1];
	struct pidle_period_class pclass[PIDLE_MAX_LEVELS + 1]
					[PIDLE_MAX_DOMAIN_STATES + 1];
	struct pidle_dgov_state dg_state[PIDLE_MAX_LEVELS + 1]
					[PIDLE_MAX_DOMAIN_STATES];
	u64 sub_power_on_ns[PIDLE_MAX_LEVELS + 1];
	/* Energy: power while up per level (0 = a CPU's active power). */
	u32 up_mw[PIDLE_MAX_LEVELS + 1];
	unsigned int nr_own;
	u8 slot[PIDLE_MAX_STATES];
	u16 present;
};

struct pidle_model {
	unsigned int nr_cpus;
	unsigned int nr_states;
	unsigned int nr_levels;
	enum pidle_policy policy;
	enum pidle_mode mode;
	s64 global_qos_ns;	/* pidle_model_set_global_qos() */
	unsigned int fanout;	/* vote groups' (pidle_model_opts) */
	/* OSI: the pending-IPI hook and its data (pidle_model_opts). */
	pidle_dgov_ipi_peek_t ipi_peek;
	void *ipi_data;
	/*
	 * The tables: @tab[0] the one table, or a table per CPU set
	 * (@nr_sets of them) and each CPU's set; nr_sets 0 for one table.
	 */
	unsigned int nr_sets;
	unsigned int nr_tabs;
	struct pidle_table tab[PIDLE_MAX_CPU_SETS];
	int *set_of_cpu;
	/* The slots as a reader that knows nothing of sets sees them. */
	struct pidle_state_desc state[PIDLE_MAX_STATES];
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
	bool has_energy;
	/* Deepest CPU-level state: where an offline CPU is counted. */
	unsigned int deepest_cpu_state;
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
u64 pidle_domain_periods_read(const struct pidle_model *m,
			      const struct pidle_domain *d, unsigned int k,
			      struct pidle_domain_stats *out);

/* pidle_energy.c: the energy model's tables and readers. */
void pidle_energy_tables(struct pidle_model *m, const struct pidle_states *st,
			 const struct pidle_topology *topo);

/* A counter with one writer at a time (see "Counters" in pidle_model.c). */
static inline void pidle_stat_add(u64 *counter, u64 val)
{
	WRITE_ONCE(*counter, *counter + val);
}

/*
 * The energy model's part of the idle path (see "Energy model" in
 * pidle_energy.c), inline: called on every entry and exit, where a call
 * across files cost a tenth of a pair in spills.
 */
static inline int pidle_oracle_pick(const struct pidle_oracle *o,
				    u64 length_ns)
{
	unsigned int i = 0;

	while (i + 1 < o->nr && length_ns >= o->from_ns[i + 1])
		i++;
	return o->state[i];
}

/* The caller (pidle_model.c) holds the CPU's window open: seq is odd. */
static inline void pidle_energy_cpu_begin(struct pidle_cpu *c,
					  enum pidle_activity what, u64 now_ns)
{
	WRITE_ONCE(c->activity, what);
	WRITE_ONCE(c->since_ns, now_ns);
}

static inline void pidle_energy_cpu_end(const struct pidle_model *m,
					struct pidle_cpu *c,
					unsigned int state, u64 now_ns)
{
	u64 len = now_ns > c->since_ns ? now_ns - c->since_ns : 0;
	struct pidle_cpu_counters *st;

	if (c->activity == PIDLE_OFFLINE) {
		pidle_stat_add(&c->offline_ns, len);
	} else {
		st = &c->stat[m->cpu_fallback[state]];
		pidle_stat_add(&st->idle_ns, len);
		pidle_stat_add(&st->idle_periods, 1);
		st = &c->stat[pidle_oracle_pick(&c->tab->oracle[0], len)];
		pidle_stat_add(&st->oracle_ns, len);
		pidle_stat_add(&st->oracle_periods, 1);
	}
	WRITE_ONCE(c->activity, PIDLE_BUSY);
	/* The latest time this CPU recorded: see "Readers see one history". */
	WRITE_ONCE(c->since_ns, now_ns);
}

/*
 * The first man, WAKING held: the voted period that just ended, @length_ns
 * long, in @row (a level-local state, or PIDLE_KEPT_UP_ROW). All that the
 * statistics and the energy need of it but the latency.
 */
static inline void pidle_domain_period_end(const struct pidle_model *m,
					   struct pidle_domain *d,
					   unsigned int row, u64 length_ns,
					   bool unpaid)
{
	const struct pidle_period_class *pc = &d->tab->pclass[d->level][row];
	struct pidle_period_bucket *b;
	unsigned int i = 0;

	while (i < pc->nr && length_ns >= pc->from_ns[i])
		i++;
	b = &d->period[row][i];
	if (unpaid)
		pidle_stat_add(&b->unpaid, 1);
	else
		pidle_stat_add(&b->paid, 1);
	pidle_stat_add(&b->ns, length_ns);
}

/*
 * A counter since the last reset: @cur less the reset's copy @base. The
 * base first: it is a value @cur once had (pidle_stat_base()), and @cur
 * only grows, so the difference never wraps, even against a reset that
 * lands between the two reads (read the other way round, a reset there
 * made it ~2^64).
 */
static inline u64 pidle_stat_since(const u64 *cur, const u64 *base)
{
	u64 b = READ_ONCE(*base);

	/* The base, then the counter: pairs with pidle_stat_base()'s release. */
	smp_rmb();
	return READ_ONCE(*cur) - b;
}

/*
 * A reset: @base takes @cur's value. A release, so that a reader that
 * sees the new base (pidle_stat_since()) also sees the counter's write
 * this CPU read, or a later one (write-to-read causality).
 */
static inline void pidle_stat_base(const u64 *cur, u64 *base)
{
	smp_store_release(base, READ_ONCE(*cur));
}

/* pidle_energy.c: the classes of each level's rows of table @t. */
void pidle_period_classes_build(struct pidle_model *m, struct pidle_table *t);

void pidle_energy_cpu_reset(struct pidle_model *m, unsigned int cpu,
			    u64 now_ns);
void pidle_energy_domain_reset(struct pidle_model *m, unsigned int level,
			       unsigned int dom, u64 now_ns);

#endif /* _PIDLE_MODEL_PRIV_H */
