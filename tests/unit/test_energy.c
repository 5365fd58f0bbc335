// SPDX-License-Identifier: GPL-2.0
/*
 * cmocka tests of the energy model and its oracle (pidle_energy.c), with a
 * fake clock. Every expected figure is worked out by hand in the comment
 * above it: power in mW times time in us is nJ, so "300 mW x 1100 us"
 * is 330 uJ.
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
#include <linux/slab.h>
#include <pidle/model.h>
#include "unit.h"

#define US	1000ULL
#define UJ	1000ULL		/* nJ */
#define NONE	(~0ULL)

struct fixture {
	struct pidle_topology topo;
	struct pidle_model *m;
};

static struct fixture fx;

static void setup(const char *states, const char *power, const char *topo,
		  enum pidle_policy policy)
{
	struct pidle_states st;
	struct pidle_err err = { 0 };

	pidle_shim_warnings = 0;
	assert_int_equal(pidle_states_parse(states, &st, &err), 0);
	assert_int_equal(pidle_power_parse(power, &st, &err), 0);
	assert_int_equal(pidle_topology_parse(topo, strcmp(topo, "none") ? 0 : 1,
					       &fx.topo, &err), 0);
	if (pidle_model_create(&st, &fx.topo, policy, &fx.m, &err))
		fail_msg("model: %s", err.msg);
}

static int teardown(void **s)
{
	pidle_model_destroy(fx.m);
	pidle_topology_free(&fx.topo);
	fx.m = NULL;
	return 0;
}

static void enter_t(unsigned int cpu, unsigned int state, u64 now_us,
		    u64 timer_us)
{
	pidle_enter(fx.m, cpu, state, now_us * US,
		    timer_us == NONE ? NONE : timer_us * US, NULL);
}

static void enter(unsigned int cpu, unsigned int state, u64 now_us)
{
	enter_t(cpu, state, now_us, NONE);
}

static void leave(unsigned int cpu, u64 now_us)
{
	struct pidle_exit_info xi;

	pidle_exit(fx.m, cpu, now_us * US, &xi);
}

static struct pidle_energy cpu_e(unsigned int cpu, u64 now_us)
{
	struct pidle_energy e;

	pidle_cpu_energy_read(fx.m, cpu, now_us * US, &e);
	return e;
}

static struct pidle_energy dom_e(unsigned int level, unsigned int dom,
				 u64 now_us)
{
	struct pidle_energy e;

	pidle_domain_energy_read(fx.m, level, dom, now_us * US, &e);
	return e;
}

static struct pidle_energy tree_e(unsigned int level, unsigned int dom,
				  u64 now_us)
{
	struct pidle_energy e;

	pidle_subtree_energy_read(fx.m, level, dom, now_us * US, &e);
	return e;
}

#define assert_uj(nj, uj) do { \
	if ((nj) != (uj) * UJ) \
		fail_msg("%s = %llu nJ, want %llu uJ", #nj, \
			 (unsigned long long)(nj), (unsigned long long)(uj)); \
} while (0)

/* One idle period of @cpu in @state from @from_us to @to_us. */
static void period(unsigned int cpu, unsigned int state, u64 from_us,
		   u64 to_us)
{
	enter(cpu, state, from_us);
	leave(cpu, to_us);
}

/* @cpu's energy at @now_us: total, idle and oracle, in uJ; returned. */
static struct pidle_energy expect_cpu_uj(unsigned int cpu, u64 now_us,
					 u64 total, u64 idle, u64 oracle)
{
	struct pidle_energy e = cpu_e(cpu, now_us);

	assert_uj(e.total_nj, total);
	assert_uj(e.idle_nj, idle);
	assert_uj(e.oracle_nj, oracle);
	return e;
}

/* POLL 1000 mW, C1 500 mW, C6 100 mW + 50 uJ per entry; active 1000 mW. */
static const char *flat = "POLL:0:0:cpu:1000,C1:2:2:cpu:500,C6:80:300:cpu:100:50";
enum { F_POLL, F_C1, F_C6 };

static void test_energy_single_cpu(void **s)
{
	struct pidle_energy e;

	setup(flat, "cpu:1000", "none", PIDLE_POLICY_AUTO);
	assert_true(pidle_model_has_energy(fx.m));
	period(0, F_C6, 100, 1100);
	/* C6 100 x 1000 = 100 + 50 entry; active 1000 x (2000 - 1000);
	 * 1000 us: C6 150 < C1 500 < POLL 1000. */
	e = expect_cpu_uj(0, 2000, 1150, 150, 150);
	assert_true(e.periods == 1 && e.elapsed_ns == 2000 * US &&
		    e.down_ns == 1000 * US);

	/* 100 us in C6: 10 + 50 = 60; C1 would be 50 (break-even 125 us).
	 * C6 100 x 1100 + 2 x 50 = 210; active 1000 x 1900. */
	period(0, F_C6, 2000, 2100);
	expect_cpu_uj(0, 3000, 2110, 210, 200);

	/* A period going on counts in the total, not in idle or oracle. */
	enter(0, F_C1, 3000);
	e = cpu_e(0, 3500);
	/* + C1 500 x 500 = 250; active 1000 x (3500 - 1600) = 1900. */
	assert_uj(e.total_nj, 210 + 250 + 1900);
	assert_uj(e.idle_nj, 210);
	assert_true(e.periods == 2);
	leave(0, 3500);
	e = cpu_e(0, 3500);
	assert_uj(e.total_nj, 210 + 250 + 1900);
	/* 500 us: C6 100 is cheapest (50 + 50). */
	assert_uj(e.oracle_nj, 300);
	assert_uj(e.idle_nj, 460);
	assert_true(pidle_shim_warnings == 0);
}

/* The break-even point exactly: C1 and C6 cost the same at 125 us. */
static void test_energy_oracle_break_even(void **s)
{
	struct pidle_energy e;

	setup(flat, "cpu:1000", "none", PIDLE_POLICY_AUTO);
	enter(0, F_POLL, 0);
	leave(0, 124);			/* C1: 62 uJ; C6: 12.4 + 50 */
	e = cpu_e(0, 124);
	assert_uj(e.oracle_nj, 62);
	assert_uj(e.idle_nj, 124);	/* POLL at 1000 mW */
	enter(0, F_POLL, 200);
	leave(0, 325);			/* 125 us: both 62.5 uJ */
	e = cpu_e(0, 325);
	assert_true(e.oracle_nj == 62 * UJ + 62500);
	enter(0, F_POLL, 400);
	leave(0, 526);			/* 126 us: C6 62.6, C1 63 */
	e = cpu_e(0, 526);
	assert_true(e.oracle_nj == 62 * UJ + 62500 + 62600);
}

/*
 * A 2-thread core: C1 300 mW at CPU level, CC6 the core's own 50 mW + 20 uJ
 * when down; a CPU's active power 1000 mW, the core's up power 200 mW.
 */
static const char *core_tbl =
	"POLL:0:0:cpu:1000,C1:2:2:cpu:300,CC6:100:400:core:50:20";
enum { K_POLL, K_C1, K_CC6 };

static void test_energy_core_last_first_man_waiter(void **s)
{
	struct pidle_energy e;

	setup(core_tbl, "cpu:1000,core:200", "core=0-1", PIDLE_POLICY_AUTO);
	enter(0, K_CC6, 0);
	enter(1, K_CC6, 100);		/* last man: core down 100 .. 1100 */
	leave(0, 1100);			/* first man, ready at 1200 */
	leave(1, 1150);			/* waiter */
	/* CPU 0: C1 (its fallback) 300 x 1100 = 330; active 1000 x 900. */
	e = cpu_e(0, 2000);
	assert_uj(e.total_nj, 1230);
	assert_uj(e.idle_nj, 330);
	assert_uj(e.oracle_nj, 330);
	/* CPU 1: C1 300 x 1050 = 315; active 1000 x 950. */
	e = cpu_e(1, 2000);
	assert_uj(e.total_nj, 1265);
	/* Core: 50 x 1000 + 20 = 70; up 200 x (2000 - 1000) = 200. */
	e = dom_e(1, 0, 2000);
	assert_uj(e.total_nj, 270);
	assert_uj(e.idle_nj, 70);
	/* The oracle for 1000 us: up 200 x 1000 = 200 or CC6 70. */
	assert_uj(e.oracle_nj, 70);
	assert_true(e.periods == 1 && e.down_ns == 1000 * US);
	e = tree_e(1, 0, 2000);
	assert_uj(e.total_nj, 1230 + 1265 + 270);
	e = tree_e(0, 0, 2000);
	assert_uj(e.total_nj, 1230 + 1265 + 270);
	assert_true(pidle_shim_warnings == 0);
}

/* A CPU asking for CC6 while its sibling is busy: the core stays up. */
static void test_energy_demotion(void **s)
{
	struct pidle_energy e;

	setup(core_tbl, "cpu:1000,core:200", "core=0-1", PIDLE_POLICY_AUTO);
	enter(0, K_CC6, 0);
	leave(0, 1000);
	/* As a CPU it was in C1 either way: 300 x 1000. */
	e = cpu_e(0, 1000);
	assert_uj(e.total_nj, 300);
	assert_uj(e.oracle_nj, 300);
	/* The core paid for the demotion: up 200 x 1000, no voted period. */
	e = dom_e(1, 0, 1000);
	assert_uj(e.total_nj, 200);
	assert_true(e.idle_nj == 0 && e.oracle_nj == 0 && e.periods == 0);
	e = cpu_e(1, 1000);
	assert_uj(e.total_nj, 1000);
}

/* The timer policy keeps the core up: priced at up power, oracle CC6. */
static void test_energy_kept_up_by_policy(void **s)
{
	struct pidle_energy e;

	setup(core_tbl, "cpu:1000,core:200", "core=0-1", PIDLE_POLICY_TIMER);
	enter_t(0, K_CC6, 0, 100);
	enter_t(1, K_CC6, 0, 100);	/* 100 us to the timer < 400: rejected */
	leave(0, 1000);
	leave(1, 1000);
	e = dom_e(1, 0, 1000);
	assert_uj(e.total_nj, 200);
	assert_uj(e.idle_nj, 200);	/* a voted period of 1000 us, up */
	assert_uj(e.oracle_nj, 70);	/* CC6: 50 + 20 */
	assert_true(e.periods == 1 && e.down_ns == 0);
}

/*
 * 2 packages x 2 cores x 2 threads. Core: CC6 50 mW + 20 uJ; package: PC6
 * 100 mW + 200 uJ; up powers core 200 mW, package 2000 mW.
 */
static const char *pkg_tbl =
	"POLL:0:0:cpu:1000,C1:2:2:cpu:300,CC6:100:400:core:50:20,"
	"PC6:300:1200:package:100:200";
enum { P_POLL, P_C1, P_CC6, P_PC6 };

static void test_energy_2x2x2_package(void **s)
{
	struct pidle_energy e;

	setup(pkg_tbl, "cpu:1000,core:200,package:2000",
	      "core=0-1,2-3,4-5,6-7;package=0-3,4-7", PIDLE_POLICY_AUTO);
	enter(0, P_PC6, 0);
	enter(1, P_PC6, 0);		/* core 0 down 0 .. 1100 */
	enter(2, P_PC6, 0);
	enter(3, P_PC6, 100);		/* core 1 and package 0 down from 100 */
	leave(0, 1100);			/* first man of both; package ready 1400 */
	leave(1, 1200);			/* waits for the package */
	leave(2, 1300);			/* first man of core 1; waits too */
	leave(3, 1500);

	/* CPUs in C1 (300 mW): 1100, 1200, 1300, 1400 us; the rest active. */
	assert_uj(cpu_e(0, 2000).total_nj, 330 + 900);
	assert_uj(cpu_e(1, 2000).total_nj, 360 + 800);
	assert_uj(cpu_e(2, 2000).total_nj, 390 + 700);
	assert_uj(cpu_e(3, 2000).total_nj, 420 + 600);
	/* Core 0: 50 x 1100 + 20 = 75, up 200 x 900 = 180. */
	assert_uj(dom_e(1, 0, 2000).total_nj, 255);
	/* Core 1: 50 x 1200 + 20 = 80, up 200 x 800 = 160. */
	assert_uj(dom_e(1, 1, 2000).total_nj, 240);
	/* Package 0: 100 x 1000 + 200 = 300, up 2000 x 1000 = 2000. */
	e = dom_e(2, 0, 2000);
	assert_uj(e.total_nj, 2300);
	assert_uj(e.idle_nj, 300);
	assert_uj(e.oracle_nj, 300);	/* up would be 2000 */
	assert_uj(tree_e(2, 0, 2000).total_nj, 7295);
	/* Package 1, all busy: 4 x 2000 + 2 x 400 + 4000. */
	assert_uj(tree_e(2, 1, 2000).total_nj, 12800);
	assert_uj(tree_e(0, 0, 2000).total_nj, 7295 + 12800);
	/* Core 1 voted from 100 to 1300: CC6 50 x 1200 + 20 = 80. */
	assert_uj(dom_e(1, 1, 2000).oracle_nj, 80);
	assert_true(pidle_shim_warnings == 0);
}

/* Offline: the deepest CPU-level state's power, out of idle and oracle. */
static void test_energy_offline(void **s)
{
	struct pidle_energy e;

	setup(flat, "cpu:1000", "none", PIDLE_POLICY_AUTO);
	pidle_cpu_offline(fx.m, 0, 1000 * US);
	e = cpu_e(0, 1500);		/* active 1000, C6 100 x 500 = 50 */
	assert_uj(e.total_nj, 1050);
	pidle_cpu_online(fx.m, 0, 3000 * US);
	e = cpu_e(0, 4000);		/* C6 100 x 2000 = 200; active 2000 */
	assert_uj(e.total_nj, 2200);
	assert_true(e.idle_nj == 0 && e.oracle_nj == 0 && e.periods == 0);
	assert_true(e.down_ns == 2000 * US);
}

/* A reset during an idle period: the period counts whole, after it. */
static void test_energy_reset_mid_period(void **s)
{
	struct pidle_energy e;

	setup(flat, "cpu:1000", "none", PIDLE_POLICY_AUTO);
	enter(0, F_C6, 100);
	leave(0, 1100);
	enter(0, F_C1, 3000);
	pidle_stats_reset(fx.m, 3500 * US);
	e = cpu_e(0, 3500);
	/* Epoch 3000: C1 500 x 500 so far, nothing active. */
	assert_uj(e.total_nj, 250);
	assert_true(e.idle_nj == 0 && e.periods == 0);
	leave(0, 4000);
	e = cpu_e(0, 5000);
	/* C1 500 x 1000 = 500; active 1000 x 1000. */
	assert_uj(e.total_nj, 1500);
	assert_uj(e.idle_nj, 500);
	assert_uj(e.oracle_nj, 150);	/* 1000 us: C6 100 + 50 */
	assert_true(e.elapsed_ns == 2000 * US);
}

/* A domain reset while it is down, and a per-CPU reset beside it. */
static void test_energy_reset_domain_down(void **s)
{
	struct pidle_energy e;

	setup(core_tbl, "cpu:1000,core:200", "core=0-1", PIDLE_POLICY_AUTO);
	enter(0, K_CC6, 0);
	enter(1, K_CC6, 100);		/* down from 100 */
	pidle_domain_stats_reset(fx.m, 1, 0, 600 * US);
	pidle_cpu_stats_reset(fx.m, 1, 600 * US);	/* epoch: its entry, 100 */
	leave(0, 1100);
	leave(1, 1100);
	e = dom_e(1, 0, 1100);		/* epoch 100: down 1000 us: 70 */
	assert_uj(e.total_nj, 70);
	assert_uj(e.idle_nj, 70);
	e = cpu_e(1, 1100);		/* C1 300 x 1000 */
	assert_uj(e.total_nj, 300);
	assert_true(e.elapsed_ns == 1000 * US);
}

/*
 * A reconfiguration is a new model, put in force with a reset at the
 * switch (pidle_reconfig.c): its energy counts from the switch, and the old
 * model's ends where it was. Nothing is carried over.
 */
static void test_energy_reconfiguration_resets(void **s)
{
	struct pidle_states st;
	struct pidle_err err = { 0 };
	struct pidle_model *next;
	struct pidle_energy e;

	setup(flat, "cpu:1000", "none", PIDLE_POLICY_AUTO);
	enter(0, F_C6, 0);
	leave(0, 1000);
	assert_uj(cpu_e(0, 1000).total_nj, 150);
	/* The write: C6 now 200 mW, active 2000 mW; in force at 1000 us. */
	assert_int_equal(pidle_states_parse("POLL:0:0:cpu:1000,C6:80:300:cpu:200",
					    &st, &err), 0);
	assert_int_equal(pidle_power_parse("cpu:2000", &st, &err), 0);
	assert_int_equal(pidle_model_create(&st, &fx.topo, PIDLE_POLICY_AUTO,
					    &next, &err), 0);
	pidle_stats_reset(next, 1000 * US);
	pidle_enter(next, 0, 1, 1000 * US, NONE, NULL);
	pidle_exit(next, 0, 1500 * US, NULL);
	pidle_cpu_energy_read(next, 0, 2000 * US, &e);
	/* C6 200 x 500 = 100; active 2000 x 500 = 1000. */
	assert_uj(e.total_nj, 1100);
	pidle_model_destroy(next);
}

static void test_energy_no_power(void **s)
{
	struct pidle_energy e;

	setup("POLL:0:0,C1:2:2", "none", "none", PIDLE_POLICY_AUTO);
	assert_false(pidle_model_has_energy(fx.m));
	enter(0, 1, 0);
	leave(0, 1000);
	e = cpu_e(0, 2000);
	assert_true(e.total_nj == 0 && e.idle_nj == 0 && e.oracle_nj == 0);
	assert_true(e.elapsed_ns == 2000 * US && e.periods == 1);
}

/* Power only in power=: energy is available, idle states are free. */
static void test_energy_only_active_power(void **s)
{
	setup("POLL:0:0,C1:2:2", "cpu:100", "none", PIDLE_POLICY_AUTO);
	assert_true(pidle_model_has_energy(fx.m));
	enter(0, 1, 0);
	leave(0, 1000);
	assert_uj(cpu_e(0, 3000).total_nj, 200);
}

/*
 * The oracle is the cheapest state for each length: random tables and
 * period lengths against a brute-force minimum, one period at a time, and
 * never above what the CPU paid.
 */
static void test_energy_oracle_is_minimum(void **s)
{
	unsigned int seed = 12345, round, i, s_;
	char tbl[512];

	for (round = 0; round < 200; round++) {
		unsigned int n = 2 + rand_r(&seed) % 5, p[8], e[8];
		u64 t = 0, prev_oracle = 0, prev_idle = 0;
		int len = 0;

		for (i = 0; i < n; i++) {
			p[i] = rand_r(&seed) % 2000;
			e[i] = rand_r(&seed) % 4 ? rand_r(&seed) % 500 : 0;
			len += snprintf(tbl + len, sizeof(tbl) - len,
					"%sS%u:%u:%u:cpu:%u:%u", i ? "," : "",
					i, i, i, p[i], e[i]);
		}
		setup(tbl, "cpu:500", "none", PIDLE_POLICY_AUTO);
		for (i = 0; i < 50; i++) {
			u64 d = rand_r(&seed) % 3 ? rand_r(&seed) % 2000000 :
				rand_r(&seed) % 20000;
			unsigned int st = rand_r(&seed) % n;
			unsigned __int128 best = ~(unsigned __int128)0, c;
			struct pidle_energy en;
			u64 want_idle;

			pidle_enter(fx.m, 0, st, t, NONE, NULL);
			pidle_exit(fx.m, 0, t + d, NULL);
			t += d + 1000;
			for (s_ = 0; s_ < n; s_++) {
				c = (unsigned __int128)p[s_] * d +
				    (unsigned __int128)e[s_] * 1000000ULL;
				if (c < best)
					best = c;
			}
			pidle_cpu_energy_read(fx.m, 0, t, &en);
			/* Per period, in pJ: the sums' floors move by about it. */
			want_idle = (u64)(((unsigned __int128)p[st] * d +
					  (unsigned __int128)e[st] * 1000000ULL) / 1000);
			if (en.oracle_nj - prev_oracle + 1 < (u64)(best / 1000) ||
			    en.oracle_nj - prev_oracle > (u64)(best / 1000) + 1)
				fail_msg("table %s, %llu ns: oracle +%llu nJ, minimum %llu nJ",
					 tbl, (unsigned long long)d,
					 (unsigned long long)(en.oracle_nj - prev_oracle),
					 (unsigned long long)(best / 1000));
			if (en.idle_nj - prev_idle + 1 < want_idle ||
			    en.idle_nj - prev_idle > want_idle + 1)
				fail_msg("table %s, state %u, %llu ns: idle +%llu nJ, want %llu",
					 tbl, st, (unsigned long long)d,
					 (unsigned long long)(en.idle_nj - prev_idle),
					 (unsigned long long)want_idle);
			assert_true(en.oracle_nj <= en.idle_nj);
			prev_oracle = en.oracle_nj;
			prev_idle = en.idle_nj;
		}
		teardown(NULL);
	}
}

/*
 * A domain's periods are kept by class of length (pidle_model_priv.h,
 * struct pidle_period_class), and usage, residency, too deep, above,
 * below, latency paid and the oracle's price are derived from the classes
 * when read. Property: on random tables and period lengths (every
 * threshold, one below and one above, among them), each equals its
 * direct per-period sum, before and after a reset in the middle.
 */
struct pc_want {
	u64 usage[4], resid[4], too_deep[4], above[4], below[4], lat[4];
	u64 rejected[4];
	unsigned __int128 idle_pj, oracle_pj;
	u64 periods;
};

static void pc_check(const struct pc_want *w, unsigned int n,
		     const unsigned int *cs, u64 now_ns, const char *tbl)
{
	struct pidle_domain_stats st;
	struct pidle_energy e;
	unsigned int k;

	for (k = 0; k < n; k++) {
		pidle_domain_stats_read(fx.m, 1, 0, cs[k], &st);
		if (st.usage != w->usage[k] || st.residency_ns != w->resid[k] ||
		    st.too_deep != w->too_deep[k] || st.above != w->above[k] ||
		    st.below != w->below[k] || st.latency_paid_ns != w->lat[k] ||
		    st.rejected != w->rejected[k])
			fail_msg("%s state %u: usage %llu/%llu residency %llu/%llu too deep %llu/%llu above %llu/%llu below %llu/%llu latency %llu/%llu rejected %llu/%llu",
				 tbl, k, st.usage, w->usage[k], st.residency_ns,
				 w->resid[k], st.too_deep, w->too_deep[k], st.above,
				 w->above[k], st.below, w->below[k],
				 st.latency_paid_ns, w->lat[k], st.rejected,
				 w->rejected[k]);
	}
	pidle_domain_energy_read(fx.m, 1, 0, now_ns, &e);
	if (e.idle_nj != (u64)(w->idle_pj / 1000) ||
	    e.oracle_nj != (u64)(w->oracle_pj / 1000) || e.periods != w->periods)
		fail_msg("%s: idle %llu/%llu nJ oracle %llu/%llu nJ periods %llu/%llu",
			 tbl, e.idle_nj, (u64)(w->idle_pj / 1000), e.oracle_nj,
			 (u64)(w->oracle_pj / 1000), e.periods, w->periods);
}

static void test_energy_domain_period_classes(void **s)
{
	unsigned int seed = 2718, round, i, k;

	for (round = 0; round < 300; round++) {
		unsigned int n = 1 + rand_r(&seed) % 4, cs[4], up_mw;
		u64 entry[4], exitl[4], target[4], p[4], e[4], thr[16];
		enum pidle_policy pol = rand_r(&seed) % 2 ? PIDLE_POLICY_TIMER :
					PIDLE_POLICY_AUTO;
		struct pc_want w;
		unsigned int nthr = 0;
		char tbl[512], pw[64];
		u64 t = 1000000;
		int len;

		len = snprintf(tbl, sizeof(tbl), "POLL:0:0:cpu:900,C1:2:2:cpu:700");
		for (k = 0; k < n; k++) {
			/* entry + exit may not decrease along the table */
			entry[k] = (k ? entry[k - 1] : 0) +
				   (rand_r(&seed) % 3 ? rand_r(&seed) % 15 : 0);
			exitl[k] = 10 + 30 * k + rand_r(&seed) % 20;
			target[k] = 60 + 150 * k + rand_r(&seed) % 100;
			p[k] = rand_r(&seed) % 4 ? rand_r(&seed) % 600 : 0;
			e[k] = rand_r(&seed) % 3 ? rand_r(&seed) % 300 : 0;
			cs[k] = 2 + k;
			len += snprintf(tbl + len, sizeof(tbl) - len,
					",D%u:%llu+%llu:%llu:core:%llu:%llu", k,
					entry[k], exitl[k], target[k], p[k], e[k]);
			thr[nthr++] = target[k] * US;
			thr[nthr++] = (entry[k] + target[k]) * US;
		}
		up_mw = rand_r(&seed) % 800;
		snprintf(pw, sizeof(pw), "cpu:500,core:%u", up_mw);
		setup(tbl, pw, "core=0", pol);
		memset(&w, 0, sizeof(w));
		for (i = 0; i < 120; i++) {
			u64 d, best, c, timer;
			unsigned int st = rand_r(&seed) % n, down = st;
			bool kept = false;
			int j;

			if (i % 3 == 0 && nthr)
				d = thr[rand_r(&seed) % nthr] + rand_r(&seed) % 3 - 1;
			else
				d = rand_r(&seed) % 3 ? rand_r(&seed) % 1500000 :
				    rand_r(&seed) % 30000000;
			/* timer: the next timer anywhere from now to 2 ms on. */
			timer = t + rand_r(&seed) % 2000000;
			pidle_enter(fx.m, 0, cs[st], t,
				    pol == PIDLE_POLICY_TIMER ? timer : NONE, NULL);
			if (pol == PIDLE_POLICY_TIMER) {
				for (j = st; j >= 0; j--)
					if (target[j] * US <= timer - t)
						break;
				if (j < (int)st)
					w.rejected[st]++;
				kept = j < 0;
				down = kept ? 0 : (unsigned int)j;
			}
			pidle_exit(fx.m, 0, t + d, NULL);
			w.periods++;
			if (kept) {
				w.idle_pj += (unsigned __int128)up_mw * d;
			} else {
				w.usage[down]++;
				w.resid[down] += d;
				if (d < target[down] * US)
					w.too_deep[down]++;
				if (d < (entry[down] + target[down]) * US)
					w.above[down]++;
				else if (down + 1 < n &&
					 d >= (entry[down + 1] + target[down + 1]) * US)
					w.below[down]++;
				w.lat[down] += (entry[down] + exitl[down]) * US;
				w.idle_pj += (unsigned __int128)p[down] * d +
					     (unsigned __int128)e[down] * 1000000;
			}
			best = up_mw * d;
			for (k = 0; k < n; k++) {
				c = p[k] * d + e[k] * 1000000;
				if (c < best)
					best = c;
			}
			w.oracle_pj += best;
			t += d + 1000;
			if (i == 60) {
				/* A reset: everything counts from here. */
				pidle_domain_stats_reset(fx.m, 1, 0, t);
				memset(&w, 0, sizeof(w));
			}
		}
		pc_check(&w, n, cs, t, tbl);
		teardown(NULL);
	}
}

/* Long runs at the largest powers: no overflow for a day of 1 kW. */
static void test_energy_no_overflow(void **s)
{
	const u64 day_ns = 86400ULL * 1000000000ULL;
	struct pidle_energy e;

	setup("C1:2:2:cpu:1000000:1000000", "cpu:1000000", "none",
	      PIDLE_POLICY_AUTO);
	enter(0, 0, 0);
	pidle_exit(fx.m, 0, day_ns, NULL);
	pidle_cpu_energy_read(fx.m, 0, 2 * day_ns, &e);
	/* 1 kW for 2 days = 172.8 MJ, plus 1 J for the entry. */
	if (e.total_nj != 172800001ULL * 1000000000ULL)
		fail_msg("total %llu nJ", (unsigned long long)e.total_nj);
}

/*
 * Readers see one history (issue 28 item 2(c)): two CPUs enter and leave
 * idle, each with its window between its clock read and the model call
 * stretched by a sleep, while this thread reads every node's energy at an
 * ever later time. No read may be below an earlier one. The powers make
 * both mistakes possible: POLL draws more than an active CPU and PC6 more
 * than its package up (a wake-up counted late reads smaller), C1 and CC6
 * less (an entry counted late reads smaller). Without pidle_clock_begin()
 * (the control) the same run goes backwards; its count is printed.
 */
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

static u64 mono_clk;		/* the fake clock: every read advances it */
static int mono_done, mono_use_begin;
static struct pidle_model *mono_m;

static u64 mono_now(u64 step)
{
	return __atomic_add_fetch(&mono_clk, step, __ATOMIC_SEQ_CST);
}

static void *mono_worker(void *arg)
{
	unsigned int cpu = (unsigned int)(uintptr_t)arg, i;
	unsigned long long x = 0x9e3779b97f4a7c15ULL * (cpu + 1);

	for (i = 0; i < 300; i++) {
		unsigned int state;
		u64 t;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		state = x % 4;
		if (mono_use_begin)
			pidle_clock_begin(mono_m, cpu);
		t = mono_now(1000);
		usleep(100);		/* the window, stretched */
		pidle_enter(mono_m, cpu, state, t, NONE, NULL);
		usleep(x % 200);
		if (mono_use_begin)
			pidle_clock_begin(mono_m, cpu);
		t = mono_now(1000);
		usleep(100);
		pidle_exit(mono_m, cpu, t, NULL);
		usleep(x % 100);
	}
	__atomic_add_fetch(&mono_done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static unsigned long mono_run(bool use_begin)
{
	struct pidle_states st;
	struct pidle_topology topo;
	struct pidle_err err = { 0 };
	struct pidle_energy e;
	u64 last[6] = { 0 };
	unsigned long backwards = 0, reads = 0;
	pthread_t th[2];
	unsigned int i, n;

	assert_int_equal(pidle_states_parse("POLL:0:0:cpu:3000,C1:2:2:cpu:100,CC6:50:100:core:10,PC6:200:600:package:2000",
					    &st, &err), 0);
	assert_int_equal(pidle_power_parse("cpu:1000,core:500,package:1000", &st, &err), 0);
	assert_int_equal(pidle_topology_parse("core=0-1;package=0-1", 0, &topo, &err), 0);
	assert_int_equal(pidle_model_create(&st, &topo, PIDLE_POLICY_AUTO, &mono_m, &err), 0);
	mono_clk = 0;
	mono_use_begin = use_begin;
	__atomic_store_n(&mono_done, 0, __ATOMIC_SEQ_CST);
	for (i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&th[i], NULL, mono_worker,
						(void *)(uintptr_t)i), 0);
	for (n = 0; n < 2;) {
		u64 t = mono_now(10), v[6];

		pidle_cpu_energy_read(mono_m, 0, t, &e);
		v[0] = e.total_nj;
		pidle_cpu_energy_read(mono_m, 1, t, &e);
		v[1] = e.total_nj;
		pidle_domain_energy_read(mono_m, 1, 0, t, &e);
		v[2] = e.total_nj;
		pidle_domain_energy_read(mono_m, 2, 0, t, &e);
		v[3] = e.total_nj;
		pidle_subtree_energy_read(mono_m, 0, 0, t, &e);
		v[4] = e.total_nj;
		v[5] = pidle_domain_residency_ns(mono_m, 2, 0, 3, t) +
		       pidle_domain_residency_ns(mono_m, 1, 0, 2, t);
		for (i = 0; i < 6; i++) {
			if (v[i] < last[i] && backwards++ < 5)
				printf("# read %u at %llu ns: %llu after %llu\n", i,
				       (unsigned long long)t, (unsigned long long)v[i],
				       (unsigned long long)last[i]);
			last[i] = v[i];
		}
		reads++;
		/* Both workers done: one more round of reads, then stop. */
		if (__atomic_load_n(&mono_done, __ATOMIC_SEQ_CST) == 2)
			n++;
		sched_yield();
	}
	for (i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	printf("# energy reads %s pidle_clock_begin(): %lu rounds, %lu went backwards\n",
	       use_begin ? "with" : "without", reads, backwards);
	pidle_model_destroy(mono_m);
	pidle_topology_free(&topo);
	return backwards;
}

static void test_energy_reads_never_go_backwards(void **s)
{
	pidle_shim_warnings = 0;
	mono_run(false);
	assert_int_equal(mono_run(true), 0);
	assert_int_equal(pidle_shim_warnings, 0);
}

/*
 * Energy per CPU kind and per domain (issue 37): a little CPU idles at
 * 10 mW, a big one at 100 mW; the little cluster is down at 20 mW, the
 * big one at 200 mW. Each is priced with its own table (mW x us = nJ).
 */
static void test_energy_per_kind_and_domain(void **s)
{
	struct pidle_energy e;
	unsigned int cpu;

	setup("0-1=WFI:1:1:cpu:10,CL0:500+1600:3500:cluster:20;"
	      "2-3=WFI:1:1:cpu:100,CL1:800+2900:3500:cluster:200",
	      "cluster:1000", "cluster=0-1,2-3", PIDLE_POLICY_AUTO);
	/* CPU-level idle, one CPU of each cluster, 1000 us. */
	enter(0, 0, 0);
	enter(2, 0, 0);
	leave(0, 1000);
	leave(2, 1000);
	assert_true(cpu_e(0, 1000).total_nj == 10 * 1000);
	assert_true(cpu_e(2, 1000).total_nj == 100 * 1000);
	assert_true(cpu_e(0, 1000).oracle_nj == 10 * 1000);
	assert_true(cpu_e(2, 1000).oracle_nj == 100 * 1000);
	/* Each cluster down 10 ms, from 1000 us to 11000 us. */
	for (cpu = 0; cpu < 4; cpu++)
		enter(cpu, 1, 1000);
	for (cpu = 0; cpu < 4; cpu++)
		leave(cpu, 11000);
	pidle_domain_energy_read(fx.m, 1, 0, 11000 * US, &e);
	/* Down 10 ms at 20 mW, up 1 ms at 1000 mW. */
	assert_true(e.down_ns == 10000 * US);
	assert_true(e.total_nj == 20 * 10000 + 1000 * 1000);
	assert_true(e.idle_nj == 20 * 10000);
	pidle_domain_energy_read(fx.m, 1, 1, 11000 * US, &e);
	assert_true(e.down_ns == 10000 * US);
	assert_true(e.total_nj == 200 * 10000 + 1000 * 1000);
	assert_true(e.idle_nj == 200 * 10000);
	/* The oracle, each table's own: 10 ms is worth going down in both. */
	assert_true(e.oracle_nj == 200 * 10000);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * power= per set (issue 37, item 3), Juno's EAS figures: a little CPU
 * (A53: WFI 6, active 93, cluster up 57, cluster-sleep 17) and a big one
 * (A57: WFI 15, active 616, cluster up 64, cluster-sleep 24) idle the
 * same way, and each accrues at its own set's powers (mW x us = nJ).
 */
static void test_energy_power_per_set(void **s)
{
	struct pidle_energy e;

	setup("0-3=WFI:1:1:cpu:6,cpu-sleep-0:1500:2000,cluster-sleep-0:1600:2500:cluster:17;"
	      "4-5=WFI:1:1:cpu:15,cpu-sleep-0:1500:2000,cluster-sleep-0:1600:2500:cluster:24",
	      "0-3=cpu:93,cluster:57;4-5=cpu:616,cluster:64",
	      "cluster=0-3,4-5", PIDLE_POLICY_AUTO);
	/* CPU 0 and CPU 4: busy 0-1000, WFI 1000-3000, busy to 4000. */
	enter(0, 0, 1000);
	enter(4, 0, 1000);
	leave(0, 3000);
	leave(4, 3000);
	/* Little: 93 x 2000 + 6 x 2000 = 198000 nJ. */
	assert_uj(cpu_e(0, 4000).total_nj, 198);
	/* Big: 616 x 2000 + 15 x 2000 = 1262000 nJ. */
	assert_uj(cpu_e(4, 4000).total_nj, 1262);
	/* The idle period alone: 6 x 2000 and 15 x 2000. */
	assert_uj(cpu_e(0, 4000).idle_nj, 12);
	assert_uj(cpu_e(4, 4000).idle_nj, 30);
	/* CPUs 1 and 5 never idle: active power the whole 4000 us. */
	assert_uj(cpu_e(1, 4000).total_nj, 372);	/* 93 x 4000 */
	assert_uj(cpu_e(5, 4000).total_nj, 2464);	/* 616 x 4000 */
	/* Each cluster up the whole time, at its own up power. */
	assert_uj(dom_e(1, 0, 4000).total_nj, 228);	/* 57 x 4000 */
	assert_uj(dom_e(1, 1, 4000).total_nj, 256);	/* 64 x 4000 */
	pidle_domain_energy_read(fx.m, 1, 1, 4000 * US, &e);
	assert_true(e.down_ns == 0);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * The oracle per set: a cluster's "stay up" line is its own set's up
 * power. Little cluster: up 10, CL 5 mW with 1000 uJ to enter, break-even
 * 1000 uJ / 5 mW = 200 ms; big: up 1000, CL 5 mW, 1000 uJ, break-even
 * 1000 uJ / 995 mW = 1005.03 us. Both clusters down 10 ms: the oracle
 * keeps the little one up (10 x 10000 = 100 uJ, not 5 x 10000 + 1000 =
 * 1050 uJ) and the big one down (1050 uJ, not 10000 uJ).
 */
static void test_energy_oracle_per_set(void **s)
{
	unsigned int cpu;

	setup("0-1=WFI:1:1,CL:100:3000:cluster:5:1000;"
	      "2-3=WFI:1:1,CL:100:3000:cluster:5:1000",
	      "0-1=cluster:10;2-3=cluster:1000", "cluster=0-1,2-3",
	      PIDLE_POLICY_AUTO);
	for (cpu = 0; cpu < 4; cpu++)
		enter(cpu, 1, 0);
	for (cpu = 0; cpu < 4; cpu++)
		leave(cpu, 10000);
	/* Actual: both down 10 ms (less the 100 us exit: the first man's). */
	assert_uj(dom_e(1, 0, 10000).oracle_nj, 100);
	assert_uj(dom_e(1, 1, 10000).oracle_nj, 1050);
	assert_uj(dom_e(1, 0, 10000).idle_nj, 1050);
	assert_uj(dom_e(1, 1, 10000).idle_nj, 1050);
	assert_true(pidle_shim_warnings == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_energy_single_cpu, teardown),
		cmocka_unit_test_teardown(test_energy_oracle_break_even, teardown),
		cmocka_unit_test_teardown(test_energy_core_last_first_man_waiter, teardown),
		cmocka_unit_test_teardown(test_energy_demotion, teardown),
		cmocka_unit_test_teardown(test_energy_kept_up_by_policy, teardown),
		cmocka_unit_test_teardown(test_energy_2x2x2_package, teardown),
		cmocka_unit_test_teardown(test_energy_offline, teardown),
		cmocka_unit_test_teardown(test_energy_reset_mid_period, teardown),
		cmocka_unit_test_teardown(test_energy_reset_domain_down, teardown),
		cmocka_unit_test_teardown(test_energy_reconfiguration_resets, teardown),
		cmocka_unit_test_teardown(test_energy_no_power, teardown),
		cmocka_unit_test_teardown(test_energy_only_active_power, teardown),
		cmocka_unit_test(test_energy_oracle_is_minimum),
		cmocka_unit_test(test_energy_domain_period_classes),
		cmocka_unit_test_teardown(test_energy_no_overflow, teardown),
		cmocka_unit_test(test_energy_reads_never_go_backwards),
		cmocka_unit_test_teardown(test_energy_per_kind_and_domain, teardown),
		cmocka_unit_test_teardown(test_energy_power_per_set, teardown),
		cmocka_unit_test_teardown(test_energy_oracle_per_set, teardown),
	};
	return pidle_unit_run("energy", tests);
}
