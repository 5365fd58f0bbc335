/* SPDX-License-Identifier: GPL-2.0 */
/* pidle-stat: one snapshot of the cpuidle and pseudo_cpuidle sysfs. */
#ifndef _PIDLE_SNAP_H
#define _PIDLE_SNAP_H

#include <stdbool.h>

#include <pidle/counters.h>

#define PIDLE_SNAP_STATES	10
#define PIDLE_SNAP_CPUS		1024
#define PIDLE_SNAP_DOMAINS	1024
#define PIDLE_SNAP_LEVELS	5

/*
 * The module's wake sources (drivers/pidle_wake.h, same order): sysfs
 * stateK/wake_NAME; a domain state has all but aborted.
 */
#define PIDLE_SNAP_WAKE_NAMES(X) X(timer) X(ipi) X(device) X(unknown) X(aborted)
#define PIDLE_SNAP_WAKE		5
#define PIDLE_SNAP_WAKE_DOMAIN	4
extern const char *const pidle_snap_wake_name[PIDLE_SNAP_WAKE];

/* One field per counter of <pidle/counters.h>, named as sysfs names it. */
#define PIDLE_SNAP_FIELD(f)	unsigned long long f;

struct pidle_snap_state {
	char name[32];
	unsigned long long usage, time_us, above, below, latency_us;
	/* pseudo_cpuidle per-CPU counters, when present */
	PIDLE_CPU_COUNTERS(PIDLE_SNAP_FIELD)
	unsigned long long wake[PIDLE_SNAP_WAKE];	/* with pidle_snap.wake */
	/* cpuidle's above and below by source: stateK/above_SRC, below_SRC */
	unsigned long long wake_above[PIDLE_SNAP_WAKE_DOMAIN];
	unsigned long long wake_below[PIDLE_SNAP_WAKE_DOMAIN];
};

/* A node's energy files (microjoules), when the module has an energy model. */
struct pidle_snap_energy {
	bool valid;
	unsigned long long energy_uj, idle_uj, oracle_uj;
};

struct pidle_snap_cpu {
	int cpu;
	struct pidle_snap_energy e;
	int nr_states;
	unsigned long long read_ns;	/* CLOCK_MONOTONIC of the visit; 0: none */
	struct pidle_snap_state st[PIDLE_SNAP_STATES];
};

/*
 * genpd's above and below (OSI mode, issue 22), read when the domain
 * state's directory has them: a module without them shows none.
 */
struct pidle_snap_genpd {
	bool valid;
	unsigned long long above, below;
};

struct pidle_snap_dstate {
	int idx;
	char name[32];
	PIDLE_DOMAIN_COUNTERS(PIDLE_SNAP_FIELD)
	unsigned long long wake[PIDLE_SNAP_WAKE];	/* the first man's */
	struct pidle_snap_genpd g;
};

struct pidle_snap_domain {
	char name[48];		/* the sysfs directory: LEVEL and index */
	int idx;		/* the index in its level */
	int rank;		/* the level's place, innermost first */
	char level[32];
	char cpus[64];
	int nr_states;
	unsigned long long read_ns;	/* CLOCK_MONOTONIC of the visit; 0: none */
	struct pidle_snap_dstate st[PIDLE_SNAP_STATES];
	struct pidle_snap_energy e;
};

struct pidle_snap {
	int nr_cpus;
	struct pidle_snap_cpu cpu[PIDLE_SNAP_CPUS];
	int nr_domains;
	struct pidle_snap_domain dom[PIDLE_SNAP_DOMAINS];
	bool pseudo;
	/* The module counts wake sources; wake_sources: exact, or why not. */
	bool wake;
	char wake_sources[160];
	/* The module's energy_uj: present only with an energy model. */
	bool energy;
	unsigned long long energy_uj;
	char driver[32], governor[32];	/* cpuidle's current ones */
};

/*
 * Read the tree under @root ("" for the live /sys). @visit: run on each CPU
 * before reading its counters (see pidle_snap.c), for a live system.
 * Returns 0, or -1 after printing one sentence naming the missing path.
 */
int pidle_snap_read(const char *root, bool need_module, bool visit,
		    struct pidle_snap *s);

#endif
