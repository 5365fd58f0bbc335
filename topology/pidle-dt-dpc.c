// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-topo --dt FILE --dt-power dpc: each CPU kind's active power from
 * the devicetree, as the kernel's energy model computes it when cpufreq-dt
 * registers one (drivers/opp/of.c, dev_pm_opp_of_register_em(), 6.12):
 *
 * - the fastest OPP's opp-microwatt, when its table gives one
 *   (_get_dt_power(): "a more precise Energy Model in DT");
 * - else the CPU's dynamic-power-coefficient (binding: uW/MHz/V^2) at the
 *   fastest OPP of its operating-points-v2 table, as
 *   dev_pm_opp_calc_power() (6.12; _get_power() before 6.5) computes it:
 *
 *	mV = opp-microvolt / 1000;  MHz = opp-hz / 1000000
 *	uW = dynamic-power-coefficient * mV * mV * MHz / 1000000
 *
 *   in integer arithmetic; the module takes mW, uW / 1000 rounded down.
 *
 * The kernel reads the coefficient of the cpufreq policy's CPU, the first
 * of the CPUs that share an opp-shared table (hi3660 gives it on cpu@0
 * and cpu@100 only): a CPU without its own takes that of the first CPU
 * of the tree with the same table. The fastest OPP is that of highest
 * opp-hz among the table's available nodes (status not "disabled");
 * opp-supported-hw is not evaluated (it depends on the SoC's fuses),
 * which a note says when a table uses it.
 *
 * A CPU without either figure, without a table, or whose fastest OPP has
 * no opp-microvolt (Qualcomm's cpufreq-hw reads the voltages from the
 * hardware's lookup table: sdm845's OPP tables give frequencies and
 * bandwidths only) has no active power in the devicetree: refused,
 * naming the CPU and what it lacks. These are real milliwatts; the
 * devicetree has no idle-state power at all (Documentation/pidle-topo.rst,
 * "Idle power").
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <libfdt.h>
#include "pidle-dt.h"
#include "pidle_common.h"

struct dpc_opp {
	int node;
	uint64_t hz;
	uint32_t uv, uw;
	bool has_uv, has_uw, supported_hw;
};

/* The first cell of @prop of @node: -1 when absent or shorter. */
static int dpc_cell(const void *fdt, int node, const char *prop, uint32_t *v)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, prop, &len);

	if (!p || len < 4)
		return -1;
	*v = fdt32_ld(p);
	return 0;
}

/* The table @table's fastest available OPP (opp-hz: one or two cells). */
static int dpc_fastest(const void *fdt, int table, struct dpc_opp *best)
{
	int n;

	memset(best, 0, sizeof(*best));
	best->node = -1;
	fdt_for_each_subnode(n, fdt, table) {
		const char *status = fdt_getprop(fdt, n, "status", NULL);
		int len;
		const fdt32_t *hz = fdt_getprop(fdt, n, "opp-hz", &len);
		uint64_t f;

		if (!hz || (len != 4 && len < 8))
			continue;
		if (status && strcmp(status, "okay") && strcmp(status, "ok"))
			continue;
		f = len == 4 ? fdt32_ld(hz) : ((uint64_t)fdt32_ld(hz) << 32 | fdt32_ld(hz + 1));
		if (fdt_getprop(fdt, n, "opp-supported-hw", NULL))
			best->supported_hw = true;
		if (best->node >= 0 && f <= best->hz)
			continue;
		best->node = n;
		best->hz = f;
		best->has_uv = !dpc_cell(fdt, n, "opp-microvolt", &best->uv);
		best->has_uw = !dpc_cell(fdt, n, "opp-microwatt", &best->uw);
	}
	return best->node >= 0 ? 0 : -1;
}

static int dpc_table(const void *fdt, int cpu)
{
	uint32_t ph;

	if (dpc_cell(fdt, cpu, "operating-points-v2", &ph) || !ph)
		return -1;
	return fdt_node_offset_by_phandle(fdt, ph);
}

int pidle_dt_dpc_read(const void *fdt, struct pidle_dt_config *cfg,
		      unsigned int *mw, char msg[PIDLE_DT_MSG_LEN])
{
	char path[2][160];
	/* Notes once per OPP table and coefficient: a kind, not each CPU. */
	int noted_table[PIDLE_MAX_CPU_SETS * 4];
	uint32_t noted_dpc[PIDLE_MAX_CPU_SETS * 4];
	unsigned int nr_noted = 0, k;

	for (unsigned int i = 0; i < cfg->nr_cpus; i++) {
		int node = cfg->cpu_node[i], table, from = node;
		uint32_t dpc = 0;
		struct dpc_opp o;
		uint64_t uw, mv, mhz;

		fdt_get_path(fdt, node, path[0], sizeof(path[0]));
		table = dpc_table(fdt, node);
		if (table < 0) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "--dt-power dpc: CPU %u (%s) has %s: no frequency or voltage to take the active power at",
				 i, path[0], fdt_getprop(fdt, node, "operating-points-v2", NULL) ?
				 "an operating-points-v2 phandle to no node in this blob" :
				 "no operating-points-v2 table");
			return PIDLE_EXIT_CONFIG;
		}
		fdt_get_path(fdt, table, path[1], sizeof(path[1]));
		if (dpc_fastest(fdt, table, &o)) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "--dt-power dpc: CPU %u (%s): its OPP table %s has no available OPP with opp-hz",
				 i, path[0], path[1]);
			return PIDLE_EXIT_CONFIG;
		}
		if (o.supported_hw)
			pidle_dt_note(cfg, "--dt-power dpc: %s uses opp-supported-hw, not evaluated here (the SoC's fuses decide): the fastest OPP of the table is taken",
				      path[1]);
		if (o.has_uw) {
			mw[i] = o.uw / 1000;
			pidle_dt_note(cfg, "active power of the CPUs of %s: opp-microwatt %u of its fastest OPP (%llu MHz), as the kernel's energy model takes it (drivers/opp/of.c _get_dt_power()): %u mW",
				      path[1], o.uw, (unsigned long long)(o.hz / 1000000), mw[i]);
			continue;
		}
		/* The policy CPU's coefficient: the first with this table. */
		if (dpc_cell(fdt, node, "dynamic-power-coefficient", &dpc) || !dpc) {
			int other;

			dpc = 0;
			fdt_for_each_subnode(other, fdt, fdt_path_offset(fdt, "/cpus")) {
				const char *type = fdt_getprop(fdt, other, "device_type", NULL);

				if (type && !strcmp(type, "cpu") && dpc_table(fdt, other) == table &&
				    !dpc_cell(fdt, other, "dynamic-power-coefficient", &dpc) && dpc) {
					from = other;
					break;
				}
				dpc = 0;
			}
		}
		if (!dpc) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "--dt-power dpc: CPU %u (%s) has no dynamic-power-coefficient (nor any CPU of its OPP table %s, nor opp-microwatt): the devicetree gives it no active power",
				 i, path[0], path[1]);
			return PIDLE_EXIT_CONFIG;
		}
		if (!o.has_uv || !o.uv) {
			fdt_get_path(fdt, o.node, path[1], sizeof(path[1]));
			snprintf(msg, PIDLE_DT_MSG_LEN, "--dt-power dpc: CPU %u (%s) has dynamic-power-coefficient %u, and its fastest OPP %s no opp-microvolt: no voltage for P = C * V^2 * f (it comes from elsewhere, e.g. the lookup table Qualcomm's cpufreq-hw reads); the kernel registers no energy model from it either",
				 i, path[0], dpc, path[1]);
			return PIDLE_EXIT_CONFIG;
		}
		/* dev_pm_opp_calc_power(), drivers/opp/of.c (6.12). */
		mv = o.uv / 1000;
		mhz = o.hz / 1000000;
		uw = (uint64_t)dpc * mv * mv * mhz / 1000000;
		if (uw / 1000 > 1000000) {
			snprintf(msg, PIDLE_DT_MSG_LEN, "--dt-power dpc: CPU %u (%s): %llu mW is more than the module's 1000000",
				 i, path[0], (unsigned long long)(uw / 1000));
			return PIDLE_EXIT_CONFIG;
		}
		mw[i] = uw / 1000;
		for (k = 0; k < nr_noted; k++)
			if (noted_table[k] == table && noted_dpc[k] == dpc)
				break;
		if (k < nr_noted)
			continue;
		if (nr_noted < sizeof(noted_dpc) / sizeof(noted_dpc[0])) {
			noted_table[nr_noted] = table;
			noted_dpc[nr_noted++] = dpc;
		}
		fdt_get_path(fdt, from, path[0], sizeof(path[0]));
		pidle_dt_note(cfg, "active power of the CPUs of %s: dynamic-power-coefficient %u (first given on %s) x %llu mV^2 x %llu MHz / 10^6 = %llu uW at the fastest OPP, as drivers/opp/of.c dev_pm_opp_calc_power() computes it: %u mW",
			      path[1], dpc, path[0], (unsigned long long)mv,
			      (unsigned long long)mhz, (unsigned long long)uw, mw[i]);
	}
	return 0;
}
