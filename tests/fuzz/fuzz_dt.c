// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the devicetree importer of pidle-topo --dt
 * (topology/pidle-dt.c), on a flattened devicetree blob.
 *
 * The input is the blob. It is imported in each mode (auto, pc, osi), all
 * CPUs, and, auto, the first two CPUs only (--dt-cpus 0-1), and:
 *
 * - refused: the status is 1, 2 or 3 (usage, input, what the module
 *   cannot express), with one non-empty printable line;
 * - imported: at least one CPU, a state table of WFI and at most
 *   PIDLE_MAX_STATES states, at most PIDLE_MAX_LEVELS levels each with a
 *   domain for every CPU; and what pidle-topo would print is what the
 *   module's own parsers take: the topology with pidle_topology_parse(),
 *   the table (latencies summed, and as printed: ENTRY+EXIT in OSI mode)
 *   with pidle_states_parse() and pidle_mode_check(), the two together
 *   with pidle_config_check();
 * - nothing is read outside the blob, nothing leaks (ASan, UBSan).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <pidle/config.h>
#include "fuzz.h"
#include "../../topology/pidle-dt.h"

static bool fuzz_dt_printable(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if ((unsigned char)*s < ' ' || *s == 0x7f)
			return false;
	return true;
}

static void fuzz_dt_one(const void *blob, size_t size, enum pidle_dt_mode mode,
			const char *cpus)
{
	static char states[PIDLE_PARAM_LEN];
	struct pidle_dt_config cfg;
	struct pidle_topology topo = { 0 };
	struct pidle_states st;
	struct pidle_err err = { "" };
	char msg[PIDLE_DT_MSG_LEN];
	char *t;
	int ret;

	ret = pidle_dt_import(blob, size, mode, cpus, NULL, &cfg, msg);
	if (ret) {
		FUZZ_CHECK(ret >= 1 && ret <= 3, "status %d", ret);
		FUZZ_CHECK(fuzz_dt_printable(msg), "message \"%s\"", msg);
		return;
	}
	FUZZ_CHECK(cfg.nr_cpus >= 1 && cfg.nr_cpus <= cfg.nr_dt_cpus, "%u CPUs of %u",
		   cfg.nr_cpus, cfg.nr_dt_cpus);
	FUZZ_CHECK(cfg.nr_states >= 1 && cfg.nr_states <= PIDLE_MAX_STATES &&
		   !strcmp(cfg.state[0].name, "WFI"), "%u states", cfg.nr_states);
	FUZZ_CHECK(cfg.nr_levels <= PIDLE_MAX_LEVELS, "%u levels", cfg.nr_levels);
	FUZZ_CHECK(cfg.mode == PIDLE_DT_MODE_PC || cfg.mode == PIDLE_DT_MODE_OSI,
		   "mode %d", cfg.mode);
	for (unsigned int l = 0; l < cfg.nr_levels; l++)
		for (unsigned int i = 0; i < cfg.nr_cpus; i++)
			FUZZ_CHECK(cfg.level[l].dom[i] < cfg.level[l].nr_domains,
				   "level %u CPU %u", l, i);
	for (unsigned int i = 0; i < cfg.nr_notes; i++)
		FUZZ_CHECK(fuzz_dt_printable(cfg.note[i]), "note \"%s\"", cfg.note[i]);

	t = pidle_dt_topology_print(&cfg);
	FUZZ_CHECK(t, "no topology");
	FUZZ_CHECK(!pidle_topology_parse(t, cfg.nr_cpus, &topo, &err),
		   "topology %s: %s", t, err.msg);
	FUZZ_CHECK(pidle_dt_states_print(&cfg, true, states, sizeof(states)) > 0, "print");
	FUZZ_CHECK(!pidle_states_parse(states, &st, &err), "states %s: %s", states, err.msg);
	FUZZ_CHECK(pidle_dt_states_print(&cfg, false, states, sizeof(states)) > 0, "print");
	FUZZ_CHECK(!pidle_states_parse(states, &st, &err), "states %s: %s", states, err.msg);
	FUZZ_CHECK(!pidle_mode_check(cfg.mode == PIDLE_DT_MODE_OSI ? PIDLE_MODE_OSI : PIDLE_MODE_PC,
				     &st, &err), "%s: %s", states, err.msg);
	FUZZ_CHECK(!pidle_config_check(&st, &topo, &err), "%s with %s: %s", states, t, err.msg);
	pidle_topology_free(&topo);
	free(t);
	pidle_dt_config_free(&cfg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* libfdt wants the blob 8-byte aligned: a heap copy of exactly @size. */
	void *blob = malloc(size ? size : 1);

	if (!blob)
		return 0;
	memcpy(blob, data, size);
	fuzz_dt_one(blob, size, PIDLE_DT_MODE_AUTO, NULL);
	fuzz_dt_one(blob, size, PIDLE_DT_MODE_PC, NULL);
	fuzz_dt_one(blob, size, PIDLE_DT_MODE_OSI, NULL);
	fuzz_dt_one(blob, size, PIDLE_DT_MODE_AUTO, "0-1");
	free(blob);
	return 0;
}
