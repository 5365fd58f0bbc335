/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-stat: what changed between two snapshots, as rows ready to print:
 * one per CPU, one per domain, and a summary row for the CPUs and for each
 * domain level. Every output format prints these same rows.
 */
#ifndef _PIDLE_STAT_DELTA_H
#define _PIDLE_STAT_DELTA_H

#include <stddef.h>

#include "pidle_snap.h"

/* One CPU state over the interval (or, in the summary, over all CPUs). */
struct pidle_stat_cstate {
	double residency_pct;		/* cpuidle time / elapsed */
	double too_deep_pct;		/* cpuidle above / usage */
	double too_shallow_pct;		/* cpuidle below / usage */
	unsigned long long usage, above, below;
	/* the module's counters; meaningful only with pidle_stat.pseudo */
	unsigned long long demoted, achieved, latency_paid_ns, overshoot_ns;
	/* idle periods per wake source (pidle_snap_wake_name); with .wake */
	unsigned long long wake[PIDLE_SNAP_WAKE];
	/* ... and of those, too deep (above) and too shallow (below) */
	unsigned long long wake_above[PIDLE_SNAP_WAKE_DOMAIN];
	unsigned long long wake_below[PIDLE_SNAP_WAKE_DOMAIN];
};

/*
 * A node's energy over the interval (or a summary's: the sum of its rows).
 * Efficiency is the oracle's idle energy over the actual one, in percent;
 * negative when the node finished no idle period in the interval.
 */
struct pidle_stat_energy {
	bool valid;
	double j;			/* energy, joules */
	double avg_w;			/* j over the row's window */
	double idle_j, oracle_j;	/* finished idle periods, and the oracle's */
	double efficiency_pct;
};

struct pidle_stat_cpu {
	int cpu;			/* -1: the summary row */
	struct pidle_stat_energy e;
	double busy_pct;		/* 100 - the states' residency */
	int dom[PIDLE_SNAP_LEVELS];	/* its domain per level, -1 if none */
	/*
	 * Its own states, @st[0 .. @nr_states - 1]: a CPU set's table may be
	 * shorter than the longest (the columns), whose further states it
	 * does not have (shown "-", not 0). The summary row: all columns.
	 */
	int nr_states;
	struct pidle_stat_cstate st[PIDLE_SNAP_STATES];
};

/* One domain state over the interval (or, in a summary, over the level). */
struct pidle_stat_dstate {
	double residency_pct;		/* achieved residency / elapsed */
	double too_deep_pct;		/* too_deep / usage */
	unsigned long long usage, too_deep, rejected, latency_paid_ns;
	/* down periods per wake source of the first man; with .wake */
	unsigned long long wake[PIDLE_SNAP_WAKE];
	bool genpd;			/* the module counts above and below */
	unsigned long long above, below; /* genpd's, when @genpd */
};

struct pidle_stat_domain {
	int idx;			/* -1: the level's summary row */
	struct pidle_stat_energy e;	/* the domain's own, CPUs not included */
	char cpus[64];			/* a CPU list, as sysfs prints it */
	/*
	 * Bit k: the domain's table has no state of column k (domains of a
	 * level whose CPU sets have tables of different lengths), "-".
	 */
	unsigned int lacks;
	struct pidle_stat_dstate st[PIDLE_SNAP_STATES];
};

/* A domain level: its states (columns) and its domains (rows). */
struct pidle_stat_level {
	char name[32];			/* core, cluster, package, ... */
	int nr_states;
	int state[PIDLE_SNAP_STATES];	/* indices in the state table */
	int first, nr;			/* its rows: dom[first .. first+nr) */
	struct pidle_stat_domain sum;
};

struct pidle_stat {
	double elapsed_s;
	bool pseudo;			/* the module's counters were read */
	bool energy;			/* ... and it has an energy model */
	bool wake;			/* ... and counts wake sources */
	char wake_sources[160];		/* its wake_sources: exact, or why not */
	struct pidle_stat_energy total;	/* the machine: energy_uj of the root */
	char driver[32], governor[32];
	int nr_states;			/* of the first CPU; others may lack some */
	char state_name[PIDLE_SNAP_STATES][32];
	/*
	 * A domain state's name by its model state (domains/LEVELI/stateK),
	 * from the domains' own directories, each domain's joined by '/':
	 * with sets of different lengths a CPU's column K is its own K-th
	 * state, which is not the model's state K. "" when no domain has it.
	 */
	char dstate_name[PIDLE_SNAP_STATES][32];
	int nr_cpus;
	struct pidle_stat_cpu cpu[PIDLE_SNAP_CPUS];
	struct pidle_stat_cpu cpu_sum;
	char cpus[256];			/* the CPUs of the rows, as a list */
	int nr_levels;			/* innermost first */
	struct pidle_stat_level level[PIDLE_SNAP_LEVELS];
	int nr_domains;
	struct pidle_stat_domain dom[PIDLE_SNAP_DOMAINS];
};

/*
 * Fill @st from snapshots @a (start) and @b (end) taken @elapsed_s apart.
 * CPUs and domains present in only one of them (hotplug, reconfiguration)
 * are left out. A counter that went backwards (a reset) counts as 0.
 */
void pidle_stat_delta(const struct pidle_snap *a, const struct pidle_snap *b,
		      double elapsed_s, struct pidle_stat *st);

/* The abbreviation turbostat uses for a level: Pkg, Core, Die, ... */
const char *pidle_stat_level_title(const char *level, char *buf, size_t size);

#endif
