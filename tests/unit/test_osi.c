// SPDX-License-Identifier: GPL-2.0
/*
 * cmocka tests of the model's OSI mode (Documentation/cluster-governors.rst;
 * "OSI mode" in pidle_model.c): CPUs vote in their core only idle in the deepest
 * CPU-level state; a core's last man asks the core's governor; a core
 * votes in its cluster only while down in its deepest state; the first
 * man pays the power-on latency, and the rest of the power-off when it
 * wakes during it; genpd's counters. A fake clock, times in us.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include <linux/bug.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <pidle/model.h>
#include "unit.h"

#define US	1000ULL
#define NONE	(~0ULL)

/*
 * CPU states WFI, CPUOFF (the deepest: domains hang off it); core states
 * CRET (entry 50, exit 100, residency 300 us) and COFF (100, 200, 1000);
 * cluster state CLOFF (200, 500, 3000).
 */
static const char *table = "WFI:1:1,CPUOFF:100:200,CRET:100:300:core,"
			   "COFF:200:1000:core,CLOFF:500:3000:cluster";
static const u64 entry_us[] = { 0, 0, 50, 100, 200 };
enum { WFI, CPUOFF, CRET, COFF, CLOFF };
static const char *topo = "core=0-1,2-3;cluster=0-3";

static struct pidle_model *m;
static struct pidle_topology tp;

/* A governor the tests steer: what select() returns, and what it saw. */
static int gov_answer;
static unsigned int gov_selects, gov_reflects, gov_attached;
static struct pidle_dgov_input gov_in;
static int gov_reflect_state;
static u64 gov_reflect_ns;

static int gov_select(struct pidle_dgov_domain *d,
		      const struct pidle_dgov_input *in)
{
	gov_selects++;
	gov_in = *in;
	assert_int_equal(d->nr_states, 2);
	assert_int_equal(d->states[1].power_off_latency_ns, 100 * US);
	assert_int_equal(d->states[1].power_on_latency_ns, 200 * US);
	assert_int_equal(d->states[1].residency_ns, 1000 * US);
	return gov_answer;
}

static void gov_reflect(struct pidle_dgov_domain *d, int state,
			u64 residency_ns)
{
	gov_reflects++;
	gov_reflect_state = state;
	gov_reflect_ns = residency_ns;
}

static int gov_attach(struct pidle_dgov_domain *d)
{
	d->priv = &gov_attached;
	gov_attached++;
	return 0;
}

static void gov_detach(struct pidle_dgov_domain *d)
{
	assert_ptr_equal(d->priv, &gov_attached);
	gov_attached--;
}

static const struct pidle_dgov_ops gov = {
	.name = "test",
	.attach = gov_attach,
	.detach = gov_detach,
	.select = gov_select,
	.reflect = gov_reflect,
};

static int setup_with(const struct pidle_dgov_ops *core_gov,
		      unsigned int fanout)
{
	struct pidle_model_opts o = { .mode = PIDLE_MODE_OSI,
				      .vgroup_fanout = fanout };
	struct pidle_states st;
	struct pidle_err err = { 0 };
	unsigned int s;

	pidle_shim_warnings = 0;
	gov_answer = 1;
	gov_selects = gov_reflects = 0;
	assert_int_equal(pidle_states_parse(table, &st, &err), 0);
	for (s = 0; s < st.nr_states; s++)
		st.state[s].entry_latency_ns = entry_us[s] * US;
	assert_int_equal(pidle_topology_parse(topo, 0, &tp, &err), 0);
	o.dgov[1] = core_gov;
	if (pidle_model_create_opts(&st, &tp, &o, &m, &err))
		fail_msg("model: %s", err.msg);
	return 0;
}

static int setup(void **s)
{
	return setup_with(NULL, 0);
}

static int setup_gov(void **s)
{
	return setup_with(&gov, 0);
}

static int teardown(void **s)
{
	pidle_model_destroy(m);
	pidle_topology_free(&tp);
	assert_int_equal(gov_attached, 0);
	assert_int_equal(pidle_shim_warnings, 0);
	return 0;
}

static struct pidle_enter_info enter(unsigned int cpu, unsigned int state,
				     u64 now_us)
{
	struct pidle_enter_info ei;

	pidle_enter(m, cpu, state, now_us * US, NONE, &ei);
	return ei;
}

static struct pidle_exit_info leave(unsigned int cpu, u64 now_us)
{
	struct pidle_exit_info xi;

	pidle_exit(m, cpu, now_us * US, &xi);
	return xi;
}

static struct pidle_domain_stats dstats(unsigned int level, unsigned int dom,
					unsigned int state)
{
	struct pidle_domain_stats ds;

	pidle_domain_stats_read(m, level, dom, state, &ds);
	return ds;
}

/*
 * Only the deepest CPU state votes; the core's last man takes the deepest
 * core state (no governor), and the cluster goes down only with both
 * cores down; the first man of both pays the larger power-up.
 */
static void test_osi_last_first_man(void **s)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned int st;

	enter(0, CPUOFF, 0);
	ei = enter(1, WFI, 0);			/* WFI: no vote */
	assert_int_equal(ei.down_levels, 0);
	assert_false(pidle_model_domain_down(m, 1, 0, &st));
	xi = leave(1, 10);
	assert_int_equal(xi.achieved, WFI);
	ei = enter(1, CPUOFF, 20);
	assert_int_equal(ei.down_levels, 1u << 1);
	assert_int_equal(ei.down_state[1], COFF);
	assert_true(pidle_model_domain_down(m, 1, 0, &st));
	assert_int_equal(st, COFF);
	/* Core 1 busy: the cluster stays up. */
	assert_false(pidle_model_domain_down(m, 2, 0, &st));
	enter(2, CPUOFF, 30);
	ei = enter(3, CPUOFF, 40);
	assert_int_equal(ei.down_levels, (1u << 1) | (1u << 2));
	assert_int_equal(ei.down_state[2], CLOFF);

	/* Long after: power-offs done; CPU 0 powers up cluster and core. */
	xi = leave(0, 10000);
	assert_int_equal(xi.up_levels, (1u << 1) | (1u << 2));
	assert_int_equal(xi.achieved, CLOFF);
	assert_int_equal(xi.latency_ns, 500 * US);
	assert_int_equal(xi.up_residency_ns[2], 9960 * US);
	/* CPU 2, during the cluster's power-up: first man of core 1 only. */
	xi = leave(2, 10100);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.wait_levels, 1u << 2);
	assert_int_equal(xi.latency_ns, 400 * US);	/* the cluster's rest */
	assert_int_equal(xi.achieved, CLOFF);
	/*
	 * CPU 1, during core 0's power-up (ready with the cluster, at
	 * 10500): waits 50 us, less than CPUOFF's own 100 us it pays;
	 * in CLOFF, the cluster being down around its core.
	 */
	xi = leave(1, 10450);
	assert_int_equal(xi.up_levels, 0);
	assert_int_equal(xi.wait_levels, 1u << 1);
	assert_int_equal(xi.achieved, CLOFF);
	assert_int_equal(xi.latency_ns, 100 * US);
	xi = leave(3, 20000);
	assert_int_equal(xi.latency_ns, 100 * US);	/* CPUOFF's own */
	assert_int_equal(dstats(2, 0, CLOFF).usage, 1);
	assert_int_equal(dstats(1, 0, COFF).usage, 1);
	assert_int_equal(dstats(1, 1, COFF).usage, 1);
	assert_int_equal(dstats(2, 0, CLOFF).residency_ns, 9960 * US);
}

/*
 * A CPU waking while its core powers up with the cluster around it waits
 * until the core is really ready, which the cluster's power-up bounds
 * (PSCI OSI, genpd: a core is on only once its parent is): CPU 0 powers
 * up the cluster (500 us) and core 0 (200 us) at 10000, core 0 ready at
 * 10500; CPU 1 at 10010 withdraws from core 0 only, waits 490 us (not
 * COFF's 100 + 200), and was in CLOFF, the deepest state powered down
 * around it. Likewise core 1's CPU 3, after CPU 2 powered core 1 up
 * while waiting for the cluster.
 */
static void test_osi_nested_wait(void **s)
{
	struct pidle_exit_info xi;

	enter(0, CPUOFF, 0);
	enter(1, CPUOFF, 0);
	enter(2, CPUOFF, 0);
	enter(3, CPUOFF, 0);
	xi = leave(0, 10000);
	assert_int_equal(xi.up_levels, (1u << 1) | (1u << 2));
	assert_int_equal(xi.latency_ns, 500 * US);
	xi = leave(1, 10010);
	assert_int_equal(xi.up_levels, 0);
	assert_int_equal(xi.wait_levels, 1u << 1);
	assert_int_equal(xi.latency_ns, 490 * US);
	assert_int_equal(xi.achieved, CLOFF);
	xi = leave(2, 10100);		/* first man of core 1, waits for the cluster */
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.wait_levels, 1u << 2);
	assert_int_equal(xi.latency_ns, 400 * US);
	xi = leave(3, 10110);
	assert_int_equal(xi.wait_levels, 1u << 1);
	assert_int_equal(xi.latency_ns, 390 * US);
	assert_int_equal(xi.achieved, CLOFF);
	/* The counters: first men's power-ons only, 500 + 200 + 200 us. */
	assert_int_equal(dstats(2, 0, CLOFF).latency_paid_ns, 500 * US);
	assert_int_equal(dstats(1, 0, COFF).latency_paid_ns, 200 * US);
	assert_int_equal(dstats(1, 1, COFF).latency_paid_ns, 200 * US);
}

/*
 * A wake-up during the power-off (down_since + entry latency) waits for
 * the power-off to complete, then pays the power-on.
 */
static void test_osi_wake_during_power_down(void **s)
{
	struct pidle_exit_info xi;

	enter(0, CPUOFF, 1000);
	enter(1, CPUOFF, 1000);		/* core 0 down in COFF at 1000 */
	xi = leave(0, 1030);		/* 70 us of COFF's 100 us power-off left */
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.latency_ns, (70 + 200) * US);
	/* CPU 1 wakes during it: waits until ready, at most entry + exit. */
	xi = leave(1, 1100);
	assert_int_equal(xi.wait_levels, 1u << 1);
	assert_int_equal(xi.latency_ns, 200 * US);
	assert_int_equal(dstats(1, 0, COFF).latency_paid_ns, 270 * US);
	/* 30 us down: below entry + residency, so "above". */
	assert_int_equal(dstats(1, 0, COFF).above, 1);
	assert_int_equal(dstats(1, 0, COFF).below, 0);
}

/*
 * The governor: called by the last man only, with the domain's
 * aggregated inputs; a shallower answer keeps the parent up (a child
 * votes in its parent only in its deepest state); -1 is rejected;
 * reflect() by the first man with the residency.
 */
static void test_osi_governor(void **s)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned int st;

	assert_int_equal(gov_attached, 2);	/* two cores */
	pidle_model_set_global_qos(m, 777 * US);
	pidle_enter_qos(m, 0, CPUOFF, 0, 5000 * US, 300 * US, &ei);
	assert_int_equal(gov_selects, 0);
	gov_answer = 0;				/* CRET */
	pidle_enter_qos(m, 1, CPUOFF, 10 * US, 4000 * US, S64_MAX, &ei);
	assert_int_equal(gov_selects, 1);
	assert_int_equal(gov_in.now_ns, 10 * US);
	assert_int_equal(gov_in.next_timer_ns, 4000 * US);
	assert_int_equal(gov_in.cpu_qos_ns, 300 * US);
	assert_int_equal(gov_in.global_qos_ns, 777 * US);
	assert_int_equal(gov_in.deepest, 1);
	assert_false(gov_in.ipi_known);
	assert_int_equal(ei.down_state[1], CRET);
	/* Core 1 goes down deepest; the cluster does not: core 0 is CRET. */
	gov_answer = 1;
	enter(2, CPUOFF, 20);
	ei = enter(3, CPUOFF, 30);
	assert_int_equal(gov_selects, 2);
	assert_int_equal(ei.down_levels, 1u << 1);
	assert_false(pidle_model_domain_down(m, 2, 0, &st));
	assert_int_equal(dstats(2, 0, CLOFF).usage, 0);

	xi = leave(0, 2010);		/* core 0: 2000 us in CRET */
	assert_int_equal(gov_reflects, 1);
	assert_int_equal(gov_reflect_state, 0);
	assert_int_equal(gov_reflect_ns, 2000 * US);
	assert_int_equal(xi.latency_ns, 100 * US);
	/* 2000 us >= COFF's entry + residency (1100): CRET was "below". */
	assert_int_equal(dstats(1, 0, CRET).below, 1);
	leave(1, 2500);
	assert_int_equal(gov_reflects, 1);

	/* A refusal: counted rejected at the deepest state, nothing down. */
	gov_answer = -1;
	enter(0, CPUOFF, 3000);
	ei = enter(1, CPUOFF, 3000);
	assert_int_equal(ei.down_levels, 0);
	assert_int_equal(ei.rejected_levels, 1u << 1);
	assert_int_equal(dstats(1, 0, COFF).rejected, 1);
	xi = leave(0, 4000);
	assert_int_equal(xi.up_levels, 0);
	assert_int_equal(xi.latency_ns, 100 * US);
	assert_int_equal(gov_reflects, 1);	/* nothing to reflect */
	leave(1, 4000);
	leave(2, 5000);
	leave(3, 5000);
}

/* A governor is for OSI only, needs ->select(), and a domain level. */
static void test_osi_create_errors(void **s)
{
	static const struct pidle_dgov_ops noselect = { .name = "bad" };
	struct pidle_model_opts o = { .mode = PIDLE_MODE_PC };
	struct pidle_model *mm = NULL;
	struct pidle_states st;
	struct pidle_topology t;
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_states_parse(table, &st, &err), 0);
	assert_int_equal(pidle_topology_parse(topo, 0, &t, &err), 0);
	o.dgov[1] = &gov;
	assert_int_equal(pidle_model_create_opts(&st, &t, &o, &mm, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "OSI mode only"));
	o.mode = PIDLE_MODE_OSI;
	o.dgov[1] = &noselect;
	assert_int_equal(pidle_model_create_opts(&st, &t, &o, &mm, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "->select()"));
	o.dgov[1] = NULL;
	o.dgov[3] = &gov;
	assert_int_equal(pidle_model_create_opts(&st, &t, &o, &mm, &err), -EINVAL);
	assert_null(mm);
	pidle_topology_free(&t);
}

/*
 * OSI with CPU sets of different lengths at cpu level (issue 37): CPUs
 * 0-1 have W and OFF, CPUs 2-3 W, R and OFF. Each set's deepest CPU
 * state is the cpu level's last slot (2), which the cluster hangs off in
 * every set: the cluster goes down when all four are in their own OFF,
 * never while a CPU of the longer set is in R (slot 1, which the short
 * set lacks). A set lacking a domain state is refused in OSI mode.
 */
static void test_osi_sets_different_lengths(void **s)
{
	struct pidle_model_opts o = { .mode = PIDLE_MODE_OSI };
	struct pidle_states st;
	struct pidle_err err = { 0 };
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned int cpu;

	pidle_shim_warnings = 0;
	assert_int_equal(pidle_states_parse("0-1=W:1:1,OFF:100:200,CL:100+300:1000:cluster;"
					    "2-3=W:1:1,R:20:50,OFF:120:250,CL:100+300:1000:cluster",
					    &st, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-3", 0, &tp, &err), 0);
	assert_int_equal(pidle_model_create_opts(&st, &tp, &o, &m, &err), 0);
	assert_int_equal(pidle_model_cpu_nr_own(m, 0), 3);
	assert_int_equal(pidle_model_cpu_slot(m, 0, 1), 2);
	assert_int_equal(pidle_model_cpu_slot(m, 2, 1), 1);
	/* CPU 3 in R: the cluster stays up. */
	enter(0, 2, 10);
	enter(1, 2, 10);
	enter(2, 2, 10);
	ei = enter(3, 1, 10);
	assert_int_equal(ei.down_levels, 0);
	xi = leave(3, 100);
	assert_int_equal(xi.achieved, 1);
	/* All in OFF: down in CL, which CPU 0's first man powers up. */
	ei = enter(3, 2, 200);
	assert_int_equal(ei.down_levels, 1u << 1);
	assert_int_equal(ei.down_state[1], 3);
	xi = leave(0, 5000);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_true(pidle_model_cpu_has_state(m, 0, xi.achieved) ||
		    xi.achieved == 3);
	for (cpu = 1; cpu < 4; cpu++)
		leave(cpu, 6000);
	assert_int_equal(dstats(1, 0, 3).usage, 1);
	pidle_model_destroy(m);
	m = NULL;
	pidle_topology_free(&tp);
	/* A cluster state only one set has: not in OSI mode. */
	assert_int_equal(pidle_states_parse("0-1=W:1:1,OFF:100:200,CL:100+300:1000:cluster;"
					    "2-3=W:1:1,OFF:120:250,CR:50+150:500:cluster,CL:100+300:1000:cluster",
					    &st, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-1,2-3", 0, &tp, &err), 0);
	assert_int_equal(pidle_model_create_opts(&st, &tp, &o, &m, &err), -EINVAL);
	assert_null(m);
	assert_non_null(strstr(err.msg, "mode: osi: set 0 has fewer states at level \"cluster\" than set 1"));
	pidle_topology_free(&tp);
}

/*
 * sm6115's two clusters, each its own CPU set whose cluster states differ
 * (the devicetree import's set per domain; its cluster states' figures,
 * the CPU states' cut so that the tables are ordered): each domain's
 * governor sees its own set's states, and each goes down in its own.
 */
static u64 sets_on_ns[2];
static unsigned int sets_nr[2];

static int sets_gov_select(struct pidle_dgov_domain *d,
			   const struct pidle_dgov_input *in)
{
	sets_nr[d->id] = d->nr_states;
	sets_on_ns[d->id] = d->states[0].power_on_latency_ns;
	return 0;
}

static const struct pidle_dgov_ops sets_gov = {
	.name = "sets",
	.select = sets_gov_select,
};

static void test_osi_sets_domain_states(void **s)
{
	struct pidle_model_opts o = { .mode = PIDLE_MODE_OSI };
	struct pidle_states st;
	struct pidle_err err = { 0 };
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned int cpu;

	pidle_shim_warnings = 0;
	assert_int_equal(pidle_states_parse("0-1=W:1:1,OFF:300:700,CL0:360+421:782:cluster,CLL0:800+2118:7376:cluster;"
					    "2-3=W:1:1,OFF:250:600,CL1:314+345:660:cluster,CLL1:640+1654:8094:cluster",
					    &st, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-1,2-3", 0, &tp, &err), 0);
	o.dgov[1] = &sets_gov;
	if (pidle_model_create_opts(&st, &tp, &o, &m, &err))
		fail_msg("model: %s", err.msg);
	for (cpu = 0; cpu < 4; cpu++)
		enter(cpu, 1, 10 + cpu);
	assert_int_equal(sets_nr[0], 2);
	assert_int_equal(sets_nr[1], 2);
	assert_int_equal(sets_on_ns[0], 421 * US);
	assert_int_equal(sets_on_ns[1], 345 * US);
	/* Cluster 1's first man: its own power-on, 345 us, not 421. */
	xi = leave(2, 10000);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.achieved, 2);
	xi = leave(0, 10000);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.achieved, 2);
	leave(1, 10001);
	leave(3, 10001);
	assert_int_equal(dstats(1, 0, 2).usage, 1);
	assert_int_equal(dstats(1, 1, 2).usage, 1);
	ei = enter(0, 1, 20000);
	assert_int_equal(ei.down_levels, 0);
	leave(0, 20001);
	assert_int_equal(pidle_shim_warnings, 0);
	pidle_model_destroy(m);
	m = NULL;
	pidle_topology_free(&tp);
}

/*
 * Vote groups of 2 on 8 cores of 2 CPUs under one cluster: the cluster's
 * members are the 8 cores, in groups; it goes down with the last core,
 * and its first man's CPU powers up its core and the cluster.
 */
static void test_osi_parent_groups(void **s)
{
	struct pidle_model_opts o = { .mode = PIDLE_MODE_OSI, .vgroup_fanout = 2 };
	struct pidle_states st;
	struct pidle_err err = { 0 };
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned int cpu, r, s2;

	pidle_shim_warnings = 0;
	assert_int_equal(pidle_states_parse(table, &st, &err), 0);
	for (s2 = 0; s2 < st.nr_states; s2++)
		st.state[s2].entry_latency_ns = entry_us[s2] * US;
	assert_int_equal(pidle_topology_parse("core=0-1*8;cluster=0-15", 0, &tp, &err), 0);
	o.dgov[1] = &gov;	/* inputs aggregated: groups in both levels */
	gov_answer = 1;
	assert_int_equal(pidle_model_create_opts(&st, &tp, &o, &m, &err), 0);
	for (r = 0; r < 3; r++) {
		for (cpu = 0; cpu < 16; cpu++) {
			ei = enter((cpu * 7 + r) % 16, CPUOFF, 100 * r + cpu);
			if (cpu < 15)
				assert_int_equal(ei.down_levels & (1u << 2), 0);
		}
		assert_int_equal(ei.down_levels & (1u << 2), 1u << 2);
		xi = leave(r, 100 * r + 50000);
		assert_int_equal(xi.up_levels, (1u << 1) | (1u << 2));
		for (cpu = 0; cpu < 16; cpu++)
			if (cpu != r)
				leave(cpu, 100 * r + 60000);
		assert_int_equal(dstats(2, 0, CLOFF).usage, r + 1);
	}
}

/*
 * A governor that records, per level, what its last ->select() saw, and
 * takes the deepest state.
 */
static struct pidle_dgov_input rec_in[3];
static unsigned int rec_selects[3];

static int rec_select(struct pidle_dgov_domain *d,
		      const struct pidle_dgov_input *in)
{
	assert_true(d->level >= 1 && d->level <= 2);
	rec_in[d->level] = *in;
	rec_selects[d->level]++;
	return in->deepest;
}

static const struct pidle_dgov_ops rec_gov = {
	.name = "rec",
	.select = rec_select,
	.flags = PIDLE_DGOV_IPI,
};

/* The same, without reading the IPI input. */
static const struct pidle_dgov_ops rec_gov_no_ipi = {
	.name = "rec-no-ipi",
	.select = rec_select,
};

/* A fake pending-IPI hook: what it says, and what it was asked. */
static bool hook_known, hook_pending;
static unsigned int hook_calls, hook_nr_cpus;
static unsigned int hook_cpus[8];
static void *hook_data;

static bool hook_peek(void *data, const unsigned int *cpus,
		      unsigned int nr_cpus, bool *pending)
{
	hook_calls++;
	hook_data = data;
	assert_true(nr_cpus <= 8);
	hook_nr_cpus = nr_cpus;
	memcpy(hook_cpus, cpus, nr_cpus * sizeof(*cpus));
	*pending = hook_pending;
	return hook_known;
}

/* The model of test_osi.c's table, @core and @cluster governing, the hook. */
static void setup_levels(const struct pidle_dgov_ops *core,
			 const struct pidle_dgov_ops *cluster, bool hook)
{
	struct pidle_model_opts o = { .mode = PIDLE_MODE_OSI };
	struct pidle_states st;
	struct pidle_err err = { 0 };
	unsigned int s;

	pidle_shim_warnings = 0;
	hook_calls = 0;
	memset(rec_selects, 0, sizeof(rec_selects));
	assert_int_equal(pidle_states_parse(table, &st, &err), 0);
	for (s = 0; s < st.nr_states; s++)
		st.state[s].entry_latency_ns = entry_us[s] * US;
	assert_int_equal(pidle_topology_parse(topo, 0, &tp, &err), 0);
	o.dgov[1] = core;
	o.dgov[2] = cluster;
	if (hook) {
		o.ipi_peek = hook_peek;
		o.ipi_data = &hook_calls;
	}
	if (pidle_model_create_opts(&st, &tp, &o, &m, &err))
		fail_msg("model: %s", err.msg);
}

/*
 * The pending-IPI hook, end to end: called by the last man only, once per
 * decision, with the deciding domain's CPUs (the cluster's: all four);
 * mainline's genpd rejects a state when it says pending, and only then:
 * known and not pending, or unknown (pending ignored), it powers down.
 */
static void test_osi_ipi_hook_genpd(void **s)
{
	static const struct {
		const char *what;
		bool known, pending;
		bool down;
	} cases[] = {
		{ "pending", true, true, false },
		{ "known, none pending", true, false, true },
		{ "unknown, says pending", false, true, true },
		{ "unknown", false, false, true },
	};
	struct pidle_enter_info ei;
	unsigned int i, cpu;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		setup_levels(&pidle_dgov_genpd, &pidle_dgov_genpd, true);
		hook_known = cases[i].known;
		hook_pending = cases[i].pending;

		ei = enter(0, CPUOFF, 0);
		assert_int_equal(hook_calls, 0);	/* not the last man */
		ei = enter(1, WFI, 0);
		assert_int_equal(hook_calls, 0);	/* no vote */
		leave(1, 5);
		ei = enter(1, CPUOFF, 10);
		assert_int_equal(hook_calls, 1);
		assert_ptr_equal(hook_data, &hook_calls);
		assert_int_equal(hook_nr_cpus, 2);
		assert_int_equal(hook_cpus[0], 0);
		assert_int_equal(hook_cpus[1], 1);
		if (cases[i].down) {
			assert_int_equal(ei.down_levels, 1u << 1);
			assert_int_equal(ei.down_state[1], COFF);
			assert_int_equal(dstats(1, 0, COFF).rejected, 0);
		} else {
			assert_int_equal(ei.down_levels, 0);
			assert_int_equal(ei.rejected_levels, 1u << 1);
			assert_int_equal(dstats(1, 0, COFF).rejected, 1);
		}
		enter(2, CPUOFF, 20);
		ei = enter(3, CPUOFF, 30);
		/* Core 1, then (if core 0 is down deepest) the cluster. */
		assert_int_equal(hook_calls, cases[i].down ? 3 : 2);
		if (cases[i].down) {
			assert_int_equal(hook_nr_cpus, 4);
			for (cpu = 0; cpu < 4; cpu++)
				assert_int_equal(hook_cpus[cpu], cpu);
			assert_int_equal(ei.down_levels, (1u << 1) | (1u << 2));
			assert_int_equal(ei.down_state[2], CLOFF);
			assert_int_equal(dstats(2, 0, CLOFF).rejected, 0);
		} else {
			assert_int_equal(ei.down_levels, 0);
			assert_int_equal(dstats(1, 1, COFF).rejected, 1);
		}
		/* The first men's way out calls nothing. */
		for (cpu = 0; cpu < 4; cpu++)
			leave(cpu, 10000 + cpu);
		assert_int_equal(hook_calls, cases[i].down ? 3 : 2);
		teardown(NULL);
	}
}

/*
 * genpd-6.12 has no veto: a pending IPI changes nothing, and the hook is
 * not even asked (it reads every CPU of the domain, interrupts off), nor
 * for any governor without PIDLE_DGOV_IPI; no hook, unknown.
 */
static void test_osi_ipi_hook_no_veto(void **s)
{
	static const struct pidle_dgov_ops *const no_ipi[] = {
		&pidle_dgov_genpd_6_12, &pidle_dgov_genpd_6_1,
		&pidle_dgov_deepest, &rec_gov_no_ipi,
	};
	struct pidle_enter_info ei;
	unsigned int i;

	for (i = 0; i < sizeof(no_ipi) / sizeof(no_ipi[0]); i++) {
		setup_levels(no_ipi[i], NULL, true);
		hook_known = true;
		hook_pending = true;
		enter(0, CPUOFF, 0);
		ei = enter(1, CPUOFF, 0);
		if (hook_calls)
			fail_msg("%s: the IPI hook asked %u times", no_ipi[i]->name,
				 hook_calls);
		assert_int_equal(ei.down_state[1], COFF);
		leave(0, 5000);
		leave(1, 5000);
		teardown(NULL);
	}
	setup_levels(&rec_gov_no_ipi, NULL, true);
	enter(0, CPUOFF, 0);
	enter(1, CPUOFF, 0);
	assert_int_equal(rec_selects[1], 1);
	assert_false(rec_in[1].ipi_known);
	assert_false(rec_in[1].ipi_pending);
	leave(0, 5000);
	leave(1, 5000);
	teardown(NULL);
	/* The built-ins that read it say so. */
	assert_true(pidle_dgov_genpd.flags & PIDLE_DGOV_IPI);
	assert_true(pidle_dgov_predict.flags & PIDLE_DGOV_IPI);

	/* No hook: the governor sees ipi_known false. */
	setup_levels(&rec_gov, NULL, false);
	enter(0, CPUOFF, 0);
	enter(1, CPUOFF, 0);
	assert_int_equal(rec_selects[1], 1);
	assert_false(rec_in[1].ipi_known);
	assert_false(rec_in[1].ipi_pending);
	leave(0, 5000);
	leave(1, 5000);
	/* A hook that cannot tell: pending is forced false with it. */
	teardown(NULL);
	setup_levels(&rec_gov, NULL, true);
	hook_known = false;
	hook_pending = true;
	enter(0, CPUOFF, 0);
	enter(1, CPUOFF, 0);
	assert_false(rec_in[1].ipi_known);
	assert_false(rec_in[1].ipi_pending);
	hook_known = true;
	leave(0, 5000);
	enter(0, CPUOFF, 6000);
	assert_true(rec_in[1].ipi_known);
	assert_true(rec_in[1].ipi_pending);
	leave(0, 9000);
	leave(1, 9000);
	teardown(NULL);
}

/*
 * sub_power_on_ns: 0 for a domain of CPUs; for the cluster, its cores'
 * deepest state's power-on (COFF: 200 us), as each core's max_off_time_ns
 * is its CPUs' constraint less its own power-on latency in genpd.
 */
static void test_osi_sub_power_on(void **s)
{
	setup_levels(&rec_gov, &rec_gov, false);
	enter(0, CPUOFF, 0);
	enter(1, CPUOFF, 0);
	enter(2, CPUOFF, 0);
	enter(3, CPUOFF, 0);
	assert_int_equal(rec_selects[1], 2);
	assert_int_equal(rec_selects[2], 1);
	assert_int_equal(rec_in[1].sub_power_on_ns, 0);
	assert_int_equal(rec_in[2].sub_power_on_ns, 200 * US);
	assert_int_equal(rec_in[2].deepest, 0);
	leave(0, 9000);
	leave(1, 9000);
	leave(2, 9000);
	leave(3, 9000);
	teardown(NULL);
}

/* Both CPUs of core @core into CPUOFF at @t_us with QoS @q0, @q1 (us). */
static void core_down(unsigned int core, u64 t_us, s64 q0, s64 q1)
{
	struct pidle_enter_info ei;

	pidle_enter_qos(m, 2 * core, CPUOFF, t_us * US, NONE,
			q0 < 0 ? S64_MAX : q0 * (s64)US, &ei);
	pidle_enter_qos(m, 2 * core + 1, CPUOFF, t_us * US, NONE,
			q1 < 0 ? S64_MAX : q1 * (s64)US, &ei);
}

static void core_up(unsigned int core, u64 t_us)
{
	leave(2 * core, t_us);
	leave(2 * core + 1, t_us);
}

/*
 * qos_changed: true on a domain's first decision and after any of its
 * CPUs' QoS changed, even when the smallest did not; false otherwise,
 * and for a change of the global QoS (which genpd reads afresh each time
 * and caches nothing from). A parent sees a change that its child saw
 * at a decision the parent was not part of.
 */
static void test_osi_qos_changed(void **s)
{
	setup_levels(&rec_gov, &rec_gov, false);
	core_down(0, 0, 300, 100);
	assert_true(rec_in[1].qos_changed);		/* the first */
	assert_int_equal(rec_in[1].cpu_qos_ns, 100 * US);
	core_up(0, 1000);
	core_down(0, 2000, 300, 100);
	assert_false(rec_in[1].qos_changed);
	core_up(0, 3000);
	core_down(0, 4000, 400, 100);			/* the smallest stays */
	assert_true(rec_in[1].qos_changed);
	assert_int_equal(rec_in[1].cpu_qos_ns, 100 * US);
	core_up(0, 5000);
	pidle_model_set_global_qos(m, 50 * US);
	core_down(0, 6000, 400, 100);
	assert_false(rec_in[1].qos_changed);
	assert_int_equal(rec_in[1].global_qos_ns, 50 * US);

	/* The cluster's first decision; then core 0 changes without it. */
	core_down(1, 7000, -1, -1);
	assert_int_equal(rec_selects[2], 1);
	assert_true(rec_in[2].qos_changed);
	assert_int_equal(rec_in[2].cpu_qos_ns, 100 * US);
	core_up(1, 8000);
	core_up(0, 8000);
	core_down(0, 9000, 400, 200);
	assert_true(rec_in[1].qos_changed);
	core_up(0, 10000);
	core_down(0, 11000, 400, 200);
	assert_false(rec_in[1].qos_changed);
	assert_int_equal(rec_selects[2], 1);
	core_down(1, 12000, -1, -1);
	assert_int_equal(rec_selects[2], 2);
	assert_true(rec_in[2].qos_changed);		/* core 0's, earlier */
	assert_int_equal(rec_in[2].cpu_qos_ns, 200 * US);
	core_up(1, 13000);
	core_up(0, 13000);
	core_down(0, 14000, 400, 200);
	core_down(1, 14000, -1, -1);
	assert_int_equal(rec_selects[2], 3);
	assert_false(rec_in[2].qos_changed);
	core_up(0, 15000);
	core_up(1, 15000);
	teardown(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_osi_last_first_man, setup, teardown),
		cmocka_unit_test_setup_teardown(test_osi_nested_wait, setup, teardown),
		cmocka_unit_test_setup_teardown(test_osi_wake_during_power_down, setup, teardown),
		cmocka_unit_test_setup_teardown(test_osi_governor, setup_gov, teardown),
		cmocka_unit_test(test_osi_create_errors),
		cmocka_unit_test_teardown(test_osi_parent_groups, teardown),
		cmocka_unit_test(test_osi_sets_different_lengths),
		cmocka_unit_test(test_osi_sets_domain_states),
		cmocka_unit_test(test_osi_ipi_hook_genpd),
		cmocka_unit_test(test_osi_ipi_hook_no_veto),
		cmocka_unit_test(test_osi_sub_power_on),
		cmocka_unit_test(test_osi_qos_changed),
	};

	return pidle_unit_run("osi", tests);
}
