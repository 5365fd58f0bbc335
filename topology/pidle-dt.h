/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-topo --dt: a devicetree (a flattened blob, read with libfdt) turned
 * into a pseudo_cpuidle configuration, as the kernel interprets the tree:
 * drivers/cpuidle/dt_idle_states.c and cpuidle-psci.c (PC mode),
 * cpuidle-psci-domain.c, dt_idle_genpd.c and genpd's
 * of_genpd_parse_idle_states() (OSI mode). Documentation/pidle-topo.rst,
 * "Devicetrees", says which kernel source each rule comes from.
 *
 * pidle_dt_import() is pure: a blob in, a configuration or one error
 * message out, no file or process touched (the fuzzer runs it);
 * pidle_dt_run() (pidle-dt-run.c) reads the file and prints.
 */
#ifndef _PIDLE_DT_H
#define _PIDLE_DT_H

#include <stdbool.h>
#include <stddef.h>
#include <pidle/limits.h>

enum pidle_dt_mode {
	PIDLE_DT_MODE_AUTO,	/* OSI when the tree has domain idle states */
	PIDLE_DT_MODE_PC,
	PIDLE_DT_MODE_OSI,
};

/* Room for one message naming a node path and a property. */
#define PIDLE_DT_MSG_LEN	640
#define PIDLE_DT_MAX_NOTES	24

/*
 * --dt-shared-domain: the state of a domain that holds CPUs of several
 * kinds (CPU sets) whose states at the domain's level differ. MediaTek's
 * DynamIQ SoCs (mt8186 ... mt8395) have one cpu-map cluster of little and
 * big CPUs, and each kind lists its own cluster state (cpu-off-l,
 * cpu-off-b, PSCI power level 1). The kernel takes that: PSCI firmware
 * coordinates the cluster, and the devicetree does not say which figures
 * the cluster then has. The module's domain goes down in one state
 * whichever CPU is its last man (pidle_config_check_sets()), so the import
 * picks one: each figure the larger of the sets' (slowest, the default),
 * one set's (set:N), or none (refuse, the module's own refusal).
 */
enum pidle_dt_shared_policy {
	PIDLE_DT_SHARED_SLOWEST,
	PIDLE_DT_SHARED_SET,
	PIDLE_DT_SHARED_REFUSE,
};

struct pidle_dt_shared {
	enum pidle_dt_shared_policy policy;
	unsigned int set;		/* PIDLE_DT_SHARED_SET: its CPU set */
	const char *arg;		/* as given, for messages; NULL: the default */
};

/* Parse @arg (slowest, set:N, refuse) into @out: 0, or -1 when it is none. */
int pidle_dt_shared_parse(const char *arg, struct pidle_dt_shared *out);

/* One state of the imported table. */
struct pidle_dt_state {
	char name[PIDLE_NAME_LEN];	/* the node's name, as cpuidle shows it */
	char level[PIDLE_NAME_LEN];	/* "cpu" or a level of the topology */
	unsigned int entry_us;		/* entry-latency-us (0: wakeup-latency-us given) */
	unsigned int exit_us;		/* exit-latency-us, or wakeup-latency-us */
	unsigned int residency_us;	/* min-residency-us */
	bool domain;			/* a genpd state (domain-idle-state) */
	bool timer_stop;		/* local-timer-stop */
	int node;			/* its offset in the blob */
};

/* One level of the topology: the domain of each imported CPU. */
struct pidle_dt_level {
	char name[PIDLE_NAME_LEN];
	unsigned int nr_domains;
	unsigned int *dom;		/* per imported CPU, 0 .. nr_domains-1 */
};

struct pidle_dt_config {
	enum pidle_dt_mode mode;	/* PC or OSI, resolved */
	unsigned int nr_cpus;		/* imported (after --dt-cpus) */
	unsigned int nr_dt_cpus;	/* in the tree */
	unsigned int nr_states;
	struct pidle_dt_state state[PIDLE_MAX_STATES];
	unsigned int nr_levels;
	struct pidle_dt_level level[PIDLE_MAX_LEVELS];
	/* per imported CPU: its leaf cluster in cpu-map order, or -1 */
	int *cluster;
	/* per imported CPU: its cpu node's offset in the blob */
	int *cpu_node;
	/*
	 * A heterogeneous tree (CPU kinds with different idle states): a
	 * table per CPU set, states= CPUS=TABLE;CPUS=TABLE. @nr_sets 0 for
	 * one table. Set 0 is the first imported CPU's kind, whose CPU states
	 * are @state[1 ..]; each set's CPU states (after WFI, as many in every
	 * set) are @set_state[k], at the levels of set 0's; the domain states
	 * are every set's. A CPU state at a domain level (a PSCI power level)
	 * that differs between sets whose CPUs share a domain is made one
	 * state in each by --dt-shared-domain (pidle-dt-shared.c).
	 */
	unsigned int nr_sets;
	unsigned int *set_of;		/* per imported CPU */
	unsigned int nr_cpu_states;
	struct pidle_dt_state set_state[PIDLE_MAX_CPU_SETS][PIDLE_MAX_STATES];
	/*
	 * Each set's own number of CPU states: @nr_cpu_states (set 0's) in
	 * every set, or, for kinds with different numbers of idle states
	 * (msm8956: 1 and 2), its own; the module lays tables of different
	 * lengths out in common slots (pidle_config_sets.c). Those sets'
	 * CPU states are all at cpu level.
	 */
	unsigned int set_nr[PIDLE_MAX_CPU_SETS];
	/*
	 * The domains of a level with different domain-idle-states (sm6115's
	 * two clusters, OSI): the CPU sets are split by domain, a set per
	 * (CPU states, domain states) combination, and each set's domain
	 * states are its own: @set_dom[s][j] stands for @state[1 +
	 * @nr_cpu_states + j], with its level and figures from the set's
	 * domain. @dom_per_set false: the domain states of @state are every
	 * set's.
	 */
	bool dom_per_set;
	struct pidle_dt_state set_dom[PIDLE_MAX_CPU_SETS][PIDLE_MAX_STATES];
	/*
	 * The states --dt-shared-domain made shared, for a comment in the
	 * output ("" when none): "cluster: cpu-off-b 55+200:1000 (slowest
	 * of sets 0, 1)".
	 */
	char shared[PIDLE_DT_MSG_LEN];
	char model[64];			/* the root's model, or compatible */
	unsigned int nr_notes;		/* mappings said on stderr */
	char note[PIDLE_DT_MAX_NOTES][PIDLE_DT_MSG_LEN];
};

/*
 * Import the blob @fdt of @size bytes. @cpus: the CPUs to import (a list
 * such as "4-7", in the kernel's logical numbering), NULL for all.
 * @shared: --dt-shared-domain, NULL for its default (slowest).
 * Returns 0, or the tool's exit status with one sentence in @msg:
 * 2 (PIDLE_EXIT_INPUT) for a tree that is corrupt or lacks what the
 * kernel needs, 3 (PIDLE_EXIT_CONFIG) for one the module cannot express,
 * 1 for a bad @cpus or a set:N naming no set of the import. On success
 * free with pidle_dt_config_free().
 */
int pidle_dt_import(const void *fdt, size_t size, enum pidle_dt_mode mode,
		    const char *cpus, const struct pidle_dt_shared *shared,
		    struct pidle_dt_config *cfg, char msg[PIDLE_DT_MSG_LEN]);
void pidle_dt_config_free(struct pidle_dt_config *cfg);

/*
 * State @k (0 is WFI) of CPU set @set's table as the module takes it, a
 * set's own CPU states and domain states in place of set 0's; @set -1 (or
 * an import of one table): @state[@k]. @k below the table's length,
 * @nr_states - @nr_cpu_states + the set's own number of CPU states.
 */
static inline const struct pidle_dt_state *
pidle_dt_table_state(const struct pidle_dt_config *cfg, int set, unsigned int k)
{
	unsigned int own;

	if (set < 0 || !cfg->nr_sets)
		return &cfg->state[k];
	own = cfg->set_nr[set];
	if (k >= 1 && k <= own)
		return &cfg->set_state[set][k - 1];
	if (!k)
		return &cfg->state[0];
	if (cfg->dom_per_set)
		return &cfg->set_dom[set][k - 1 - own];
	return &cfg->state[k - own + cfg->nr_cpu_states];
}

/*
 * The states= value of @cfg: in PC mode NAME:EXIT:RESIDENCY[:LEVEL], the
 * exit latency entry+exit; in OSI mode the domain states as
 * NAME:ENTRY+EXIT:RESIDENCY:LEVEL. @summed forces the first form for all
 * (what today's parser takes). -1 when it does not fit.
 */
int pidle_dt_states_print(const struct pidle_dt_config *cfg, bool summed,
			  char *buf, size_t size);
/*
 * The imported CPUs i with @key[i] == @val, as ranges ("0-3", "0,2,4-5"),
 * e.g. a set's (@key cfg->set_of) or a domain's (a level's dom). The
 * length, or -1 when it does not fit.
 */
int pidle_dt_cpus_print(const unsigned int *key, unsigned int val, unsigned int n,
			char *buf, size_t size);
/* The topology= value (explicit form), malloc'd; NULL on no memory. */
char *pidle_dt_topology_print(const struct pidle_dt_config *cfg);

/*
 * The domain governor of an OSI import: the genpd CPU governor
 * (pm_domain_cpu_gov), which cpuidle-psci-domain.c gives every domain with
 * states; the module's port of it as Debian's 6.12 has it.
 */
#define PIDLE_DT_DOMAIN_GOV	"genpd-6.12"

/*
 * pidle-dt-shared.c, called by pidle_dt_import() once the sets' tables
 * are whole: a domain level's state that differs between CPU sets whose
 * CPUs share a domain becomes one, as @sh says (NULL: slowest); notes say
 * so, @cfg->shared for the output's comment. 0, or an exit status with
 * @msg (PIDLE_EXIT_USAGE: a set:N that names no set of the domain).
 */
int pidle_dt_share_domains(struct pidle_dt_config *cfg, const struct pidle_dt_shared *sh,
			   char msg[PIDLE_DT_MSG_LEN]);

/* pidle-dt-run.c: the --dt action of pidle-topo. */
enum pidle_dt_action {
	PIDLE_DT_PRINT_TOPOLOGY,
	PIDLE_DT_PRINT_STATES,
	PIDLE_DT_PRINT_PARAMS,
	PIDLE_DT_PRINT_MODPROBE,
	PIDLE_DT_PRINT_EXPERIMENT,
	PIDLE_DT_APPLY,
};

struct pidle_dt_args {
	const char *path;		/* --dt FILE */
	const char *cpus;		/* --dt-cpus LIST */
	const char *mode;		/* --dt-mode pc|osi */
	const char *shared;		/* --dt-shared-domain POLICY */
	const char *energy_model;	/* --energy-model FILE (idlestat) */
	const char *power;		/* --dt-power em|dpc */
	enum pidle_dt_action action;
	const char *sysfs_root;
	const char *output;		/* -o FILE: opened once the import is good */
	bool verbose;
};

int pidle_dt_run(const struct pidle_dt_args *a);

/* Read a .dtb, or compile a .dts with dtc. 0 or an exit status. */
int pidle_dt_read(const char *path, void **blob, size_t *size,
		  char msg[PIDLE_DT_MSG_LEN]);

/*
 * pidle-dt-energy.c: idlestat's energy model file, on the imported table.
 * One energy set per CPU kind: the CPUs of one table (cfg's set) and one
 * cluster of the file (clusters with the same figures are one).
 */
struct pidle_dt_energy_set {
	unsigned int dt_set;		/* cfg's set (0 with one table) */
	unsigned int active_mw;		/* --dt-power dpc: the kind's, else 0 */
	unsigned int em_cluster;	/* the file's cluster, 0 = A */
	unsigned int state_mw[PIDLE_MAX_STATES];	/* 0: none */
	unsigned int state_uj[PIDLE_MAX_STATES];
	bool have_power[PIDLE_MAX_STATES];
	unsigned int cpu_mw;		/* active power of a CPU */
	unsigned int cluster_mw;	/* up power of a cluster */
};

struct pidle_dt_energy {
	unsigned int nr_sets;		/* 1: one set, every imported CPU */
	unsigned int *set_of;		/* per imported CPU (malloc'd) */
	struct pidle_dt_energy_set set[PIDLE_MAX_CPU_SETS];
	bool have_cluster;
	char cluster_level[PIDLE_NAME_LEN];	/* the level it is the power of */
};

/*
 * Parse idlestat's energy model @text (@text_len bytes; one with a NUL
 * or another control byte is refused as not text) and take, for each
 * imported CPU, the figures of the cluster that holds it: an energy set
 * per table of @cfg and cluster of the file whose figures differ. Notes
 * (what was mapped how) go to @cfg's notes. @active_mw (NULL: none): each
 * imported CPU's active power from elsewhere (--dt-power dpc), which then
 * replaces the file's CPU power and splits the sets too. 0, or an exit
 * status with @msg. Free @en with pidle_dt_energy_free().
 */
int pidle_dt_energy_parse(const char *text, size_t text_len, const char *file,
			  struct pidle_dt_config *cfg, const unsigned int *active_mw,
			  struct pidle_dt_energy *en,
			  char msg[PIDLE_DT_MSG_LEN]);
void pidle_dt_energy_free(struct pidle_dt_energy *en);

/*
 * pidle-dt-dpc.c: each imported CPU's active power in mW, from the
 * devicetree as the kernel's energy model takes it (drivers/opp/of.c):
 * opp-microwatt of its fastest OPP, else dynamic-power-coefficient at its
 * fastest OPP's frequency and voltage. Into @mw (cfg->nr_cpus entries);
 * notes say which figure and OPP. 0, or an exit status with @msg naming
 * the CPU and what it lacks.
 */
int pidle_dt_dpc_read(const void *fdt, struct pidle_dt_config *cfg,
		      unsigned int *mw, char msg[PIDLE_DT_MSG_LEN]);

/*
 * Add a note (a mapping said on stderr) to @cfg's, once: the same text
 * again, or one beyond PIDLE_DT_MAX_NOTES, is dropped.
 */
void pidle_dt_note(struct pidle_dt_config *cfg, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* _PIDLE_DT_H */
