/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: limits and constants shared by the model core, the
 * kernel module and the userspace tools.
 */
#ifndef _PIDLE_LIMITS_H
#define _PIDLE_LIMITS_H

/* Same bound as the cpuidle core's CPUIDLE_STATE_MAX. */
#define PIDLE_MAX_STATES	10

/* Same bound as CPUIDLE_NAME_LEN: 15 characters and the NUL. */
#define PIDLE_NAME_LEN		16

/* Domain levels above the CPU: core, cluster, die, package, and one spare. */
#define PIDLE_MAX_LEVELS	5

/*
 * States at one domain level. Each gets a vote counter packed into the
 * domain's 64-bit word (see pidle_model.c), PIDLE_VOTE_BITS wide.
 */
#define PIDLE_MAX_DOMAIN_STATES	4
#define PIDLE_VOTE_BITS		14
/* A domain can hold at most this many CPUs (one vote counter's range). */
#define PIDLE_MAX_DOMAIN_CPUS	((1u << PIDLE_VOTE_BITS) - 1)

/*
 * A heterogeneous states= table (one table per CPU set): at most this many
 * sets, each a list of at most PIDLE_MAX_SET_RANGES ranges of CPUs.
 */
#define PIDLE_MAX_CPU_SETS	4
#define PIDLE_MAX_SET_RANGES	8

/* Largest CPU count a topology description may name (NR_CPUS on Debian). */
#define PIDLE_MAX_CPUS		8192

/* Largest target residency accepted: 10 s, in microseconds. */
#define PIDLE_MAX_TIME_US	10000000ULL

/*
 * Largest power (mW) and entry+exit energy (uJ) a table may give: 1 kW and
 * 1 J. With both bounds every product the energy model forms at creation
 * (a power times a break-even time) fits in 64 bits; see pidle_energy.c.
 */
#define PIDLE_MAX_POWER_MW	1000000ULL
#define PIDLE_MAX_ENERGY_UJ	1000000ULL

/*
 * Largest exit latency accepted: 20 ms, in microseconds. The latency is
 * spun with interrupts masked, as hardware is deaf while it powers up, so
 * every synchronous cross-call to the CPU (text poking, stop_machine(),
 * expedited RCU, TLB shootdowns) waits it out. The longest real ones are
 * 10 ms (intel_idle: Bay Trail / Cherry Trail C7S, Broxton C9 and C10)
 * and 7 ms (arm64 device trees' exit-latency-us); 20 ms leaves room for a
 * hypothetical deeper state without letting a typo stall the machine.
 */
#define PIDLE_MAX_EXIT_LATENCY_US	20000ULL

/* Longest states=/topology= string the module accepts or prints. */
#define PIDLE_PARAM_LEN		4096

/* Room for one error message from the parsers. */
#define PIDLE_ERR_LEN		256

/* The level name of per-CPU states. */
#define PIDLE_LEVEL_CPU		"cpu"

#endif /* _PIDLE_LIMITS_H */
