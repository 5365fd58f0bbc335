/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: the configuration strings (states=, topology=, wait=,
 * domain_policy=, mode=, domain_gov=), parsed, validated and printed back
 * in canonical form.
 *
 * Every parser fills a struct pidle_err on failure with one sentence that
 * names the parameter, the offending field and the reason, and returns
 * -EINVAL (or -ENOMEM). On failure the output is left untouched, so a
 * caller can parse into its live configuration only after a dry run, or
 * simply parse into a scratch copy and swap.
 */
#ifndef _PIDLE_CONFIG_H
#define _PIDLE_CONFIG_H

#include <linux/types.h>
#include "limits.h"

struct pidle_err {
	const char *param;	/* the parameter it belongs to: "states", ... */
	char msg[PIDLE_ERR_LEN]; /* "PARAM: the field and why", one sentence */
};

/**
 * struct pidle_state_desc - one simulated idle state, as configured
 * @name:		state name, as cpuidle shows it
 * @exit_latency_ns:	simulated exit latency (a domain state's power-on)
 * @entry_latency_ns:	entry latency (a domain state's power-off), 0 when
 *			the table gave none (LATENCY field ENTRY_US+EXIT_US).
 *			What cpuidle sees as exit latency is entry + exit,
 *			as drivers/cpuidle/dt_idle_states.c sums them; in
 *			OSI mode a domain state's are genpd's
 *			power_off_latency_ns and power_on_latency_ns
 * @target_residency_ns: target residency advertised to governors
 * @level_name:		"cpu", or the name of a topology level
 * @power_mw:		power while in this state (a CPU's, or for a domain
 *			state the domain's own), mW; 0 when not given. Also
 *			the cpuidle state's power_usage
 * @energy_uj:		energy of one entry and exit (the break-even cost),
 *			uJ; 0 when not given
 */
struct pidle_state_desc {
	char name[PIDLE_NAME_LEN];
	u64 exit_latency_ns;
	u64 target_residency_ns;
	u64 entry_latency_ns;
	char level_name[PIDLE_NAME_LEN];
	u32 power_mw;
	u32 energy_uj;
};

/**
 * struct pidle_level_power - power= item: a level's power while up
 * @level_name:	"cpu" (a CPU's active power) or a topology level's name
 * @power_mw:	power of one CPU while busy, or of one domain while up, mW
 */
struct pidle_level_power {
	char level_name[PIDLE_NAME_LEN];
	u32 power_mw;
};

/* CPUs @first .. @last of a CPU set. */
struct pidle_cpu_range {
	u16 first, last;
};

/**
 * struct pidle_cpu_list - the CPUS of a CPUS=VALUE item (states=, power=)
 * @nr_ranges:	valid entries in @range
 * @range:	the CPUs, ranges @first .. @last, ascending, disjoint
 */
struct pidle_cpu_list {
	unsigned int nr_ranges;
	struct pidle_cpu_range range[PIDLE_MAX_SET_RANGES];
};

/**
 * struct pidle_cpu_set - one CPU set of a heterogeneous states= table
 * @cpus:	the set's CPUs (struct pidle_cpu_list), for the code that
 *		parses and prints the CPUS of states= and power= alike
 * @nr_ranges:	@cpus.nr_ranges by its own name (a union, as the kernel's
 *		struct_group())
 * @range:	@cpus.range, the same way
 * @state:	the set's table laid out in the common slots (as many as
 *		the top-level table, at the same levels; "Tables of
 *		different lengths" in pidle_config_sets.c): @state[s] is the
 *		set's state in slot s, or, for a slot it lacks (bit s of
 *		@present clear), a copy of its next deeper state at the
 *		slot's level, which nothing enters or counts. Its
 *		domain-level states are those of the domains of its CPUs
 *		(pidle_config_check() refuses sets that a domain spans and
 *		that differ at its level)
 * @nr_own:	how many states the set has: its cpuidle driver's
 *		state_count (PC mode)
 * @slot:	the slot of each of its own states, @slot[0 .. @nr_own - 1],
 *		ascending: a driver's index to the model's state
 * @present:	bit s set: slot s is one of the set's states
 */
struct pidle_cpu_set {
	union {
		struct pidle_cpu_list cpus;
		struct {
			unsigned int nr_ranges;
			struct pidle_cpu_range range[PIDLE_MAX_SET_RANGES];
		};
	};
	struct pidle_state_desc state[PIDLE_MAX_STATES];
	unsigned int nr_own;
	u8 slot[PIDLE_MAX_STATES];
	u16 present;
};

/**
 * struct pidle_power_set - one CPU set of a power= value per set
 * @cpus:	the set's CPUs: those of one states= set
 * @nr_up:	valid entries in @up
 * @up:		the set's LEVEL:POWER_MW items, in the order given
 */
struct pidle_power_set {
	struct pidle_cpu_list cpus;
	unsigned int nr_up;
	struct pidle_level_power up[PIDLE_MAX_LEVELS + 1];
};

/*
 * The longest pidle_cpu_set_print() of a set: every range "8191-8191"
 * and a comma, then the NUL.
 */
#define PIDLE_CPU_SET_STR_LEN	(PIDLE_MAX_SET_RANGES * sizeof("8191-8191,") + 1)

/**
 * struct pidle_states - the state table, ordered by target residency
 * @nr_states:	number of valid entries in @state
 * @state:	the states; state 0 is at CPU level
 * @nr_up:	number of valid entries in @up
 * @up:		the power= parameter: active/up power per level, in the
 *		order given; a level not named has 0
 * @nr_sets:	0: one table for every CPU (@state). 2 or more: a table
 *		per CPU set (CPUS=TABLE;CPUS=TABLE...), @set[k]; @nr_states
 *		and @state are then the common slots every set's table is
 *		laid out in (each level's slots from the first set that has
 *		them all), so that a reader that knows nothing of sets sees
 *		one shape, with every state at its level
 * @set:	the CPU sets, in the order given
 * @nr_power_sets: 0: one power= for every CPU (@up). 2 or more: power=
 *		per CPU set (CPUS=LEVEL:MW,...;CPUS=...), @power_set[k], each
 *		the CPUs of one states= set; @nr_up and @up are then set
 *		0's, as @state is
 * @power_set:	the power= sets, in the order given
 *
 * The table's powers and energies together make the energy model
 * (pidle_energy.c); pidle_states_parse() leaves @up empty and
 * pidle_power_parse() fills only @up and the power sets.
 */
struct pidle_states {
	unsigned int nr_states;
	struct pidle_state_desc state[PIDLE_MAX_STATES];
	unsigned int nr_up;
	struct pidle_level_power up[PIDLE_MAX_LEVELS + 1];
	unsigned int nr_sets;
	struct pidle_cpu_set set[PIDLE_MAX_CPU_SETS];
	unsigned int nr_power_sets;
	struct pidle_power_set power_set[PIDLE_MAX_CPU_SETS];
};

/* True for a table per CPU set (several cpuidle drivers). */
static inline bool pidle_states_per_set(const struct pidle_states *st)
{
	return st->nr_sets > 0;
}

/* power= gives something: a list, or lists per set (set 0's may be empty). */
static inline bool pidle_power_given(const struct pidle_states *st)
{
	return st->nr_up || st->nr_power_sets;
}

/* The set @cpu belongs to, or -1 when it is in none (or no sets). */
int pidle_states_set_of(const struct pidle_states *st, unsigned int cpu);
/* The table @cpu enters: its set's, or the one table. */
const struct pidle_state_desc *pidle_states_of_cpu(const struct pidle_states *st,
						    unsigned int cpu);
/*
 * Whether @cpu's table has slot @state: always with one table; with a
 * table per set, whether its set has a state there (tables of different
 * lengths).
 */
bool pidle_states_cpu_has(const struct pidle_states *st, unsigned int cpu,
			  unsigned int state);
/* A set's CPUs as a list, "0-3" or "0,2,4-5"; the length, or -ENOSPC. */
int pidle_cpu_set_print(const struct pidle_cpu_set *set, char *buf,
			size_t size);
int pidle_cpu_list_print(const struct pidle_cpu_list *cpus, char *buf,
			 size_t size);
/* Same CPU sets (count and CPUs) in @a and @b: the drivers' cpumasks. */
bool pidle_states_same_sets(const struct pidle_states *a,
			    const struct pidle_states *b);

/**
 * struct pidle_topo_level - one domain level of a topology description
 * @name:		level name ("core", "package", ...)
 * @nr_domains:		number of domains at this level
 * @domain_of_cpu:	for each CPU, the index of its domain (0-based,
 *			numbered in order of each domain's lowest CPU)
 */
struct pidle_topo_level {
	char name[PIDLE_NAME_LEN];
	unsigned int nr_domains;
	unsigned int *domain_of_cpu;
};

/**
 * struct pidle_topology - a topology description
 * @nr_cpus:	CPUs 0 .. @nr_cpus - 1 are described
 * @nr_levels:	domain levels above the CPU, innermost first
 * @level:	the levels; each domain nests in one domain of the next
 */
struct pidle_topology {
	unsigned int nr_cpus;
	unsigned int nr_levels;
	struct pidle_topo_level level[PIDLE_MAX_LEVELS];
};

enum pidle_wait {
	PIDLE_WAIT_POLL,
	PIDLE_WAIT_HALT,
};

enum pidle_policy {
	PIDLE_POLICY_AUTO,
	PIDLE_POLICY_TIMER,
};

/**
 * enum pidle_mode - mode=: how a domain's state is chosen
 * @PIDLE_MODE_PC:  platform-coordinated (default): every state is a cpuidle
 *		    state; a domain goes down in the deepest state all of its
 *		    CPUs asked for (Intel, PSCI PC mode)
 * @PIDLE_MODE_OSI: OS-initiated: cpuidle shows the CPU-level states only;
 *		    the last CPU of a domain into its deepest CPU state hands
 *		    the domain to the level's domain governor (PSCI OSI mode
 *		    with genpd, cpuidle-psci-domain.c)
 */
enum pidle_mode {
	PIDLE_MODE_PC,
	PIDLE_MODE_OSI,
};

/**
 * struct pidle_dgov_cfg - domain_gov=: a domain governor per level
 * @all:	the governor of every level not named in @item; "" when the
 *		value named levels only (those left out get
 *		PIDLE_DGOV_DEFAULT)
 * @nr_items:	valid entries in @item
 * @item:	LEVEL:NAME pairs, in the order given, each level once
 *
 * Parsed for its syntax only: whether the levels exist is
 * pidle_dgov_check()'s job (against the topology), whether the names do
 * is the registry's (the module's pidle_dgov_get(); userspace:
 * pidle_dgov_builtin_known()). The resolved per-level choice is
 * pidle_dgov_name_of().
 */
struct pidle_dgov_cfg {
	char all[PIDLE_NAME_LEN];
	unsigned int nr_items;
	struct {
		char level_name[PIDLE_NAME_LEN];
		char gov[PIDLE_NAME_LEN];
	} item[PIDLE_MAX_LEVELS];
};

/* domain_gov= when not given: see pidle_config.c for why this one. */
#define PIDLE_DGOV_DEFAULT	"genpd-6.12"

/* The table used when states= is not given: see pidle_states.c. */
extern const char pidle_default_states[];

/*
 * Drop the states whose level @topo does not have (used for the default
 * table, which names core and package states that a flat topology lacks).
 */
void pidle_states_drop_missing_levels(struct pidle_states *st,
				      const struct pidle_topology *topo);

int pidle_states_parse(const char *str, struct pidle_states *out,
		       struct pidle_err *err);
int pidle_states_print(const struct pidle_states *st, char *buf, size_t size);

/*
 * power=: LEVEL:POWER_MW,... (the active power of a CPU, level "cpu", or
 * the power of a domain while up), or "none"/empty for no such power; or
 * CPUS=LEVEL:POWER_MW,...;CPUS=... per CPU set of states= (pidle_power_sets.c).
 * Fills only @out->nr_up, @out->up and the power sets. Whether the levels
 * exist and the sets match states='s is checked by pidle_config_check().
 * Printed back as given (sets canonical, as states= prints them), "none"
 * when empty.
 */
int pidle_power_parse(const char *str, struct pidle_states *out,
		      struct pidle_err *err);
int pidle_power_print(const struct pidle_states *st, char *buf, size_t size);
/* Copy power= (one or per set) from @src into @dst, nothing else. */
void pidle_power_copy(struct pidle_states *dst, const struct pidle_states *src);
/*
 * The power= items that apply to @cpu: its power set's, or the one list
 * (also when @cpu is in no power set). Returns the count, *@up the items.
 */
unsigned int pidle_power_of_cpu(const struct pidle_states *st, unsigned int cpu,
				const struct pidle_level_power **up);

/*
 * nr_cpus == 0: the description defines the CPU count (it must then cover
 * 0 .. max without holes). nr_cpus > 0: it must cover exactly that many.
 * "none" (or the empty string) is a flat machine with no domain levels.
 */
int pidle_topology_parse(const char *str, unsigned int nr_cpus,
			 struct pidle_topology *out, struct pidle_err *err);
/*
 * The canonical print: explicit (every domain's CPU ranges) or compact
 * (ranges with steps, runs of shifted domains as DOMAIN*COUNT[@STRIDE]);
 * both parse back to the same topology. -ENOSPC when it does not fit in
 * @size bytes with its NUL; else the length.
 */
int pidle_topology_print(const struct pidle_topology *topo, char *buf,
			 size_t size);
int pidle_topology_print_compact(const struct pidle_topology *topo,
				 char *buf, size_t size);
/* What sysfs shows: the explicit form when it fits, else the compact one. */
int pidle_topology_show(const struct pidle_topology *topo, char *buf,
			size_t size);
void pidle_topology_free(struct pidle_topology *topo);
/* A deep copy of @src into @dst (-ENOMEM leaves @dst untouched). */
int pidle_topology_copy(struct pidle_topology *dst,
			const struct pidle_topology *src);
/* Index of @name among the topology's levels: 0 = cpu, 1.. = level[0..]. */
int pidle_topology_level_index(const struct pidle_topology *topo,
			       const char *name);

/*
 * Check that a state table fits a topology: every level name exists and
 * levels do not decrease along the table, nor do more than
 * PIDLE_MAX_DOMAIN_STATES states sit at one domain level; every level
 * power= names exists.
 */
int pidle_config_check(const struct pidle_states *st,
		       const struct pidle_topology *topo,
		       struct pidle_err *err);

int pidle_wait_parse(const char *str, enum pidle_wait *out,
		     struct pidle_err *err);
const char *pidle_wait_name(enum pidle_wait wait);
/* prewake=: "off" (false) or "on" (true). */
int pidle_prewake_parse(const char *str, bool *out, struct pidle_err *err);
const char *pidle_prewake_name(bool prewake);
int pidle_policy_parse(const char *str, enum pidle_policy *out,
		       struct pidle_err *err);
const char *pidle_policy_name(enum pidle_policy policy);

/* mode=: "pc" or "osi". */
int pidle_mode_parse(const char *str, enum pidle_mode *out,
		     struct pidle_err *err);
const char *pidle_mode_name(enum pidle_mode mode);
/*
 * What mode= asks of the state table: in OSI mode the domains hang off the
 * deepest CPU-level state, which must then not be a polling state (one
 * with zero exit latency, as state 0 of most tables).
 */
int pidle_mode_check(enum pidle_mode mode, const struct pidle_states *st,
		     struct pidle_err *err);
/*
 * The part of pidle_mode_check() that pidle_model_create_opts() repeats: the
 * order across levels (in PC mode cpuidle's driver gets the whole table,
 * each set's own states, in ascending target residency: states= checks
 * only each level's states among themselves); in OSI mode, every set has
 * a state in every domain-level slot.
 */
int pidle_mode_check_sets(enum pidle_mode mode, const struct pidle_states *st,
			  struct pidle_err *err);
/*
 * @nr_states states in order, each against the one before it whatever its
 * level: target residency, exit latency and entry+exit latency never
 * decrease. State i is @state[@slot[i]] (a set's own states, by their
 * slots), or @state[i] when @slot is NULL. The refusal names the states
 * by i, after @pre, and ends in @why.
 */
int pidle_states_check_seq(const struct pidle_state_desc *state,
			   const u8 *slot, unsigned int nr_states,
			   const char *pre, const char *why,
			   struct pidle_err *err);
/* The cpuidle exit latency of a state: entry + exit (dt_idle_states.c). */
static inline u64 pidle_state_wake_latency_ns(const struct pidle_state_desc *sd)
{
	return sd->entry_latency_ns + sd->exit_latency_ns;
}

/*
 * domain_gov=: NAME (every level), LEVEL:NAME,... (per level; the others
 * get PIDLE_DGOV_DEFAULT), or NAME,LEVEL:NAME,... (NAME for the levels
 * not named). Names as the registry spells them, [a-z0-9._-].
 */
int pidle_dgov_parse(const char *str, struct pidle_dgov_cfg *out,
		     struct pidle_err *err);
/*
 * The value as given, canonical: NAME first when given, then LEVEL:NAME
 * items in the order given; what a read of the parameter shows is
 * pidle_dgov_print_resolved().
 */
int pidle_dgov_print(const struct pidle_dgov_cfg *dg, char *buf, size_t size);
/*
 * What governs @level (1 = innermost domain level) of @topo: the item
 * naming it, else @dg->all, else PIDLE_DGOV_DEFAULT.
 */
const char *pidle_dgov_name_of(const struct pidle_dgov_cfg *dg,
			       const struct pidle_topology *topo,
			       unsigned int level);
/*
 * The choice for @topo, canonical: NAME when one governor has every level
 * (or there is no level), else LEVEL:NAME for each level, innermost first.
 * Parses back to the same per-level choice.
 */
int pidle_dgov_print_resolved(const struct pidle_dgov_cfg *dg,
			      const struct pidle_topology *topo,
			      char *buf, size_t size);
/*
 * Check @dg against @topo (every level named exists and is not "cpu") and
 * each name it resolves to against @known (NULL: pidle_dgov_builtin_known()).
 * Messages name the parameter domain_gov, the item and the reason.
 */
int pidle_dgov_check(const struct pidle_dgov_cfg *dg,
		     const struct pidle_topology *topo,
		     bool (*known)(const char *name), struct pidle_err *err);
/* The built-in domain governors' names, NULL-terminated; and a lookup. */
extern const char *const pidle_dgov_builtin_names[];
bool pidle_dgov_builtin_known(const char *name);

#endif /* _PIDLE_CONFIG_H */
