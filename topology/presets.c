// SPDX-License-Identifier: GPL-2.0
/*
 * State-table presets of real CPUs, as states= strings
 * (NAME:EXIT_LATENCY_US:TARGET_RESIDENCY_US[:LEVEL]).
 *
 * Sources are the Linux kernel's tables, checked against Debian's
 * linux-source-6.1 (6.1.192) and linux-source-6.12 trees:
 *
 * - x86: drivers/idle/intel_idle.c, the per-model cpuidle_state tables
 *   (.exit_latency, .target_residency, microseconds). intel_idle gives one
 *   figure per MWAIT hint; where a deep state is really a core state that
 *   the package follows (C6 -> core C6 + package C6) the kernel's table
 *   holds the worst case, package included, and the *_idle_state_table_
 *   update() functions say what the core-only figure is. That is where our
 *   split into a core and a package state comes from.
 *
 * - arm64: arch/arm64/boot/dts/qcom/ dtsi idle-states (CPU level) and
 *   domain-idle-states (cluster level). As drivers/cpuidle/dt_idle_states.c
 *   does when wakeup-latency-us is absent, exit latency is
 *   entry-latency-us + exit-latency-us (the worst case: a wake-up right
 *   after entry), and target residency is min-residency-us. Domain states
 *   use the same rule; genpd (drivers/pmdomain/core.c) keeps entry and exit
 *   apart as power_off/power_on latency, and its governor adds them.
 *   State 0 is WFI, 1 us / 1 us, as drivers/cpuidle/cpuidle-psci.c sets it.
 *
 * x86 tables start with POLL:0:0, the cpuidle core's polling state; arm64
 * has no polling state and starts with WFI.
 *
 * Power (POWER_MW of the states, and power=): only where a public source
 * gives it per idle state. ARM's Energy Aware Scheduling model for Juno
 * r0/r2 does (below), in "bogo" units: relative figures, normalised to an
 * unstated reference ("one bogo-joule/watt must be the same quantity for
 * all data, but we don't care what it is"), put in the mW fields as they
 * are; compare energies within a table, never with another table or with
 * joules of real hardware. It has no entry+exit energies, so none are
 * given (the oracle then finds the lowest-power state cheapest for any
 * length). Intel publishes no per-C-state power for these parts (the
 * datasheets give package TDP and limits, not idle-state power; turbostat
 * reads RAPL counters of a running part), nor does Qualcomm in the
 * upstream device trees (dynamic-power-coefficient is busy power only,
 * and without OPP voltages there: pidle-dt-dpc.c): those presets have no
 * power, and tools say energy is unavailable.
 */
#include <string.h>
#include "pidle-topo.h"

/*
 * A Juno r0/r2 cluster: both have the same idle states (juno.dts); the
 * EAS model gives each its powers: WFI and cluster-sleep-0 idle costs,
 * core and cluster busy costs.
 */
#define JUNO(name_, cpus, wfi, cluster_sleep, cpu_busy, cluster_busy)	\
	{								\
		.name	= name_,					\
		.levels	= "cluster",					\
		.desc	= "ARM Juno r0/r2 " cpus ": juno.dts idle states, EAS energy model (bogo units)", \
		.states	= "WFI:1:1:cpu:" #wfi ",CPU_SLEEP_0:1500:2000,"	\
			  "CLUSTER_SLEEP_0:1600:2500:cluster:" #cluster_sleep, \
		.power	= "cpu:" #cpu_busy ",cluster:" #cluster_busy,	\
	}

const struct pidle_preset pidle_presets[] = {
	{
		.name	= "default",
		.levels	= "core,package",
		.desc	= "the module's default table (pidle_default_states)",
		.states	= NULL,	/* filled from pidle_default_states */
	},
	/*
	 * Skylake-SP / Cascade Lake (skx_cstates): C1 2/2, C1E 10/20,
	 * C6 133/600. skx_idle_state_table_update() rewrites C6 to 92/276
	 * ("CC6 + PC0 latency and 3 times of latency for target_residency")
	 * when package C6 is disabled: 92/276 is core C6 alone, 133/600 is
	 * core C6 with the package following.
	 */
	{
		.name	= "skx",
		.levels	= "core,package",
		.desc	= "Intel Skylake-SP/Cascade Lake: intel_idle skx_cstates, core C6 from skx_idle_state_table_update()",
		.states	= "POLL:0:0,C1:2:2,C1E:10:20,C6:92:276:core,PC6:133:600:package",
	},
	/* skx with package C6 disabled in the BIOS: what intel_idle shows then. */
	{
		.name	= "skx-nopc6",
		.levels	= "core",
		.desc	= "Intel Skylake-SP with package C6 off: skx_cstates as rewritten by skx_idle_state_table_update()",
		.states	= "POLL:0:0,C1:2:2,C1E:10:20,C6:92:276:core",
	},
	/*
	 * Ice Lake-SP (icx_cstates): C1 1/1, C1E 4/4, C6 170/600. The kernel
	 * has no core-only C6 figure for Ice Lake-SP (no table update), so the
	 * one C6 state, worst case, is put at core level and no package state
	 * is invented.
	 */
	{
		.name	= "icx",
		.levels	= "core",
		.desc	= "Intel Ice Lake-SP: intel_idle icx_cstates (one C6 figure, at core level)",
		.states	= "POLL:0:0,C1:1:1,C1E:4:4,C6:170:600:core",
	},
	/*
	 * Sapphire Rapids / Emerald Rapids (spr_cstates): C1 1/1, C1E 2/4,
	 * C6 290/800 ("the C6 state assumes the worst-case scenario of package
	 * C6"); spr_idle_state_table_update() uses 190/600 for core C6 when
	 * package C6 is disabled (both in 6.1 and 6.12).
	 */
	{
		.name	= "spr",
		.levels	= "core,package",
		.desc	= "Intel Sapphire Rapids: intel_idle spr_cstates, core C6 from spr_idle_state_table_update()",
		.states	= "POLL:0:0,C1:1:1,C1E:2:4,C6:190:600:core,PC6:290:800:package",
	},
	/*
	 * Skylake client (skl_cstates): C1 2/2, C1E 10/20, C3 70/100,
	 * C6 85/200, C7s 124/800, C8 200/800, C9 480/5000, C10 890/5000.
	 * C3, C6 and C7s are core states; C8, C9 and C10 are only reached
	 * with the package (sklh_idle_state_table_update() disables C8/C9 on
	 * parts whose package C-state limit stops short of PC10), so they sit
	 * at package level. 9 states: within the module's 10.
	 */
	{
		.name	= "skl",
		.levels	= "core,package",
		.desc	= "Intel Skylake client: intel_idle skl_cstates (C3-C7s core, C8-C10 package)",
		.states	= "POLL:0:0,C1:2:2,C1E:10:20,C3:70:100:core,C6:85:200:core,"
			  "C7s:124:800:core,C8:200:800:package,C9:480:5000:package,"
			  "C10:890:5000:package",
	},
	/*
	 * Snapdragon 845 (sdm845.dtsi), LITTLE cores: LITTLE_CPU_SLEEP_0
	 * "little-rail-power-collapse" entry 350, exit 461, min-residency 1890
	 * -> 811/1890; CLUSTER_SLEEP_0 (domain-idle-states, the cluster power
	 * domain of all 8 CPUs) entry 3263, exit 6562, min-residency 9987
	 * -> 9825/9987. The model has one table for all CPUs: the big cores'
	 * BIG_CPU_SLEEP_0 (264/621/952 -> 885/952) is not used. Earlier
	 * kernels also had LITTLE_CPU_SLEEP_1 (360/531/3934, seen in the
	 * original patch on the mailing list, not in the 6.1/6.12 trees);
	 * it is left out.
	 */
	{
		.name	= "sdm845",
		.levels	= "cluster",
		.desc	= "Qualcomm Snapdragon 845 LITTLE CPUs: sdm845.dtsi idle-states and domain-idle-states",
		.states	= "WFI:1:1,CPU_SLEEP_0:811:1890,CLUSTER_SLEEP_0:9825:9987:cluster",
	},
	/*
	 * Snapdragon 410 (msm8916.dtsi): CPU_SLEEP_0 "standalone-power-
	 * collapse" entry 130, exit 150, min-residency 2000 -> 280/2000;
	 * cluster states CLUSTER_RET entry 500, exit 500, min-residency 2000
	 * -> 1000/2000 and CLUSTER_PWRDN ("cluster-gdhs") entry 2000,
	 * exit 2000, min-residency 6000 -> 4000/6000.
	 */
	{
		.name	= "msm8916",
		.levels	= "cluster",
		.desc	= "Qualcomm Snapdragon 410 (MSM8916): msm8916.dtsi CPU and cluster idle states",
		.states	= "WFI:1:1,CPU_SLEEP_0:280:2000,CLUSTER_RET:1000:2000:cluster,"
			  "CLUSTER_PWRDN:4000:6000:cluster",
	},
	/*
	 * ARM Juno r0/r2 (arch/arm64/boot/dts/arm/juno.dts, juno-r2.dts):
	 * CPU_SLEEP_0 entry 300, exit 1200, min-residency 2000 -> 1500/2000;
	 * CLUSTER_SLEEP_0 entry 400, exit 1200, min-residency 2500 ->
	 * 1600/2500, the same for both clusters.
	 *
	 * Power: ARM's EAS energy model for Juno r0/r2, the struct idle_state
	 * and capacity_state tables of arch/arm64/kernel/energy_model.h in
	 * the EAS patch set (2016; Android common kernels, Linaro eas-dev),
	 * bogo units. LITTLE (Cortex-A53) core: idle-cost WFI 6, cpu-sleep-0
	 * 0, cluster-sleep-0 0; busy-cost at 850 MHz 93. LITTLE cluster:
	 * idle-cost WFI 56, cpu-sleep-0 56, cluster-sleep-0 17; busy-cost at
	 * 850 MHz 57. The model has one up power per domain: the busy figure,
	 * 57 (the cluster's 56 with its CPUs in WFI or cpu-sleep-0 is within
	 * one unit). CPUs run at their top frequency: the active power is the
	 * top capacity state's.
	 */
	JUNO("juno-a53", "LITTLE (Cortex-A53)", 6, 17, 93, 57),
	/*
	 * Juno big (Cortex-A57), same source: core idle-cost WFI 15,
	 * cpu-sleep-0 0; busy-cost at 1100 MHz 616. Cluster idle-cost WFI 65,
	 * cpu-sleep-0 65, cluster-sleep-0 24; busy-cost at 1100 MHz 64.
	 */
	JUNO("juno-a57", "big (Cortex-A57)", 15, 24, 616, 64),
};

const unsigned int pidle_nr_presets = sizeof(pidle_presets) / sizeof(pidle_presets[0]);

const struct pidle_preset *pidle_preset_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < pidle_nr_presets; i++)
		if (!strcmp(pidle_presets[i].name, name))
			return &pidle_presets[i];
	return NULL;
}
