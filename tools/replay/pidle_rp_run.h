/* SPDX-License-Identifier: GPL-2.0 */
/* pidle-replay: one cell (a table, a governor, a PM QoS) over a trace. */
#ifndef _PIDLE_RP_RUN_H
#define _PIDLE_RP_RUN_H

#include <pidle/model.h>
#include "pidle_rp.h"

struct pidle_rp_cell {
	char name[64];			/* the table's name */
	struct pidle_states st;
	struct pidle_topology topo;
	enum pidle_policy policy;
	/*
	 * mode = osi: the governor sees the CPU-level states only, and each
	 * domain level's state is chosen by the built-in domain governor
	 * pidle_dgov_name_of(&dgov, &topo, level) names
	 */
	enum pidle_mode mode;
	struct pidle_dgov_cfg dgov;
	char governor[16];		/* menu, teo, ladder, or recorded */
	s64 qos_ns;			/* -1: the trace's */
	char qos_name[32];
	unsigned int disabled;		/* bit S: state S disabled */
	unsigned int repeat;		/* the trace this many times (bench) */
	FILE *periods;			/* each period's replay, or NULL */
	/*
	 * Two versions in one program (tests/fuzz/fuzz_gov.c): whose
	 * governor (pidle_kgov_create_drivers(); 0 the program's own), and
	 * where each period's ->select goes (the trace's period order;
	 * PIDLE_RP_NOT_SELECTED where none ran), or NULL
	 */
	unsigned int gov_version;
	int *selected;
};
#define PIDLE_RP_NOT_SELECTED	(-1)

struct pidle_rp_level {
	char name[PIDLE_NAME_LEN];
	unsigned int nr_domains;
	unsigned int first_state, nr_states;
	struct pidle_domain_stats st[PIDLE_MAX_STATES];
	u64 residency_ns[PIDLE_MAX_STATES];
	u64 downs[PIDLE_MAX_STATES];	/* down periods begun */
	char gov[PIDLE_NAME_LEN];	/* OSI: the level's domain governor */
};

struct pidle_rp_result {
	/* nr_states: the governor's, all or (OSI) the CPU-level ones */
	unsigned int nr_cpus, nr_states, nr_levels;
	u64 span_ns;
	u64 periods, wakeups, aborted;
	u64 latency_ns, latency_max_ns;
	u64 requested[PIDLE_MAX_STATES], achieved[PIDLE_MAX_STATES];
	u64 requested_aborted[PIDLE_MAX_STATES];	/* of requested */
	u64 above[PIDLE_MAX_STATES], below[PIDLE_MAX_STATES];
	u64 residency_ns[PIDLE_MAX_STATES];	/* CPU time, by achieved */
	u64 src[PIDLE_RP_SRC_NR];
	u64 src_latency_ns[PIDLE_RP_SRC_NR];
	struct pidle_rp_level level[PIDLE_MAX_LEVELS + 1];	/* 1.. */
	bool has_energy;
	struct pidle_energy energy;		/* the machine */
	double run_s;				/* the replay loop's wall time */
};

/* 0, or -1 with one sentence in @err. */
int pidle_rp_replay(const struct pidle_rp_trace *t,
		    const struct pidle_rp_cell *cell,
		    struct pidle_rp_result *r, char *err, size_t errlen);

#endif
