// SPDX-License-Identifier: GPL-2.0
/* cmocka tests of pidle_states_parse/print. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "unit.h"
#include <pidle/config.h>

static void test_states_parse_default(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_states_parse(pidle_default_states, &st, &err), 0);
	assert_true(st.nr_states > 0);
}

/* The caps: exit latency up to 20 ms, target residency up to 10 s. */
static void test_states_parse_at_caps(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_states_parse("C1:20000:10000000", &st, &err), 0);
	assert_true(st.state[0].exit_latency_ns == 20000000ULL);
	assert_true(st.state[0].target_residency_ns == 10000000000ULL);
}

static void test_states_roundtrip_minimal(void **s)
{
	struct pidle_states a = { 0 }, b = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN], buf2[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_states_parse("C1:1:2", &a, &err), 0);
	assert_int_equal(a.nr_states, 1);
	assert_true(a.state[0].exit_latency_ns == 1000);
	assert_true(a.state[0].target_residency_ns == 2000);
	assert_true(pidle_states_print(&a, buf, sizeof(buf)) >= 0);
	assert_int_equal(pidle_states_parse(buf, &b, &err), 0);
	assert_true(pidle_states_print(&b, buf2, sizeof(buf2)) >= 0);
	assert_string_equal(buf, buf2);
}

struct bad_case { const char *in; const char *msg; };

static const struct bad_case bad[] = {
	{ "", "empty table" },
	{ "C1:1:2,,C2:3:4", "empty" },
	{ "C1:1:2,C2:3:1", "target residency" },
	{ "C1:5:2,C2:3:4", "exit latency" },
	{ "C1:1:2,C1:3:4", "already used" },
	{ "C1:1", "missing" },
	{ "a:1:1,b:1:1,c:1:1,d:1:1,e:1:1,f:1:1,g:1:1,h:1:1,i:1:1,j:1:1,k:1:1",
	  "more than 10 states" },
	{ "ABCDEFGHIJKLMNOP:1:1", "name \"ABCDEFGHIJKLMNOP\": longer than 15 characters" },
	{ "C 1:1:1", "outside [A-Za-z0-9_.-]" },
	{ "C\xc3\xa9" "1:1:1", "name \"C??1\": has a character outside" },
	{ "C1::1", "exit latency \"\": empty" },
	{ "C1:1:", "target residency \"\": empty" },
	{ "C1:x:1", "exit latency \"x\": not a decimal number" },
	{ "C1:-1:1", "exit latency \"-1\": not a decimal number" },
	{ "C1:10000001:1", "exit latency \"10000001\": more than 20000 us, the exit-latency cap" },
	{ "C1:20001:30000", "state 0 (C1): exit latency \"20001\": more than 20000 us" },
	{ "POLL:0:0,C6:100:400,DEEP:25000:10000000", "state 2 (DEEP): exit latency \"25000\": more than 20000 us" },
	{ "C1:1:18446744073709551617", "target residency \"18446744073709551617\": more than 10000000 us" },
	{ "C1:1:1:core:99999999999", "state 0 (C1): power \"99999999999\": more than 1000000 mW" },
	{ "C1:1:1:core:1000001", "power \"1000001\": more than 1000000 mW" },
	{ "C1:1:1:core:5:x", "state 0 (C1): energy \"x\": not a decimal number" },
	{ "C1:1:1:core:5:", "state 0 (C1): energy \"\": empty" },
	{ "C1:1:1:core::5", "state 0 (C1): power \"\": empty" },
	{ "C1:1:1:core:5:1000001", "state 0 (C1): energy \"1000001\": more than 1000000 uJ" },
	{ "C1:1:1:core:5:-1", "energy \"-1\": not a decimal number" },
	{ "C1:1:1:core:5:6:7", "state 0 (C1): more than 6 fields" },
	{ "C1:1:1:", "level \"\": empty" },
	{ "C1;1;1", "name \"C1;1;1\": has a character outside" },	/* wrong separator */
	/* ENTRY_US+EXIT_US */
	{ "C1:+5:10", "state 0 (C1): exit latency \"+5\": no entry latency before the + (want ENTRY_US+EXIT_US)" },
	{ "C1:5+:10", "state 0 (C1): exit latency \"5+\": no exit latency after the +" },
	{ "C1:x+5:10", "exit latency \"x+5\": the entry latency before the + is not a decimal number" },
	{ "C1:5+x:10", "exit latency \"5+x\": the exit latency after the + is not a decimal number" },
	{ "C1:1+2+3:10", "exit latency \"1+2+3\": the exit latency after the + is not a decimal number" },
	{ "C1:20001+1:10", "exit latency \"20001+1\": entry latency more than 20000 us, the exit-latency cap" },
	{ "C1:1+20001:10", "exit latency \"1+20001\": more than 20000 us, the exit-latency cap" },
	{ "C1:10000+10001:10", "exit latency \"10000+10001\": entry+exit more than 20000 us" },
	{ "C1:1:1,CL:300+200:500:cl,CL2:0+400:600:cl",
	  "state 2 (CL2): entry+exit latency 400 us is less than state 1's 500 us" },
	{ "C1:1:1,CL:0+300:500:cl,CL2:100+200:600:cl",
	  "state 2 (CL2): exit latency 200 us is less than state 1's 300 us" },
};

static void test_states_parse_bad_input(void **s)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pidle_states st, before;
		struct pidle_err err = { 0 };

		memset(&st, 0x5a, sizeof(st));
		before = st;
		assert_int_equal(pidle_states_parse(bad[i].in, &st, &err), -EINVAL);
		if (!strstr(err.msg, bad[i].msg))
			fail_msg("input \"%s\": message \"%s\" lacks \"%s\"",
				 bad[i].in, err.msg, bad[i].msg);
		assert_memory_equal(&st, &before, sizeof(st));
	}
}

/* The energy fields: parsed, printed back without trailing empty ones. */
static void test_states_energy_fields(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_states_parse("WFI:1:1:cpu:6,CS:1500:2000:cpu:0:7,"
					    "CL:1600:2500:cluster:17:0,X:1600:2500:cluster:0:0",
					    &st, &err), 0);
	assert_int_equal(st.state[0].power_mw, 6);
	assert_int_equal(st.state[0].energy_uj, 0);
	assert_int_equal(st.state[1].power_mw, 0);
	assert_int_equal(st.state[1].energy_uj, 7);
	assert_int_equal(st.state[2].power_mw, 17);
	assert_int_equal(st.nr_up, 0);
	assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "WFI:1:1:cpu:6,CS:1500:2000:cpu:0:7,"
				 "CL:1600:2500:cluster:17,X:1600:2500:cluster");
	assert_int_equal(pidle_states_parse("C1:1:1:cpu:1000000:1000000", &st, &err), 0);
	assert_true(st.state[0].power_mw == 1000000 && st.state[0].energy_uj == 1000000);
}

/*
 * ENTRY_US+EXIT_US: parsed apart; the entry latency is 0 when not given,
 * and a table without one prints back as it was given.
 */
static void test_states_entry_latency(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];
	static const char *const same[] = {
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package",
		"WFI:1:1:cpu:6,CPU_SLEEP_0:1500:2000,CLUSTER_SLEEP_0:1600:2500:cluster:17",
		"WFI:1:1,CPU_PD:40+100:3000,CL1:200+500:3000:cluster,CL2:500+1000:7000:cluster:10:40",
	};

	assert_int_equal(pidle_states_parse("WFI:1:1,CPU_PD:40+100:3000,"
					    "CL1:200+500:3000:cluster", &st, &err), 0);
	assert_true(st.state[0].entry_latency_ns == 0);
	assert_true(st.state[0].exit_latency_ns == 1000);
	assert_true(st.state[1].entry_latency_ns == 40000);
	assert_true(st.state[1].exit_latency_ns == 100000);
	assert_true(st.state[2].entry_latency_ns == 200000);
	assert_true(st.state[2].exit_latency_ns == 500000);
	assert_true(pidle_state_wake_latency_ns(&st.state[2]) == 700000);
	assert_string_equal(st.state[2].level_name, "cluster");
	/* An entry latency of 0 is the one not given: printed without. */
	assert_int_equal(pidle_states_parse("C1:0+5:10", &st, &err), 0);
	assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "C1:5:10");
	/* At the cap: the sum may reach it, not pass it. */
	assert_int_equal(pidle_states_parse("C1:10000+10000:10", &st, &err), 0);
	assert_true(st.state[0].entry_latency_ns + st.state[0].exit_latency_ns ==
		    20000000ULL);
	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		assert_int_equal(pidle_states_parse(same[i], &st, &err), 0);
		assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
		assert_string_equal(buf, same[i]);
	}
}

/* mode=: pc or osi, as given; OSI wants a non-polling deepest CPU state. */
static void test_mode_parse_check(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };
	enum pidle_mode mode = 77;

	assert_int_equal(pidle_mode_parse(" osi\n", &mode, &err), 0);
	assert_int_equal(mode, PIDLE_MODE_OSI);
	assert_string_equal(pidle_mode_name(mode), "osi");
	assert_int_equal(pidle_mode_parse("pc", &mode, &err), 0);
	assert_int_equal(mode, PIDLE_MODE_PC);
	assert_string_equal(pidle_mode_name(mode), "pc");
	mode = 77;
	assert_int_equal(pidle_mode_parse("OSI", &mode, &err), -EINVAL);
	assert_string_equal(err.msg, "mode: \"OSI\": not one of pc, osi");
	assert_int_equal(mode, 77);
	assert_int_equal(pidle_mode_parse("", &mode, &err), -EINVAL);
	/* A long word is quoted cut, and says so. */
	assert_int_equal(pidle_mode_parse("osi-with-a-very-long-tail-of-words", &mode, &err), -EINVAL);
	assert_string_equal(err.msg, "mode: \"osi-with-a-very-long-tai...\": not one of pc, osi");
	assert_int_equal(pidle_mode_parse("osi-with-a-very-long-tai", &mode, &err), -EINVAL);
	assert_string_equal(err.msg, "mode: \"osi-with-a-very-long-tai\": not one of pc, osi");

	assert_int_equal(pidle_states_parse("POLL:0:0,CL:100:400:cluster", &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_PC, &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_OSI, &st, &err), -EINVAL);
	assert_string_equal(err.msg, "mode: osi: the domains hang off the deepest cpu-level state, and state 0 (POLL) is a polling state (exit latency 0); give the table a cpu-level state that is not");
	/* No domain state: nothing hangs off POLL. */
	assert_int_equal(pidle_states_parse("POLL:0:0", &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_OSI, &st, &err), 0);
	assert_int_equal(pidle_states_parse(pidle_default_states, &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_OSI, &st, &err), 0);
}

/*
 * Order across levels is the mode's: states= checks each level's states
 * among themselves; PC mode (cpuidle's driver gets the whole table) wants
 * the whole table, each set's own states, in ascending residency and
 * latency; OSI keeps a CPU's and its domain's states apart (genpd), as
 * sm6115's cluster state of 782 us after its 1182 us CPU state.
 */
static void test_states_order_per_mode(void **s)
{
	static const char sm6115[] =
		"WFI:1:1,C:290+376:1182,CL:360+421:782:cluster,CL1:800+2118:7376:cluster";
	static const char sets[] =
		"0-3=WFI:1:1,C:290+376:1182,CL:360+421:782:cluster,CL1:800+2118:7376:cluster;"
		"4-7=WFI:1:1,C:290+376:1182,CL:314+345:1200:cluster,CL1:640+1654:8094:cluster";
	struct pidle_states st;
	struct pidle_err err = { 0 };

	(void)s;
	assert_int_equal(pidle_states_parse(sm6115, &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_OSI, &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_PC, &st, &err), -EINVAL);
	assert_string_equal(err.msg, "states: state 2 (CL): target residency 782 us is less than state 1's 1182 us: in PC mode cpuidle gets the whole table, in ascending residency (driver-api/pm/cpuidle.rst); mode=osi keeps domain states apart");
	/* The power-on latency alone below the CPU state's exit, in PC too. */
	assert_int_equal(pidle_states_parse("C1:1:1,C:0+500:600,CL:0+400:900:cluster", &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_OSI, &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_PC, &st, &err), -EINVAL);
	assert_true(strstr(err.msg, "states: state 2 (CL): exit latency 400 us is less than state 1's 500 us: in PC mode cpuidle gets the whole table, in ascending residency (driver-api/pm/cpuidle.rst); mode=osi keeps domain states apart") == err.msg);
	/* Per set: the set named, its own indices. */
	assert_int_equal(pidle_states_parse(sets, &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_OSI, &st, &err), 0);
	assert_int_equal(pidle_mode_check(PIDLE_MODE_PC, &st, &err), -EINVAL);
	assert_true(strstr(err.msg, "states: set 0 (CPUs 0-3): state 2 (CL): target residency 782 us is less than state 1's 1182 us: in PC mode cpuidle gets the whole table, in ascending residency (driver-api/pm/cpuidle.rst); mode=osi keeps domain states apart") == err.msg);
	/* A level's own states stay in order whatever the mode. */
	assert_int_equal(pidle_states_parse("C1:1:1,C:290:1182,CL:360:7376:cluster,CL1:800:782:cluster", &st, &err), -EINVAL);
	assert_string_equal(err.msg, "states: state 3 (CL1): target residency 782 us is less than state 2's 7376 us");
	assert_int_equal(pidle_states_parse("C1:1:1,C:290:1182,C2:100:1500,CL:360:782:cluster", &st, &err), -EINVAL);
	assert_string_equal(err.msg, "states: state 2 (C2): exit latency 100 us is less than state 1's 290 us");
}

/* domain_gov=: the three forms, resolved per level, printed back. */
static void test_dgov_parse_resolve(void **s)
{
	struct pidle_dgov_cfg dg;
	struct pidle_topology topo, flat;
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_topology_parse("core=0-1,2-3;cluster=0-3;package=0-3", 0,
					      &topo, &err), 0);
	assert_int_equal(pidle_topology_parse("none", 4, &flat, &err), 0);

	assert_int_equal(pidle_dgov_parse(" deepest\n", &dg, &err), 0);
	assert_string_equal(dg.all, "deepest");
	assert_int_equal(dg.nr_items, 0);
	assert_int_equal(pidle_dgov_check(&dg, &topo, NULL, &err), 0);
	assert_string_equal(pidle_dgov_name_of(&dg, &topo, 3), "deepest");
	assert_true(pidle_dgov_print_resolved(&dg, &topo, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "deepest");

	/* Levels not named: the default. */
	assert_int_equal(pidle_dgov_parse("cluster:predict", &dg, &err), 0);
	assert_int_equal(pidle_dgov_check(&dg, &topo, NULL, &err), 0);
	assert_string_equal(pidle_dgov_name_of(&dg, &topo, 1), PIDLE_DGOV_DEFAULT);
	assert_string_equal(pidle_dgov_name_of(&dg, &topo, 2), "predict");
	assert_true(pidle_dgov_print(&dg, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "cluster:predict");
	assert_true(pidle_dgov_print_resolved(&dg, &topo, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "core:genpd-6.12,cluster:predict,package:genpd-6.12");

	/* NAME,LEVEL:NAME: the bare name for the others. */
	assert_int_equal(pidle_dgov_parse("genpd-6.1,package:genpd", &dg, &err), 0);
	assert_int_equal(pidle_dgov_check(&dg, &topo, NULL, &err), 0);
	assert_true(pidle_dgov_print(&dg, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "genpd-6.1,package:genpd");
	assert_true(pidle_dgov_print_resolved(&dg, &topo, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "core:genpd-6.1,cluster:genpd-6.1,package:genpd");
	/* The resolved form parses back to the same choice, level by level. */
	{
		struct pidle_dgov_cfg back;

		assert_int_equal(pidle_dgov_parse(buf, &back, &err), 0);
		for (unsigned int l = 1; l <= 3; l++)
			assert_string_equal(pidle_dgov_name_of(&back, &topo, l),
					    pidle_dgov_name_of(&dg, &topo, l));
	}
	/* Every level the same: one name. No level: the bare name. */
	assert_int_equal(pidle_dgov_parse("core:deepest,cluster:deepest,package:deepest",
					  &dg, &err), 0);
	assert_true(pidle_dgov_print_resolved(&dg, &topo, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "deepest");
	assert_true(pidle_dgov_print_resolved(&dg, &flat, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, PIDLE_DGOV_DEFAULT);
	assert_int_equal(pidle_dgov_print_resolved(&dg, &topo, buf, 7), -ENOSPC);

	/* Against the topology and the registry. */
	assert_int_equal(pidle_dgov_parse("die:deepest", &dg, &err), 0);
	assert_int_equal(pidle_dgov_check(&dg, &topo, NULL, &err), -EINVAL);
	assert_string_equal(err.msg, "domain_gov: item 0: level \"die\" is not a domain level of the topology (it has: cpu,core,cluster,package)");
	assert_int_equal(pidle_dgov_parse("genpd-5.10,core:deepest", &dg, &err), 0);
	assert_int_equal(pidle_dgov_check(&dg, &topo, NULL, &err), -EINVAL);
	assert_string_equal(err.msg, "domain_gov: item 0: governor \"genpd-5.10\" is not registered (built in: genpd, genpd-6.12, genpd-6.1, deepest, predict)");
	assert_int_equal(pidle_dgov_parse("deepest,core:mine", &dg, &err), 0);
	assert_int_equal(pidle_dgov_check(&dg, &topo, NULL, &err), -EINVAL);
	assert_true(strstr(err.msg, "domain_gov: item 1 (core): governor \"mine\" is not registered") != NULL);
	pidle_topology_free(&topo);
	pidle_topology_free(&flat);
}

static const struct bad_case bad_dgov[] = {
	{ "", "domain_gov: empty (want NAME, LEVEL:NAME,... or NAME,LEVEL:NAME,...)" },
	{ "Deepest", "domain_gov: item 0: governor \"Deepest\": has a character outside [a-z0-9._-]" },
	{ "abcdefghijklmnop", "domain_gov: item 0: governor \"abcdefghijklmnop\": longer than 15 characters" },
	{ "core:deepest,genpd-6.1", "domain_gov: item 1 \"genpd-6.1\": a name for every level must come first, and once" },
	{ "deepest,genpd-6.1", "domain_gov: item 1 \"genpd-6.1\": a name for every level must come first" },
	{ "core:", "domain_gov: item 0 (core): governor \"\": empty" },
	{ ":deepest", "domain_gov: item 0: level \"\": empty" },
	{ "cpu:deepest", "domain_gov: item 0: level \"cpu\": cpu-level states are the cpuidle governor's" },
	{ "core:deepest,core:genpd-6.1", "domain_gov: item 1: level \"core\" already given" },
	{ "core:deep:est", "domain_gov: item 0 (core): governor \"deep:est\": more than 2 fields (want LEVEL:NAME)" },
	{ "deepest,,core:x", "domain_gov: item 1 \"\": a name for every level must come first" },
	{ "a:x,b:x,c:x,d:x,e:x,f:x", "domain_gov: item 5 \"f:x\": more than 5 levels" },
	{ "co re:x", "domain_gov: item 0: level \"co re\": has a character outside" },
};

static void test_dgov_parse_bad_input(void **s)
{
	for (size_t i = 0; i < sizeof(bad_dgov) / sizeof(bad_dgov[0]); i++) {
		struct pidle_dgov_cfg dg, before;
		struct pidle_err err = { 0 };

		memset(&dg, 0x5a, sizeof(dg));
		before = dg;
		assert_int_equal(pidle_dgov_parse(bad_dgov[i].in, &dg, &err), -EINVAL);
		if (!strstr(err.msg, bad_dgov[i].msg))
			fail_msg("input \"%s\": message \"%s\" lacks \"%s\"",
				 bad_dgov[i].in, err.msg, bad_dgov[i].msg);
		assert_memory_equal(&dg, &before, sizeof(dg));
	}
}

static void test_power_parse_print(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_power_parse(" cpu:0093,cluster:57\n", &st, &err), 0);
	assert_int_equal(st.nr_up, 2);
	assert_string_equal(st.up[0].level_name, "cpu");
	assert_int_equal(st.up[0].power_mw, 93);
	assert_true(pidle_power_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "cpu:93,cluster:57");
	/* none, or nothing: no active power; printed as none */
	assert_int_equal(pidle_power_parse("none", &st, &err), 0);
	assert_int_equal(st.nr_up, 0);
	assert_true(pidle_power_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "none");
	assert_int_equal(pidle_power_parse("cpu:5", &st, &err), 0);
	assert_int_equal(pidle_power_parse("", &st, &err), 0);
	assert_int_equal(st.nr_up, 0);
	/* Only the power part is written: the table stays. */
	assert_int_equal(pidle_states_parse("C1:1:1", &st, &err), 0);
	assert_int_equal(pidle_power_parse("cpu:1", &st, &err), 0);
	assert_int_equal(st.nr_states, 1);
	assert_string_equal(st.state[0].name, "C1");
}

static const struct bad_case bad_power[] = {
	{ "cpu", "power: item 0 \"cpu\": want LEVEL:POWER_MW" },
	{ "cpu:", "power: item 0 (cpu): power \"\": empty" },
	{ "cpu:x", "power: item 0 (cpu): power \"x\": not a decimal number" },
	{ "cpu:1:2", "power: item 0 (cpu): power \"1:2\": more than 2 fields (want LEVEL:POWER_MW)" },
	{ "cpu:1000001", "power: item 0 (cpu): power \"1000001\": more than 1000000 mW" },
	{ "cpu:1,cpu:2", "power: item 1: level \"cpu\" already given by item 0" },
	{ "cpu:1,,core:2", "power: item 1 \"\": want LEVEL:POWER_MW" },
	{ ":5", "power: item 0: level \"\": empty" },
	{ "c pu:5", "power: item 0: level \"c pu\": has a character outside" },
	{ "a:1,b:1,c:1,d:1,e:1,f:1,g:1", "power: more than 6 levels" },
};

static void test_power_parse_bad_input(void **s)
{
	for (size_t i = 0; i < sizeof(bad_power) / sizeof(bad_power[0]); i++) {
		struct pidle_states st, before;
		struct pidle_err err = { 0 };

		memset(&st, 0x5a, sizeof(st));
		before = st;
		assert_int_equal(pidle_power_parse(bad_power[i].in, &st, &err), -EINVAL);
		if (!strstr(err.msg, bad_power[i].msg))
			fail_msg("input \"%s\": message \"%s\" lacks \"%s\"",
				 bad_power[i].in, err.msg, bad_power[i].msg);
		assert_memory_equal(&st, &before, sizeof(st));
	}
}

/* A level power= names must be in the topology, as a state's level. */
static void test_power_level_not_in_topology(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_topology topo;
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_states_parse("C1:1:1,CC6:2:2:core", &st, &err), 0);
	assert_int_equal(pidle_power_parse("cpu:10,core:5,package:7", &st, &err), 0);
	assert_int_equal(pidle_topology_parse("core=0-1", 0, &topo, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), -EINVAL);
	assert_string_equal(err.msg, "power: item 2 (package): level \"package\" is not a level of the topology (it has: cpu,core)");
	assert_int_equal(pidle_power_parse("cpu:10,core:5", &st, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), 0);
	pidle_topology_free(&topo);
}

/*
 * power= per CPU set (issue 37, item 3): the grammar of states='s sets,
 * printed canonically (ranges merged, "none" for an empty list), and the
 * top-level list is set 0's.
 */
static void test_power_sets_parse_print(void **s)
{
	struct pidle_states st = { 0 }, back = { 0 };
	struct pidle_err err = { 0 };
	const struct pidle_level_power *up;
	char buf[PIDLE_PARAM_LEN], buf2[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_power_parse(" 0-1,2-3=cpu:093,cluster:57;4,5-7=cpu:616,cluster:64\n",
					   &st, &err), 0);
	assert_int_equal(st.nr_power_sets, 2);
	assert_int_equal(st.nr_up, 2);
	assert_int_equal(st.up[0].power_mw, 93);
	assert_int_equal(pidle_power_of_cpu(&st, 5, &up), 2);
	assert_int_equal(up[0].power_mw, 616);
	assert_string_equal(up[1].level_name, "cluster");
	assert_int_equal(up[1].power_mw, 64);
	assert_int_equal(pidle_power_of_cpu(&st, 3, &up), 2);
	assert_int_equal(up[0].power_mw, 93);
	assert_true(pidle_power_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "0-3=cpu:93,cluster:57;4-7=cpu:616,cluster:64");
	assert_int_equal(pidle_power_parse(buf, &back, &err), 0);
	assert_true(pidle_power_print(&back, buf2, sizeof(buf2)) > 0);
	assert_string_equal(buf, buf2);
	/* A set without powers: none, which parses back. */
	assert_int_equal(pidle_power_parse("0-3=;4-7=cpu:5", &st, &err), 0);
	assert_true(pidle_power_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "0-3=none;4-7=cpu:5");
	assert_int_equal(pidle_power_parse(buf, &back, &err), 0);
	assert_int_equal(back.power_set[0].nr_up, 0);
	assert_int_equal(back.nr_up, 0);
	/* One list again: the sets are gone. */
	assert_int_equal(pidle_power_parse("cpu:7", &st, &err), 0);
	assert_int_equal(st.nr_power_sets, 0);
	assert_int_equal(pidle_power_of_cpu(&st, 5, &up), 1);
	assert_int_equal(up[0].power_mw, 7);
	assert_int_equal(pidle_power_parse("0-3=cpu:1;4-7=cpu:2", &st, &err), 0);
	assert_int_equal(pidle_power_parse("none", &st, &err), 0);
	assert_int_equal(st.nr_power_sets, 0);
	/* Too small a buffer: -ENOSPC. */
	assert_int_equal(pidle_power_parse("0-3=cpu:1;4-7=cpu:2", &st, &err), 0);
	assert_int_equal(pidle_power_print(&st, buf, 12), -ENOSPC);
}

static const struct bad_case bad_power_sets[] = {
	{ "0-3=cpu:1", "power: one CPU set: give a list per set of states=" },
	{ "0-3=cpu:1;4-7", "power: set 1 \"4-7\": no '=' (want CPUS=LEVEL:POWER_MW,...;CPUS=LEVEL:POWER_MW,...)" },
	{ "=cpu:1;4-7=cpu:2", "power: set 0: no CPUs before '=' (want CPUS=LEVEL:POWER_MW,...;CPUS=LEVEL:POWER_MW,...)" },
	{ "0-3=cpu:1;3-7=cpu:2", "power: set 1 (CPUs 3-7): CPU 3 is in set 0 too" },
	{ "0-3=cpu:x;4-7=cpu:2", "power: set 0 (CPUs 0-3): item 0 (cpu): power \"x\": not a decimal number" },
	{ "0-3=cpu:1;4-x=cpu:2", "power: set 1 (CPUs 4-x): CPU \"x\": not a decimal number (want CPUS=LEVEL:POWER_MW" },
	{ "3-0=cpu:1;4-7=cpu:2", "power: set 0 (CPUs 3-0): range 3-0 goes backwards" },
	{ "0-3=cpu:1=2;4-7=cpu:2", "power: set 0 (CPUs 0-3): more than one '='" },
	{ "0=cpu:1;1=cpu:1;2=cpu:1;3=cpu:1;4=cpu:1", "power: more than 4 CPU sets" },
};

static void test_power_sets_bad_input(void **s)
{
	for (size_t i = 0; i < sizeof(bad_power_sets) / sizeof(bad_power_sets[0]); i++) {
		struct pidle_states st, before;
		struct pidle_err err = { 0 };

		memset(&st, 0x5a, sizeof(st));
		before = st;
		assert_int_equal(pidle_power_parse(bad_power_sets[i].in, &st, &err), -EINVAL);
		if (!strstr(err.msg, bad_power_sets[i].msg))
			fail_msg("input \"%s\": message \"%s\" lacks \"%s\"",
				 bad_power_sets[i].in, err.msg, bad_power_sets[i].msg);
		assert_memory_equal(&st, &before, sizeof(st));
	}
}

/*
 * power= sets against states= and the topology: the same sets (any order),
 * levels of the topology, and a domain spanning sets needs one up power.
 */
static void test_power_sets_config_check(void **s)
{
	static const struct {
		const char *states, *power, *topo, *msg;
	} cases[] = {
		/* Juno: two clusters, each its own figures. */
		{ "0-3=WFI:1:1:cpu:6,CL:1600:2500:cluster:17;4-5=WFI:1:1:cpu:15,CL:1600:2500:cluster:24",
		  "0-3=cpu:93,cluster:57;4-5=cpu:616,cluster:64", "cluster=0-3,4-5", NULL },
		/* The same sets in the other order. */
		{ "0-3=WFI:1:1;4-5=WFI:1:1", "4-5=cpu:616;0-3=cpu:93", "cluster=0-3,4-5", NULL },
		/* One cluster over both sets: its up power must agree ... */
		{ "0-3=WFI:1:1;4-7=WFI:2:2", "0-3=cpu:93,cluster:57;4-7=cpu:616,cluster:57",
		  "cluster=0-7", NULL },
		{ "0-3=WFI:1:1;4-7=WFI:2:2", "0-3=cpu:93,cluster:57;4-7=cpu:616,cluster:64",
		  "cluster=0-7",
		  "power: cluster domain 0 spans the sets of CPUs 0-3 and 4-7, whose up power at level \"cluster\" differs (57 and 64 mW)" },
		/* ... a level not named is 0, and differs from 57 too. */
		{ "0-3=WFI:1:1;4-7=WFI:2:2", "0-3=cpu:93,cluster:57;4-7=cpu:616",
		  "cluster=0-7", "(57 and 0 mW)" },
		/* A package above two clusters: the package's, not the clusters'. */
		{ "0-3=WFI:1:1;4-7=WFI:2:2", "0-3=cluster:5,package:9;4-7=cluster:50,package:9",
		  "cluster=0-3,4-7;package=0-7", NULL },
		{ "0-3=WFI:1:1;4-7=WFI:2:2", "0-3=cluster:5,package:9;4-7=cluster:50,package:8",
		  "cluster=0-3,4-7;package=0-7",
		  "power: package domain 0 spans the sets of CPUs 0-3 and 4-7, whose up power at level \"package\" differs (9 and 8 mW)" },
		/* Sets that are not states='s. */
		{ "0-3=WFI:1:1;4-7=WFI:2:2", "0-2=cpu:1;3-7=cpu:2", "cluster=0-3,4-7",
		  "power: set 0 (CPUs 0-2) is not one of the CPU sets of states=" },
		{ "0-1=WFI:1:1;2-3=WFI:2:2;4-7=WFI:3:3", "0-1=cpu:1;2-7=cpu:2", "cluster=0-3,4-7",
		  "power: set 1 (CPUs 2-7) is not one of the CPU sets of states=" },
		{ "0-3=WFI:1:1;4-5=WFI:2:2;6-7=WFI:3:3", "0-3=cpu:1;4-5=cpu:2", "cluster=0-3,4-7",
		  "power: states= set 2 (CPUs 6-7) has no power= set" },
		{ "WFI:1:1", "0-3=cpu:1;4-7=cpu:2", "cluster=0-3,4-7",
		  "power: a list per CPU set, and states= has one table for every CPU" },
		/* A level of no topology, in a set. */
		{ "0-3=WFI:1:1;4-7=WFI:2:2", "0-3=cpu:1;4-7=cpu:2,die:3", "cluster=0-3,4-7",
		  "power: set 1: item 1 (die): level \"die\" is not a level of the topology (it has: cpu,cluster)" },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pidle_states st = { 0 };
		struct pidle_topology topo = { 0 };
		struct pidle_err err = { 0 };
		int ret;

		assert_int_equal(pidle_states_parse(cases[i].states, &st, &err), 0);
		assert_int_equal(pidle_power_parse(cases[i].power, &st, &err), 0);
		assert_int_equal(pidle_topology_parse(cases[i].topo, 0, &topo, &err), 0);
		ret = pidle_config_check(&st, &topo, &err);
		if (!cases[i].msg && ret)
			fail_msg("case %u: refused: %s", i, err.msg);
		if (cases[i].msg && (ret != -EINVAL || !strstr(err.msg, cases[i].msg)))
			fail_msg("case %u: %d \"%s\", want \"%s\"", i, ret,
				 err.msg, cases[i].msg);
		pidle_topology_free(&topo);
	}
}

/*
 * Exit latency above target residency is accepted (issue 28, item 4):
 * real tables have it. intel_idle's byt_cstates (Bay Trail, 6.12):
 * C6N exits in 300 us with a 275 us residency. qcom/sdm630.dtsi's
 * PWR_CPU_SLEEP_0/1 (6.12): exit 423 and 1821 us over residencies of 200
 * and 1000 us, and as dt_idle_states.c gives them to cpuidle (entry + exit,
 * no wakeup-latency-us) 761 and 2336 us. The DT binding defines
 * min-residency as an energy break-even point, not bounded by the latency
 * (Documentation/devicetree/bindings/cpu/idle-states.yaml).
 */
static void test_states_latency_above_residency(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_states_parse("C1:1:1,C6N:300:275,C6S:500:560,"
					    "C7:1200:4000,C7S:10000:20000",
					    &st, &err), 0);
	assert_true(st.state[1].exit_latency_ns == 300000ULL);
	assert_true(st.state[1].target_residency_ns == 275000ULL);
	assert_int_equal(pidle_states_parse("WFI:1:1,SLEEP0:761:200,SLEEP1:2336:1000",
					    &st, &err), 0);
	assert_true(st.state[2].exit_latency_ns == 2336000ULL);
	assert_true(st.state[2].target_residency_ns == 1000000ULL);
}

/* sdm845 as the devicetree gives it (PC mode, entry+exit, residency). */
#define SDM845_SETS \
	"0-3=WFI:1:1,cpu-sleep-0-0:350+461:1890,cluster-sleep-0:3263+6562:9987:cluster;" \
	"4-7=WFI:1:1,cpu-sleep-1-0:264+621:952,cluster-sleep-0:3263+6562:9987:cluster"

static void test_states_sets_parse_sdm845(void **s)
{
	struct pidle_states st = { 0 }, back = { 0 };
	struct pidle_topology topo = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN], buf2[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_states_parse(SDM845_SETS, &st, &err), 0);
	assert_true(pidle_states_per_set(&st));
	assert_int_equal(st.nr_sets, 2);
	assert_int_equal(st.nr_states, 3);
	/* The top-level table is set 0's. */
	assert_string_equal(st.state[1].name, "cpu-sleep-0-0");
	assert_string_equal(st.set[1].state[1].name, "cpu-sleep-1-0");
	assert_true(st.set[1].state[1].entry_latency_ns == 264000);
	assert_true(st.set[1].state[1].exit_latency_ns == 621000);
	assert_true(st.set[1].state[1].target_residency_ns == 952000);
	assert_int_equal(pidle_states_set_of(&st, 0), 0);
	assert_int_equal(pidle_states_set_of(&st, 3), 0);
	assert_int_equal(pidle_states_set_of(&st, 4), 1);
	assert_int_equal(pidle_states_set_of(&st, 7), 1);
	assert_int_equal(pidle_states_set_of(&st, 8), -1);
	assert_string_equal(pidle_states_of_cpu(&st, 5)[1].name, "cpu-sleep-1-0");
	assert_string_equal(pidle_states_of_cpu(&st, 2)[1].name, "cpu-sleep-0-0");
	/* Canonical print, which parses back to the same. */
	assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, SDM845_SETS);
	assert_int_equal(pidle_states_parse(buf, &back, &err), 0);
	assert_true(pidle_states_print(&back, buf2, sizeof(buf2)) > 0);
	assert_string_equal(buf, buf2);
	assert_true(pidle_states_same_sets(&st, &back));
	/* One cluster of 8 CPUs: the cluster state is the same in both sets. */
	assert_int_equal(pidle_topology_parse("cluster=0-7", 0, &topo, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), 0);
	pidle_topology_free(&topo);
	/* Too small a buffer: -ENOSPC, never a cut table. */
	assert_int_equal(pidle_states_print(&st, buf, 40), -ENOSPC);
}

/*
 * Energy per CPU kind (issue 37): a CPU-level state's power and energy
 * are the set's own, printed back as given.
 */
static void test_states_sets_cpu_power_per_set(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_states_parse("0-3=C1:1:1:cpu:5;4-7=C1:1:1:cpu:60:3", &st, &err), 0);
	assert_int_equal(st.set[0].state[0].power_mw, 5);
	assert_int_equal(st.set[1].state[0].power_mw, 60);
	assert_int_equal(st.set[1].state[0].energy_uj, 3);
	assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "0-3=C1:1:1:cpu:5;4-7=C1:1:1:cpu:60:3");
}

/*
 * Tables of different lengths (issue 37): msm8976's little CPUs have WFI
 * and one power collapse, its big CPUs WFI, a retention and a power
 * collapse. The common layout has 3 cpu-level slots; the little set's
 * deepest takes the last (its own index 1 is slot 2), slot 1 is absent
 * for it. Printed back as given, each set its own length.
 */
#define MSM8976_SETS \
	"0-3=WFI:1:1,little-power-co:181+149:703;" \
	"4-7=WFI:1:1,big-retention:142+99:242,big-power-colla:158+144:863"

static void test_states_sets_different_lengths(void **s)
{
	struct pidle_states st = { 0 }, back = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_states_parse(MSM8976_SETS, &st, &err), 0);
	assert_int_equal(st.nr_sets, 2);
	assert_int_equal(st.nr_states, 3);
	assert_int_equal(st.set[0].nr_own, 2);
	assert_int_equal(st.set[1].nr_own, 3);
	assert_int_equal(st.set[0].slot[0], 0);
	assert_int_equal(st.set[0].slot[1], 2);
	assert_int_equal(st.set[0].present, 0x5);
	assert_int_equal(st.set[1].present, 0x7);
	assert_string_equal(st.set[0].state[2].name, "little-power-co");
	assert_string_equal(st.set[1].state[1].name, "big-retention");
	/* The top level: each level's slots from the first set with all. */
	assert_string_equal(st.state[0].name, "WFI");
	assert_string_equal(st.state[1].name, "big-retention");
	assert_string_equal(st.state[2].name, "big-power-colla");
	assert_true(pidle_states_cpu_has(&st, 0, 2));
	assert_false(pidle_states_cpu_has(&st, 3, 1));
	assert_true(pidle_states_cpu_has(&st, 4, 1));
	assert_false(pidle_states_cpu_has(&st, 4, 3));
	assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, MSM8976_SETS);
	assert_int_equal(pidle_states_parse(buf, &back, &err), 0);
	assert_memory_equal(&st, &back, sizeof(st));
}

/*
 * Different lengths at a domain level: each set's deepest state of a
 * level is in the level's last slot, so a CPU idle in a deeper level
 * votes for a state its domain has; the shared package state agrees.
 */
static void test_states_sets_different_lengths_levels(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_topology two = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];
	const char *in = "0-1=W:1:1,CL:50:500:cluster,P:90:900:package;"
			 "2-3=W:1:1,C2:5:20,R:20:100:cluster,CL:50:600:cluster,P:90:900:package";

	assert_int_equal(pidle_states_parse(in, &st, &err), 0);
	assert_int_equal(st.nr_states, 5);
	/* Its one cpu-level state is the level's deepest: slot 1. */
	assert_int_equal(st.set[0].present, 0x1a);
	assert_int_equal(st.set[0].slot[0], 1);
	assert_int_equal(st.set[0].slot[1], 3);
	assert_int_equal(st.set[0].slot[2], 4);
	assert_int_equal(st.set[1].present, 0x1f);
	assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, in);
	assert_int_equal(pidle_topology_parse("cluster=0-1,2-3;package=0-3", 0, &two, &err), 0);
	assert_int_equal(pidle_config_check(&st, &two, &err), 0);
	/* OSI: a domain governor needs the same states in every domain. */
	assert_int_equal(pidle_mode_check(PIDLE_MODE_OSI, &st, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "mode: osi: set 0 has fewer states at level \"cluster\" than set 1"));
	assert_int_equal(pidle_mode_check(PIDLE_MODE_PC, &st, &err), 0);
	pidle_topology_free(&two);
	/* One cluster over both: their cluster states differ in number. */
	assert_int_equal(pidle_topology_parse("cluster=0-3;package=0-3", 0, &two, &err), 0);
	assert_int_equal(pidle_config_check(&st, &two, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "cluster domain 0 spans set 0 (CPUs 0-1) and set 1 (CPUs 2-3), whose state 2 (-/R) at level \"cluster\" differs"));
	pidle_topology_free(&two);
}

/* A table without sets is what it was: no sets, same print. */
static void test_states_sets_plain_table_unchanged(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];

	assert_int_equal(pidle_states_parse(pidle_default_states, &st, &err), 0);
	assert_false(pidle_states_per_set(&st));
	assert_int_equal(pidle_states_set_of(&st, 0), -1);
	assert_ptr_equal(pidle_states_of_cpu(&st, 3), st.state);
	assert_true(pidle_states_print(&st, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, pidle_default_states);
}

static const struct bad_case bad_sets[] = {
	{ "0-7=C1:1:1", "states: one CPU set: give a table per set (CPUS=TABLE;CPUS=TABLE), or one table without CPUS= for every CPU" },
	{ "0-3=C1:1:1;C1:1:1", "states: set 1 \"C1:1:1\": no '=' (want CPUS=TABLE;CPUS=TABLE)" },
	{ "0-3=C1:1:1;=C1:1:1", "states: set 1: no CPUs before '='" },
	{ "0-3=C1:1:1;4-x=C1:1:1", "states: set 1 (CPUs 4-x): CPU \"x\": not a decimal number" },
	{ "0-3=C1:1:1;7-4=C1:1:1", "states: set 1 (CPUs 7-4): range 7-4 goes backwards" },
	{ "0-3=C1:1:1;4-5,5-7=C1:1:1", "states: set 1 (CPUs 4-5,5-7): CPU 5: ranges must ascend without overlap" },
	{ "0-3=C1:1:1;3-7=C1:1:1", "states: set 1 (CPUs 3-7): CPU 3 is in set 0 too" },
	{ "0-3=C1:1:1;4-7=C1:1:1=x", "states: set 1 (CPUs 4-7): more than one '='" },
	{ "0-3=C1:1:1;4-7=C1:1:1,C?2:2:2", "states: set 1 (CPUs 4-7): state 1 (?): name \"C?2\": has a character outside" },
	{ "0-3=C1:1:1;4-7=C1:1:2,C2:1:1", "states: set 1 (CPUs 4-7): state 1 (C2): target residency 1 us is less than state 0" },
	{ "0-3=C1:1:1;4-7=", "states: set 1 (CPUs 4-7): empty table" },
	/* Tables of different lengths: every set needs every level. */
	{ "0-3=C1:1:1,C2:2:2;4-7=C1:1:1,X:2:2:cluster", "states: set 1 (CPUs 4-7): a state at level \"cluster\", where set 0 has no more levels: every set needs a state at each level, in the same order" },
	{ "0-3=C1:1:1,X:2:2:cluster;4-7=C1:1:1", "states: set 1 (CPUs 4-7): no state after level \"cpu\", where set 0 has a state at \"cluster\"" },
	{ "0-3=C1:1:1,X:2:2:cluster,P:3:3:package;4-7=C1:1:1,P:3:3:package", "states: set 1 (CPUs 4-7): a state at level \"package\", where set 0 has a state at \"cluster\"" },
	/* The slots: 9 at cpu level (set 0), 2 at core level (set 1). */
	{ "0-3=a:1:1,b:2:2,c:3:3,d:4:4,e:5:5,f:6:6,g:7:7,h:8:8,i:9:9,K:9:9:core;4-7=a:1:1,K:9:9:core,L:9:10:core", "states: the sets' tables need 11 state slots (per level, the most states any set has there), more than 10" },
	{ "0=a:1:1;1=a:1:1;2=a:1:1;3=a:1:1;4=a:1:1", "states: more than 4 CPU sets" },
	{ "0,1,2,3,4,5,6,7,8=a:1:1;9=a:1:1", "states: set 0 (CPUs 0,1,2,3,4,5,6,7,8): more than 8 CPU ranges" },
	{ "0-3=C1:1:1;4-8192=C1:1:1", "states: set 1 (CPUs 4-8192): CPU \"8192\": beyond the largest CPU number (8191)" },
	{ "=", "states: set 0: no CPUs before '='" },
	{ "0-3=C1:1:1;;4-7=C1:1:1", "states: set 1 \"\": no '='" },
};

static void test_states_sets_bad_input(void **s)
{
	struct pidle_states st = { 0 }, keep = { 0 };
	struct pidle_err err;
	unsigned int i;

	assert_int_equal(pidle_states_parse("C0:0:0", &st, &err), 0);
	keep = st;
	for (i = 0; i < sizeof(bad_sets) / sizeof(bad_sets[0]); i++) {
		memset(&err, 0, sizeof(err));
		if (pidle_states_parse(bad_sets[i].in, &st, &err) != -EINVAL)
			fail_msg("input \"%s\" accepted", bad_sets[i].in);
		if (!strstr(err.msg, bad_sets[i].msg))
			fail_msg("input \"%s\": message \"%s\" lacks \"%s\"",
				 bad_sets[i].in, err.msg, bad_sets[i].msg);
		/* Nothing half applied. */
		assert_memory_equal(&st, &keep, sizeof(st));
	}
}

/* Against the topology: coverage, and domain states across sets. */
static void test_states_sets_config_check(void **s)
{
	struct pidle_states st = { 0 };
	struct pidle_topology topo = { 0 }, two = { 0 };
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_topology_parse("cluster=0-7", 0, &topo, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-3,4-7", 0, &two, &err), 0);
	/* A CPU in no set. */
	assert_int_equal(pidle_states_parse("0-2=C1:1:1;4-7=C1:2:2", &st, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), -EINVAL);
	assert_string_equal(err.msg, "states: CPU 3 is in no CPU set: the sets must cover the topology's 8 CPUs");
	/* A CPU beyond the topology. */
	assert_int_equal(pidle_states_parse("0-3=C1:1:1;4-8=C1:2:2", &st, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), -EINVAL);
	assert_string_equal(err.msg, "states: set 1 (CPUs 4-8): CPU 8 is beyond the topology's 8 CPUs");
	/* A cluster state differing across a cluster of both sets. */
	assert_int_equal(pidle_states_parse("0-3=C1:1:1,CL:50:500:cluster;4-7=C2:2:2,CL:60:500:cluster",
					    &st, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), -EINVAL);
	assert_string_equal(err.msg, "states: cluster domain 0 spans set 0 (CPUs 0-3) and set 1 (CPUs 4-7), whose state 1 (CL) at level \"cluster\" differs: a domain goes down in one state whichever CPU is its last man");
	/* A cluster per set (hi3660): each cluster has its own states. */
	assert_int_equal(pidle_config_check(&st, &two, &err), 0);
	/* Names differ too: both are named in the refusal. */
	assert_int_equal(pidle_states_parse("0-3=C1:1:1,CL0:50:500:cluster;4-7=C2:2:2,CL1:50:500:cluster",
					    &st, &err), 0);
	assert_int_equal(pidle_config_check(&st, &two, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "state 1 (CL0/CL1)"));
	/* Identical cluster state: fine on both. */
	assert_int_equal(pidle_states_parse("0-3=C1:1:1,CL:50:500:cluster;4-7=C2:2:2,CL:50:500:cluster",
					    &st, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), 0);
	assert_int_equal(pidle_config_check(&st, &two, &err), 0);
	pidle_topology_free(&topo);
	pidle_topology_free(&two);
}

/*
 * Sets are compared as sets of CPUs: 0-3 and 0,1,2,3 are the same set (a
 * run-time states= that writes them otherwise is no set change); the
 * print is canonical, runs of CPUs as ranges.
 */
static void test_states_sets_same_as_sets(void **s)
{
	static const struct {
		const char *a, *b;
		bool same;
	} cases[] = {
		{ "0-3=C1:1:1;4-7=C1:2:2", "0,1,2,3=C1:1:1;4-7=C1:2:2", true },
		{ "0-3=C1:1:1;4-7=C1:2:2", "0-1,2-3=C1:1:1;4,5-6,7=C1:2:2", true },
		{ "0-3=C1:1:1;4-7=C1:2:2", "0,1,3=C1:1:1;2,4-7=C1:2:2", false },
		{ "0-3=C1:1:1;4-7=C1:2:2", "0-4=C1:1:1;5-7=C1:2:2", false },
		{ "0-3=C1:1:1;4-7=C1:2:2", "4-7=C1:2:2;0-3=C1:1:1", false },
		{ "0,2=C1:1:1;1,3=C1:2:2", "0,2=C1:1:1;1,3=C1:2:2", true },
	};
	struct pidle_states a, b;
	struct pidle_err err = { 0 };
	char buf[PIDLE_PARAM_LEN];
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(pidle_states_parse(cases[i].a, &a, &err), 0);
		assert_int_equal(pidle_states_parse(cases[i].b, &b, &err), 0);
		if (pidle_states_same_sets(&a, &b) != cases[i].same ||
		    pidle_states_same_sets(&b, &a) != cases[i].same)
			fail_msg("\"%s\" and \"%s\": %s expected", cases[i].a,
				 cases[i].b, cases[i].same ? "same" : "different");
	}
	assert_int_equal(pidle_states_parse("0,1,2-3,5=C1:1:1;4,6-7=C1:2:2", &a, &err), 0);
	assert_true(pidle_states_print(&a, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, "0-3,5=C1:1:1;4,6-7=C1:2:2");
}

/*
 * A set error names whole CPU lists (80 characters for eight ranges of
 * four-digit CPUs): a sentence too long for the message is marked cut,
 * never silently shorter. Set 0 is eight ranges, set 1 the CPUs between.
 */
static void test_states_sets_long_lists(void **s)
{
	static const char *const set0 =
		"0-1000,1002-2000,2002-3000,3002-4000,4002-5000,5002-6000,6002-7000,7002-8000";
	static const char *const set1 =
		"1001,2001,3001,4001,5001,6001,7001,8001-8191";
	struct pidle_states st;
	struct pidle_topology topo = { 0 };
	struct pidle_err err = { 0 };
	char in[PIDLE_PARAM_LEN];
	size_t len;

	snprintf(in, sizeof(in), "%s=C1:1:1,CL:50:500:cluster;%s=C2:2:2,CL:60:500:cluster",
		 set0, set1);
	assert_int_equal(pidle_states_parse(in, &st, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-4095,4096-8191", 0, &topo, &err), 0);
	assert_int_equal(pidle_config_check(&st, &topo, &err), -EINVAL);
	if (!strstr(err.msg, set0))
		fail_msg("set 0's list cut: \"%s\"", err.msg);
	len = strlen(err.msg);
	if (!strstr(err.msg, set1) && strcmp(err.msg + len - 3, "..."))
		fail_msg("cut without saying so: \"%s\"", err.msg);
	pidle_topology_free(&topo);
}

/*
 * Finding the domain that spans two sets, for the message, is linear in
 * the CPUs: at 8192 CPUs, with no domain spanning the sets (the search's
 * worst case), 20 checks take well under 200 ms (a pairing of every CPU
 * with every other took 33 M steps per check).
 */
/*
 * The refusal's wording finds the domain spanning two sets in one pass
 * (it was a scan of every CPU pair: 13.2 s for these 20 checks before,
 * 53 ms of CPU after, measured by hand; a test checks behaviour, not a
 * wall-clock time): at 8192 CPUs it still names the domain and the sets.
 */
static void test_states_sets_spanning_linear(void **s)
{
	struct pidle_states st;
	struct pidle_topology topo = { 0 }, pkg = { 0 };
	struct pidle_err err = { 0 };
	unsigned int i;

	assert_int_equal(pidle_states_parse("0-4095=C1:1:1,CL:50:500:cluster;4096-8191=C2:2:2,CL:60:500:cluster",
					    &st, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-4095,4096-8191", 0, &topo, &err), 0);
	/* No domain spans the sets: the check's worst case, accepted. */
	for (i = 0; i < 20; i++)
		assert_int_equal(pidle_config_check(&st, &topo, &err), 0);
	/* A package-level state over both, differing: the package is named. */
	assert_int_equal(pidle_states_parse("0-4095=C1:1:1,CL:50:500:cluster,P:70:900:package;4096-8191=C2:2:2,CL:60:500:cluster,P:80:900:package",
					    &st, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-4095,4096-8191;package=0-8191", 0, &pkg, &err), 0);
	for (i = 0; i < 20; i++)
		assert_int_equal(pidle_config_check(&st, &pkg, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "package domain 0 spans set 0"));
	assert_non_null(strstr(err.msg, "0-4095"));
	assert_non_null(strstr(err.msg, "4096-8191"));
	pidle_topology_free(&topo);
	pidle_topology_free(&pkg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_states_parse_default),
		cmocka_unit_test(test_states_parse_at_caps),
		cmocka_unit_test(test_states_latency_above_residency),
		cmocka_unit_test(test_states_roundtrip_minimal),
		cmocka_unit_test(test_states_parse_bad_input),
		cmocka_unit_test(test_states_sets_parse_sdm845),
		cmocka_unit_test(test_states_sets_plain_table_unchanged),
		cmocka_unit_test(test_states_sets_cpu_power_per_set),
		cmocka_unit_test(test_states_sets_bad_input),
		cmocka_unit_test(test_states_sets_different_lengths),
		cmocka_unit_test(test_states_sets_different_lengths_levels),
		cmocka_unit_test(test_states_sets_config_check),
		cmocka_unit_test(test_states_sets_same_as_sets),
		cmocka_unit_test(test_states_sets_long_lists),
		cmocka_unit_test(test_states_sets_spanning_linear),
		cmocka_unit_test(test_states_energy_fields),
		cmocka_unit_test(test_states_entry_latency),
		cmocka_unit_test(test_mode_parse_check),
		cmocka_unit_test(test_states_order_per_mode),
		cmocka_unit_test(test_dgov_parse_resolve),
		cmocka_unit_test(test_dgov_parse_bad_input),
		cmocka_unit_test(test_power_parse_print),
		cmocka_unit_test(test_power_parse_bad_input),
		cmocka_unit_test(test_power_level_not_in_topology),
		cmocka_unit_test(test_power_sets_parse_print),
		cmocka_unit_test(test_power_sets_bad_input),
		cmocka_unit_test(test_power_sets_config_check),
	};
	return pidle_unit_run("states", tests);
}
