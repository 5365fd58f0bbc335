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
 */
#include <string.h>
#include "pidle-topo.h"

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
