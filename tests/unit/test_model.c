// SPDX-License-Identifier: GPL-2.0
/*
 * cmocka tests of the hierarchy model (Documentation/admin-guide.rst,
 * "The Hierarchy"; Documentation/design.rst, "Hierarchy model"), scenario by
 * scenario, with a fake clock: every time is an explicit nanosecond value.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "unit.h"
#include <linux/bug.h>
#include <linux/slab.h>
#include <pidle/model.h>

#define US	1000ULL
#define NONE	(~0ULL)

/* POLL, C1 (cpu); CC6 100/400 us (core); PC6 300/1200 us (package). */
static const char *table = "POLL:0:0,C1:2:2,CC6:100:400:core,PC6:300:1200:package";
enum { POLL, C1, CC6, PC6 };

struct fixture {
	struct pidle_topology topo;
	struct pidle_model *m;
};

static struct fixture fx;

static void setup_model(const char *states, const char *topo,
			enum pidle_policy policy)
{
	struct pidle_states st;
	struct pidle_err err = { 0 };

	pidle_shim_warnings = 0;
	assert_int_equal(pidle_states_parse(states, &st, &err), 0);
	assert_int_equal(pidle_topology_parse(topo, 0, &fx.topo, &err), 0);
	assert_int_equal(pidle_model_create(&st, &fx.topo, policy, &fx.m, &err), 0);
}

static int teardown(void **s)
{
	pidle_model_destroy(fx.m);
	pidle_topology_free(&fx.topo);
	fx.m = NULL;
	return 0;
}

static struct pidle_enter_info enter(unsigned int cpu, unsigned int state,
				     unsigned long long now_us)
{
	struct pidle_enter_info ei;

	pidle_enter(fx.m, cpu, state, now_us * US, NONE, &ei);
	return ei;
}

static struct pidle_exit_info leave(unsigned int cpu, unsigned long long now_us)
{
	struct pidle_exit_info xi;

	pidle_exit(fx.m, cpu, now_us * US, &xi);
	return xi;
}

static struct pidle_domain_stats dstats(unsigned int level, unsigned int dom,
					unsigned int state)
{
	struct pidle_domain_stats ds;

	pidle_domain_stats_read(fx.m, level, dom, state, &ds);
	return ds;
}

static struct pidle_cpu_stats cstats(unsigned int cpu, unsigned int state)
{
	struct pidle_cpu_stats cs;

	pidle_cpu_stats_read(fx.m, cpu, state, &cs);
	return cs;
}

static void test_model_single_cpu_flat(void **s)
{
	struct pidle_states st;
	struct pidle_err err = { 0 };
	struct pidle_exit_info xi;

	pidle_shim_warnings = 0;
	assert_int_equal(pidle_states_parse("POLL:0:0,C1:2:2,C6:80:300", &st, &err), 0);
	assert_int_equal(pidle_topology_parse("none", 1, &fx.topo, &err), 0);
	assert_int_equal(pidle_model_create(&st, &fx.topo, PIDLE_POLICY_AUTO, &fx.m, &err), 0);
	enter(0, 2, 10);
	xi = leave(0, 1000);
	assert_int_equal(xi.requested, 2);
	assert_int_equal(xi.achieved, 2);
	assert_true(xi.latency_ns == 80 * US);
	assert_int_equal(xi.up_levels, 0);
	assert_true(cstats(0, 2).achieved == 1);
	assert_true(cstats(0, 2).demoted == 0);
	assert_true(pidle_shim_warnings == 0);
}

/* A 2-thread core: last man, first man, waiter, late waker. */
static void test_model_core_last_first_man(void **s)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	struct pidle_domain_stats ds;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	ei = enter(0, CC6, 0);
	assert_int_equal(ei.down_levels, 0);
	ei = enter(1, CC6, 100);
	assert_int_equal(ei.down_levels, 1u << 1);	/* last man of the core */
	assert_int_equal(ei.down_state[1], CC6);

	xi = leave(0, 1100);				/* first man */
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.achieved, CC6);
	assert_true(xi.latency_ns == 100 * US);
	assert_true(xi.up_residency_ns[1] == 1000 * US);

	xi = leave(1, 1150);				/* during power-up */
	assert_int_equal(xi.up_levels, 0);
	assert_int_equal(xi.wait_levels, 1u << 1);
	assert_int_equal(xi.achieved, CC6);
	assert_true(xi.latency_ns == 50 * US);		/* ready = 1200 us */

	ds = dstats(1, 0, CC6);
	assert_true(ds.usage == 1);
	assert_true(ds.residency_ns == 1000 * US);
	assert_true(ds.too_deep == 0);
	assert_true(ds.latency_paid_ns == 100 * US);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * A waiter whose clock read precedes the first man's (it lost the race to
 * the flag): it woke first, so it waits no longer than the state's latency
 * (seen on 6.12-rt: latency_paid_ns above achieved x latency).
 */
static void test_model_early_waiter_pays_at_most_latency(void **s)
{
	struct pidle_exit_info xi;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	enter(0, CC6, 0);
	enter(1, CC6, 10);
	leave(0, 1030);			/* first man: ready at 1130 us */
	xi = leave(1, 1000);		/* read its clock 30 us earlier */
	assert_int_equal(xi.wait_levels, 1u << 1);
	assert_int_equal(xi.achieved, CC6);
	assert_true(xi.latency_ns == 100 * US);	/* not 130 */
	assert_true(cstats(1, CC6).latency_paid_ns == 100 * US);
	assert_true(pidle_shim_warnings == 0);
}

static void test_model_core_late_waker_pays_fallback(void **s)
{
	struct pidle_exit_info xi;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	enter(0, CC6, 0);
	enter(1, CC6, 10);
	leave(0, 500);			/* ready at 600 us */
	xi = leave(1, 900);		/* after ready: core is up again */
	assert_int_equal(xi.wait_levels, 0);
	assert_int_equal(xi.achieved, C1);
	assert_true(xi.latency_ns == 2 * US);
	assert_true(cstats(1, CC6).demoted == 1);
}

static void test_model_demoted_when_sibling_busy(void **s)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	ei = enter(0, PC6, 0);		/* CPU 1 stays busy */
	assert_int_equal(ei.down_levels, 0);
	xi = leave(0, 5000);
	assert_int_equal(xi.achieved, C1);	/* deepest cpu-level <= PC6 */
	assert_true(xi.latency_ns == 2 * US);
	assert_true(cstats(0, PC6).requested == 1);
	assert_true(cstats(0, PC6).demoted == 1);
	assert_true(cstats(0, C1).achieved == 1);
	assert_true(dstats(1, 0, CC6).usage == 0);
	assert_true(dstats(2, 0, PC6).usage == 0);
}

/* 2 packages x 2 cores x 2 threads. */
static const char *topo8 = "core=0-1,2-3,4-5,6-7;package=0-3,4-7";

static void test_model_package_needs_all_four(void **s)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	int cpu;

	setup_model(table, topo8, PIDLE_POLICY_AUTO);
	enter(0, PC6, 0);
	enter(1, PC6, 0);
	enter(2, PC6, 0);
	ei = enter(3, CC6, 0);		/* core 1 down, package kept up */
	assert_int_equal(ei.down_levels, 1u << 1);
	assert_false(pidle_model_domain_down(fx.m, 2, 0, &(unsigned int){ 0 }));
	xi = leave(3, 100);
	enter(3, PC6, 200);		/* now the package goes down */
	assert_true(pidle_model_domain_down(fx.m, 2, 0, &(unsigned int){ 0 }));
	/* The other package is independent. */
	assert_false(pidle_model_domain_down(fx.m, 2, 1, &(unsigned int){ 0 }));

	xi = leave(0, 2200);		/* first man of package 0 and of core 0 */
	assert_int_equal(xi.up_levels, (1u << 2) | (1u << 1));
	assert_int_equal(xi.achieved, PC6);
	assert_true(xi.latency_ns == 300 * US);	/* nested: max(300, 100) */
	assert_true(xi.up_residency_ns[2] == 2000 * US);
	assert_true(dstats(2, 0, PC6).usage == 1);
	assert_true(dstats(2, 0, PC6).too_deep == 0);

	/* CPU 2 wakes during the power-up: core 1 is still down. */
	xi = leave(2, 2300);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.wait_levels, 1u << 2);
	assert_int_equal(xi.achieved, PC6);
	assert_true(xi.latency_ns == 200 * US);	/* ready at 2500 */
	for (cpu = 1; cpu < 4; cpu += 2)
		leave(cpu, 3000);
	assert_true(pidle_shim_warnings == 0);
}

static void test_model_too_deep_exact(void **s)
{
	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	enter(0, CC6, 0);
	enter(1, CC6, 0);
	leave(0, 399);			/* 399 us < 400 us target */
	leave(1, 1000);
	enter(0, CC6, 2000);
	enter(1, CC6, 2000);
	leave(1, 2400);			/* exactly 400: not too deep */
	leave(0, 3000);
	assert_true(dstats(1, 0, CC6).usage == 2);
	assert_true(dstats(1, 0, CC6).too_deep == 1);
	assert_true(dstats(1, 0, CC6).residency_ns == 799 * US);
}

/*
 * Found by tests/fuzz/fuzz_model: each CPU reads the clock before it
 * reaches the model, so the first man's wake-up can carry an earlier time
 * than the last man's entry. The residency was now - down_since wrapped
 * around to about 2^64 ns; it is a down period that lasted no time.
 */
static void test_model_first_man_clock_before_last_man(void **s)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	enter(0, CC6, 100);
	ei = enter(1, CC6, 200);			/* last man at 200 us */
	assert_int_equal(ei.down_levels, 1u << 1);
	xi = leave(0, 150);				/* woke at 150 us */
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_true(xi.up_residency_ns[1] == 0);
	assert_true(xi.latency_ns == 100 * US);
	xi = leave(1, 300);				/* after ready (250 us) */
	assert_int_equal(xi.wait_levels, 0);
	assert_true(dstats(1, 0, CC6).usage == 1);
	assert_true(dstats(1, 0, CC6).residency_ns == 0);
	assert_true(dstats(1, 0, CC6).too_deep == 1);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * Found by tests/fuzz/fuzz_model (UBSan): level 0, the CPUs themselves,
 * has no domain array, and the readers indexed it before checking.
 */
static void test_model_cpu_level_has_no_domain(void **s)
{
	struct pidle_domain_stats ds;
	unsigned int state = 77, cpu;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	for (cpu = 0; cpu < 2; cpu++)
		enter(cpu, PC6, 0);
	for (cpu = 0; cpu < 2; cpu++) {
		assert_false(pidle_model_domain_down(fx.m, 0, cpu, &state));
		memset(&ds, 0x5a, sizeof(ds));
		pidle_domain_stats_read(fx.m, 0, cpu, C1, &ds);
		assert_true(ds.usage == 0 && ds.residency_ns == 0 && ds.too_deep == 0 &&
			    ds.rejected == 0 && ds.latency_paid_ns == 0);
	}
	assert_int_equal(state, 77);
	/* The levels above are down, as they should be. */
	assert_true(pidle_model_domain_down(fx.m, 2, 0, &state));
	assert_int_equal(state, PC6);
	for (cpu = 0; cpu < 2; cpu++)
		leave(cpu, 2000);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * Found by tests/fuzz/fuzz_model: coming online pays nothing, so a CPU
 * brought online while its package powers up could go idle again, shallow,
 * before the package was ready, and on waking was charged the rest of the
 * power-up and "achieved" the package's deep state, deeper than it asked
 * for. A CPU waits only when leaving the down period a power-up ends.
 */
static void test_model_online_during_power_up_does_not_wait(void **s)
{
	enum { PC1 = 2, DEEP = 3 };
	struct pidle_exit_info xi;

	setup_model("POLL:0:0,C1:2:2,PC1:5:10:package,PC6:300:1200:package",
		    "package=0-1", PIDLE_POLICY_AUTO);
	pidle_cpu_offline(fx.m, 1, 0);
	enter(0, DEEP, 10);				/* last man: PC6 */
	xi = leave(0, 1000);				/* first man */
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_true(xi.latency_ns == 300 * US);		/* ready at 1300 us */
	pidle_cpu_online(fx.m, 1, 1010 * US);		/* during the power-up */
	enter(1, PC1, 1020);
	xi = leave(1, 1030);				/* before 1300 us */
	assert_int_equal(xi.wait_levels, 0);
	assert_int_equal(xi.achieved, C1);		/* PC1 needs CPU 0 too */
	assert_true(xi.latency_ns == 2 * US);
	assert_true(cstats(1, PC1).demoted == 1);
	assert_true(pidle_shim_warnings == 0);
}

static void test_model_timer_policy(void **s)
{
	struct pidle_enter_info ei;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_TIMER);
	/* Next timer 1000 us away: PC6 (1200) rejected, CC6 (400) fits. */
	pidle_enter(fx.m, 0, PC6, 0, 1000 * US, &ei);
	pidle_enter(fx.m, 1, PC6, 0, NONE, &ei);
	assert_int_equal(ei.down_levels, 1u << 1);	/* core only */
	assert_int_equal(ei.rejected_levels, 1u << 2);
	assert_true(dstats(2, 0, PC6).rejected == 1);
	leave(0, 900);
	leave(1, 950);
	assert_true(dstats(2, 0, PC6).usage == 0);
	assert_true(dstats(1, 0, CC6).usage == 1);

	/* Far timers: accepted, no rejection. */
	pidle_enter(fx.m, 0, PC6, 2000 * US, 100000 * US, &ei);
	pidle_enter(fx.m, 1, PC6, 2000 * US, NONE, &ei);
	assert_int_equal(ei.down_levels, (1u << 1) | (1u << 2));
	assert_int_equal(ei.rejected_levels, 0);
	assert_true(dstats(2, 0, PC6).rejected == 1);

	/* A timer 100 us away keeps every domain state out. */
	leave(0, 5000);
	leave(1, 5000);
	pidle_enter(fx.m, 0, CC6, 10000 * US, 10100 * US, &ei);
	pidle_enter(fx.m, 1, CC6, 10000 * US, NONE, &ei);
	assert_int_equal(ei.down_levels, 0);
	assert_true(dstats(1, 0, CC6).rejected == 1);
	leave(0, 10050);
	leave(1, 10050);
	assert_int_equal(dstats(1, 0, CC6).usage, 2);
}

/*
 * The limit: 8192 CPUs, 8 packages x 4 dies x 64 cores x 4 threads with
 * interleaved SMT numbering, built from the compact form. Every CPU of
 * package 3 idle in PC6 takes its 256 cores and the package down, the
 * last man's timer scan (domain_policy=timer) finding the one CPU whose
 * timer is near; the first to wake pays PC6; the rest of the machine,
 * busy, has nothing down.
 */
static void test_model_8192_cpus(void **s)
{
	static const char *big =
		"core=0-6144/2048*2048@1;"
		"die=0-63+2048-2111+4096-4159+6144-6207*32@64;"
		"package=0-255+2048-2303+4096-4351+6144-6399*8@256";
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned int t, c, cpu, downs = 0;

	setup_model(table, big, PIDLE_POLICY_TIMER);
	assert_int_equal(pidle_model_nr_cpus(fx.m), 8192);
	assert_int_equal(pidle_model_nr_domains(fx.m, 1), 2048);
	assert_int_equal(pidle_model_nr_domains(fx.m, 3), 8);
	/* Package 3: cores 768..1023, each with threads c + 2048 t. */
	for (c = 768; c < 1024; c++)
		for (t = 0; t < 4; t++) {
			cpu = c + 2048 * t;
			/* CPU 800 + 6144 has a timer 1 ms away: PC6 (1200 us) no. */
			pidle_enter(fx.m, cpu, PC6, 0,
				    cpu == 6944 ? 1000 * US : NONE, &ei);
			if (ei.down_levels & (1u << 1))
				downs++;
		}
	assert_int_equal(downs, 256);		/* every core of package 3 */
	assert_int_equal(ei.down_levels & (1u << 3), 0);
	assert_int_equal(ei.rejected_levels, 1u << 3);
	assert_int_equal(dstats(3, 3, PC6).rejected, 1);
	for (c = 768; c < 1024; c++)
		for (t = 0; t < 4; t++)
			pidle_exit(fx.m, c + 2048 * t, 2000 * US, &xi);
	assert_int_equal(dstats(1, 800, CC6).usage, 1);
	assert_int_equal(dstats(3, 3, PC6).usage, 0);

	/* Far timers: package 3 goes down; the first man pays PC6. */
	for (c = 768; c < 1024; c++)
		for (t = 0; t < 4; t++)
			pidle_enter(fx.m, c + 2048 * t, PC6, 3000 * US, NONE, &ei);
	assert_int_equal(ei.down_levels & (1u << 3), 1u << 3);
	pidle_exit(fx.m, 1000, 5000 * US, &xi);
	assert_int_equal(xi.achieved, PC6);
	assert_int_equal(xi.latency_ns, 300 * US);
	assert_int_equal(dstats(3, 3, PC6).usage, 1);
	assert_int_equal(dstats(3, 3, PC6).residency_ns, 2000 * US);
	for (c = 768; c < 1024; c++)
		for (t = 0; t < 4; t++)
			if (c + 2048 * t != 1000)
				pidle_exit(fx.m, c + 2048 * t, 5100 * US, &xi);
	/* Nothing else ever went down. */
	assert_int_equal(dstats(3, 0, PC6).usage, 0);
	assert_int_equal(pidle_shim_warnings, 0);
}

/*
 * Vote groups against the plain scan: one package of N CPUs (1 to 8192;
 * groups of 2, 3 and the default 16), each CPU with a random next timer
 * and per-CPU QoS, entering in random order, then rounds in which a
 * random subset leaves and comes back with new inputs. Each time the
 * package completes, its last man's aggregated next timer and QoS are the
 * minimum over every CPU, and its decision the one the scan gives.
 */
static unsigned long long prop_rnd(unsigned long long *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static void prop_check_package(unsigned int n, unsigned int fanout,
			       unsigned long long seed)
{
	static const unsigned int rounds = 6;
	struct pidle_model_opts o = { .policy = PIDLE_POLICY_TIMER,
				      .vgroup_fanout = fanout };
	struct pidle_states st;
	struct pidle_topology tp;
	struct pidle_err err = { 0 };
	struct pidle_model *m;
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned long long *timer, now = 1000 * US, budget;
	long long *qos;
	unsigned int *order, *idle, i, j, r, completions = 0;
	char topo[64];

	snprintf(topo, sizeof(topo), "package=0-%u", n - 1);
	assert_int_equal(pidle_states_parse("POLL:0:0,C1:2:2,PC3:50:100:package,PC6:300:1200:package",
					    &st, &err), 0);
	assert_int_equal(pidle_topology_parse(topo, 0, &tp, &err), 0);
	assert_int_equal(pidle_model_create_opts(&st, &tp, &o, &m, &err), 0);
	timer = calloc(n, sizeof(*timer));
	qos = calloc(n, sizeof(*qos));
	order = calloc(n, sizeof(*order));
	idle = calloc(n, sizeof(*idle));
	assert_non_null(timer);
	assert_non_null(qos);
	assert_non_null(order);
	assert_non_null(idle);
	for (i = 0; i < n; i++)
		order[i] = i;

	for (r = 0; r < rounds; r++) {
		unsigned long long min_t = NONE;
		long long min_q = INT64_MAX;

		/* Shuffle; round 0 enters all, others a random subset. */
		for (i = n - 1; i > 0; i--) {
			unsigned int k = prop_rnd(&seed) % (i + 1), x = order[i];

			order[i] = order[k];
			order[k] = x;
		}
		for (i = 0; i < n; i++) {
			unsigned int cpu = order[i];

			if (idle[cpu])
				continue;
			/* Near and far timers, some none, some ties. */
			switch (prop_rnd(&seed) % 4) {
			case 0:
				timer[cpu] = NONE;
				break;
			case 1:
				timer[cpu] = now + 1000 * US;
				break;
			default:
				timer[cpu] = now + prop_rnd(&seed) % (3000 * US);
			}
			qos[cpu] = prop_rnd(&seed) % 3 ? INT64_MAX :
				   (long long)(prop_rnd(&seed) % (500 * US));
		}
		for (j = 0; j < n; j++) {
			unsigned int cpu = order[j];

			if (idle[cpu])
				continue;
			pidle_enter_qos(m, cpu, 3, now, timer[cpu], qos[cpu], &ei);
			idle[cpu] = 1;
			if (!((ei.down_levels | ei.rejected_levels) & 2))
				continue;
			/* Last man: every CPU idle, the scan is exact now. */
			completions++;
			min_t = NONE;
			min_q = INT64_MAX;
			for (i = 0; i < n; i++) {
				assert_true(idle[i]);
				if (timer[i] < min_t)
					min_t = timer[i];
				if (qos[i] < min_q)
					min_q = qos[i];
			}
			assert_int_equal(ei.next_timer_ns[1], min_t);
			assert_int_equal(ei.cpu_qos_ns[1], min_q);
			/* The decision the scan gives: PC6, PC3 or none. */
			budget = min_t > now ? min_t - now : 0;
			if (budget >= 1200 * US)
				assert_int_equal(ei.down_state[1], 3);
			else if (budget >= 100 * US)
				assert_int_equal(ei.down_state[1], 2);
			else
				assert_int_equal(ei.down_levels & 2, 0);
		}
		assert_int_equal(completions, r + 1);
		/* A random subset (at least one CPU) leaves. */
		now += 2000 * US;
		for (i = 0; i < n; i++) {
			if (i != order[0] && prop_rnd(&seed) % 3)
				continue;
			pidle_exit(m, i, now, &xi);
			idle[i] = 0;
		}
		now += 1000 * US;
	}
	for (i = 0; i < n; i++)
		if (idle[i])
			pidle_exit(m, i, now, &xi);
	assert_int_equal(pidle_shim_warnings, 0);
	free(timer);
	free(qos);
	free(order);
	free(idle);
	pidle_model_destroy(m);
	pidle_topology_free(&tp);
}

static void test_model_vgroups_equal_scan(void **s)
{
	static const unsigned int sizes[] = { 1, 2, 3, 5, 16, 17, 33, 100, 256, 300, 8192 };
	static const unsigned int fanouts[] = { 2, 3, 0 };
	unsigned int i, f;

	pidle_shim_warnings = 0;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (f = 0; f < 3; f++)
			prop_check_package(sizes[i], fanouts[f],
					   0x9e3779b97f4a7c15ULL * (i * 3 + f + 1));
}

/* Two states at one level: the deepest all CPUs agree on. */
static void test_model_two_states_one_level(void **s)
{
	struct pidle_enter_info ei;

	setup_model("POLL:0:0,CC6:100:400:core,CC7:200:800:core",
		    "core=0-1", PIDLE_POLICY_AUTO);
	enter(0, 2, 0);
	ei = enter(1, 1, 0);
	assert_int_equal(ei.down_state[1], 1);
	leave(0, 1000);
	leave(1, 1000);
	enter(0, 2, 2000);
	ei = enter(1, 2, 2000);
	assert_int_equal(ei.down_state[1], 2);
	leave(1, 3000);
	leave(0, 3000);
	assert_true(dstats(1, 0, 1).usage == 1);
	assert_true(dstats(1, 0, 2).usage == 1);
}

static void test_model_offline_cpu_does_not_keep_domain_up(void **s)
{
	struct pidle_enter_info ei;
	unsigned int st;

	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	pidle_cpu_offline(fx.m, 1, 0);
	ei = enter(0, PC6, 100);
	assert_int_equal(ei.down_levels, (1u << 1) | (1u << 2));
	leave(0, 1100);
	enter(0, PC6, 2000);
	assert_true(pidle_model_domain_down(fx.m, 2, 0, &st));
	assert_int_equal(st, PC6);
	pidle_cpu_online(fx.m, 1, 3000);	/* ends the down period */
	assert_false(pidle_model_domain_down(fx.m, 2, 0, &st));
	assert_true(dstats(2, 0, PC6).usage == 2);
	leave(0, 3500);
	assert_true(pidle_shim_warnings == 0);
}

/* Residency up to now: a down period still going on counts, once. */
static void test_model_residency_includes_current_period(void **s)
{
	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	enter(0, CC6, 0);
	assert_true(pidle_domain_residency_ns(fx.m, 1, 0, CC6, 50 * US) == 0);
	enter(1, CC6, 100);				/* core down from 100 us */
	assert_true(pidle_domain_residency_ns(fx.m, 1, 0, CC6, 150 * US) == 50 * US);
	assert_true(dstats(1, 0, CC6).residency_ns == 0);	/* not ended yet */
	/* The package is not down: its CPUs asked for no package state. */
	assert_true(pidle_domain_residency_ns(fx.m, 2, 0, PC6, 150 * US) == 0);
	/* Not a state of the level: nothing. */
	assert_true(pidle_domain_residency_ns(fx.m, 1, 0, PC6, 150 * US) == 0);
	leave(0, 1100);					/* first man: 1000 us */
	assert_true(dstats(1, 0, CC6).residency_ns == 1000 * US);
	assert_true(pidle_domain_residency_ns(fx.m, 1, 0, CC6, 5000 * US) == 1000 * US);
	leave(1, 1200);
	enter(0, PC6, 2000);
	enter(1, PC6, 2500);				/* core and package down */
	assert_true(pidle_domain_residency_ns(fx.m, 1, 0, CC6, 3000 * US) == 1500 * US);
	assert_true(pidle_domain_residency_ns(fx.m, 2, 0, PC6, 3000 * US) == 500 * US);
	/* A reset's baseline applies to the completed part only. */
	pidle_domain_stats_reset(fx.m, 1, 0, 3000 * US);
	assert_true(pidle_domain_residency_ns(fx.m, 1, 0, CC6, 3000 * US) == 500 * US);
	leave(1, 4000);
	assert_true(pidle_domain_residency_ns(fx.m, 1, 0, CC6, 9000 * US) == 1500 * US);
	assert_true(pidle_domain_residency_ns(fx.m, 2, 0, PC6, 9000 * US) == 1500 * US);
	assert_true(pidle_shim_warnings == 0);
}

static void test_model_stats_reset(void **s)
{
	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	enter(0, CC6, 0);
	enter(1, CC6, 0);
	leave(0, 1000);
	leave(1, 1000);
	assert_true(dstats(1, 0, CC6).usage == 1);
	pidle_stats_reset(fx.m, 1500 * US);
	assert_true(dstats(1, 0, CC6).usage == 0);
	assert_true(cstats(0, CC6).requested == 0);
	enter(0, CC6, 2000);
	enter(1, CC6, 2000);
	leave(0, 2500);
	leave(1, 2600);
	assert_true(dstats(1, 0, CC6).usage == 1);
	assert_true(dstats(1, 0, CC6).residency_ns == 500 * US);
	pidle_cpu_stats_reset(fx.m, 0, 2700 * US);
	assert_true(cstats(0, CC6).requested == 0);
	assert_true(cstats(1, CC6).requested == 1);	/* since the reset */
	pidle_domain_stats_reset(fx.m, 1, 0, 2700 * US);
	assert_true(dstats(1, 0, CC6).usage == 0);
}

/*
 * An aborted entry (a wake-up pending before the vote) is counted in its
 * own counter and touches nothing else: no request, no domain vote.
 */
static void test_model_aborted_entry_counts_alone(void **s)
{
	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	enter(0, CC6, 0);
	pidle_record_aborted(fx.m, 1, CC6);
	pidle_record_aborted(fx.m, 1, CC6);
	assert_true(cstats(1, CC6).aborted == 2);
	assert_true(cstats(1, CC6).requested == 0);
	assert_true(cstats(0, CC6).aborted == 0);
	/* CPU 1 never voted: the core stays up when CPU 0 leaves. */
	leave(0, 1000);
	assert_true(dstats(1, 0, CC6).usage == 0);
	pidle_cpu_stats_reset(fx.m, 1, 1000 * US);
	assert_true(cstats(1, CC6).aborted == 0);
}

/*
 * sdm845 (issue 24): a table per CPU set. Each CPU pays its own set's
 * CPU-level latency; the cluster, spanning both sets, goes down in its one
 * state when the last CPU of either set enters, and its first man pays it.
 */
static void test_model_sets_each_cpu_its_own_table(void **s)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;
	unsigned int cpu;

	setup_model("0-1=WFI:1:1,S0:350+461:1890,CL:2761+1438:9361:cluster;"
		    "2-3=WFI:1:1,S1:264+621:952,CL:2761+1438:9361:cluster",
		    "cluster=0-3", PIDLE_POLICY_AUTO);
	assert_int_equal(pidle_model_nr_sets(fx.m), 2);
	assert_int_equal(pidle_model_set_of(fx.m, 1), 0);
	assert_int_equal(pidle_model_set_of(fx.m, 2), 1);
	assert_string_equal(pidle_model_cpu_state(fx.m, 0, 1)->name, "S0");
	assert_string_equal(pidle_model_cpu_state(fx.m, 3, 1)->name, "S1");
	assert_string_equal(pidle_model_cpu_state(fx.m, 3, 2)->name, "CL");
	assert_string_equal(pidle_model_state(fx.m, 1)->name, "S0");

	/* CPU-level state 1, alone: 350+461 on set 0, 264+621 on set 1. */
	enter(0, 1, 0);
	xi = leave(0, 5000);
	assert_int_equal(xi.achieved, 1);
	assert_true(xi.latency_ns == 811 * US);
	enter(3, 1, 0);
	xi = leave(3, 5000);
	assert_int_equal(xi.achieved, 1);
	assert_true(xi.latency_ns == 885 * US);
	assert_true(cstats(3, 1).latency_paid_ns == 885 * US);
	assert_true(cstats(0, 1).latency_paid_ns == 811 * US);

	/* Demoted from the cluster state: its own set's state 1. */
	enter(2, 2, 10000);
	enter(0, 2, 10000);
	enter(1, 2, 10000);
	xi = leave(2, 20000);		/* CPU 3 stayed busy: no cluster */
	assert_int_equal(xi.achieved, 1);
	assert_true(xi.latency_ns == 885 * US);
	xi = leave(0, 20000);
	assert_int_equal(xi.achieved, 1);
	assert_true(xi.latency_ns == 811 * US);
	leave(1, 20000);

	/* The cluster: last man from set 1, first man from set 0. */
	for (cpu = 0; cpu < 3; cpu++)
		enter(cpu, 2, 30000);
	ei = enter(3, 2, 30100);
	assert_int_equal(ei.down_levels, 1u << 1);
	assert_int_equal(ei.down_state[1], 2);
	xi = leave(1, 50100);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.achieved, 2);
	assert_true(xi.latency_ns == (2761 + 1438) * US);
	assert_true(dstats(1, 0, 2).usage == 1);
	assert_true(dstats(1, 0, 2).residency_ns == 20000 * US);
	for (cpu = 0; cpu < 4; cpu++)
		if (cpu != 1)
			leave(cpu, 60000);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * hi3660 (issue 37), two CPUs per cluster here: each cluster its own
 * states. The little cluster's cluster-sleep-0 is 500+1600 us, the big
 * one's cluster-sleep-1 800+2900 us (hi3660.dtsi), residency 3500 us both.
 */
static const char *hi3660 =
	"0-1=WFI:1:1,cpu-sleep-0:400+650:1500,cluster-sleep-0:500+1600:3500:cluster;"
	"2-3=WFI:1:1,cpu-sleep-1:400+550:1500,cluster-sleep-1:800+2900:3500:cluster";

/*
 * Both CPUs of cluster @cl into the cluster state @state at @t_us, the
 * first out at @out_us.
 */
static struct pidle_exit_info cluster_cycle(unsigned int cl, unsigned int state,
					    u64 t_us, u64 out_us)
{
	struct pidle_enter_info ei;
	struct pidle_exit_info xi;

	enter(2 * cl, state, t_us);
	ei = enter(2 * cl + 1, state, t_us);
	assert_int_equal(ei.down_levels, 1u << 1);
	assert_int_equal(ei.down_state[1], state);
	xi = leave(2 * cl, out_us);
	leave(2 * cl + 1, out_us + 10000);
	return xi;
}

/*
 * A domain's states are its CPUs' set's: two clusters of one level go
 * down in different states, their first men pay different latencies, and
 * each domain's counters and names are its own.
 */
static void test_model_domains_own_states(void **s)
{
	struct pidle_exit_info xi;

	setup_model(hi3660, "cluster=0-1,2-3", PIDLE_POLICY_AUTO);
	assert_string_equal(pidle_model_domain_state(fx.m, 1, 0, 2)->name,
			    "cluster-sleep-0");
	assert_string_equal(pidle_model_domain_state(fx.m, 1, 1, 2)->name,
			    "cluster-sleep-1");
	assert_true(pidle_model_domain_state(fx.m, 1, 1, 2)->exit_latency_ns ==
		    2900 * US);

	xi = cluster_cycle(0, 2, 0, 10000);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.achieved, 2);
	assert_true(xi.latency_ns == 2100 * US);
	xi = cluster_cycle(1, 2, 30000, 40000);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_int_equal(xi.achieved, 2);
	assert_true(xi.latency_ns == 3700 * US);

	assert_true(dstats(1, 0, 2).usage == 1);
	assert_true(dstats(1, 1, 2).usage == 1);
	assert_true(dstats(1, 0, 2).latency_paid_ns == 2100 * US);
	assert_true(dstats(1, 1, 2).latency_paid_ns == 3700 * US);
	/* 10 ms down against a 3.5 ms residency: not too deep, either. */
	assert_true(dstats(1, 0, 2).too_deep == 0);
	assert_true(dstats(1, 1, 2).too_deep == 0);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * Too deep is judged by each domain's own residency: with the big
 * cluster's at 8000 us, a 5 ms period is too deep there and not on the
 * little cluster (3500 us).
 */
static void test_model_domains_own_residency(void **s)
{
	setup_model("0-1=WFI:1:1,cluster-sleep-0:500+1600:3500:cluster;"
		    "2-3=WFI:1:1,cluster-sleep-1:800+2900:8000:cluster",
		    "cluster=0-1,2-3", PIDLE_POLICY_AUTO);
	cluster_cycle(0, 1, 0, 5000);
	cluster_cycle(1, 1, 20000, 25000);
	assert_true(dstats(1, 0, 1).too_deep == 0);
	assert_true(dstats(1, 1, 1).too_deep == 1);
	assert_true(dstats(1, 0, 1).residency_ns == 5000 * US);
	assert_true(dstats(1, 1, 1).residency_ns == 5000 * US);
}

/*
 * The timer policy reads the domain's own residency: with 5 ms to the
 * next timer the little cluster (3500 us) goes down, the big one (8000
 * us) is kept up and counts a rejection.
 */
static void test_model_domains_timer_policy(void **s)
{
	struct pidle_enter_info ei;
	unsigned int cl;

	setup_model("0-1=WFI:1:1,cluster-sleep-0:500+1600:3500:cluster;"
		    "2-3=WFI:1:1,cluster-sleep-1:800+2900:8000:cluster",
		    "cluster=0-1,2-3", PIDLE_POLICY_TIMER);
	for (cl = 0; cl < 2; cl++) {
		pidle_enter(fx.m, 2 * cl, 1, 0, 5000 * US, &ei);
		pidle_enter(fx.m, 2 * cl + 1, 1, 0, 5000 * US, &ei);
		assert_int_equal(ei.down_levels, cl ? 0 : 1u << 1);
		leave(2 * cl, 4000);
		leave(2 * cl + 1, 4000);
	}
	assert_true(dstats(1, 0, 1).rejected == 0);
	assert_true(dstats(1, 1, 1).rejected == 1);
	assert_true(dstats(1, 0, 1).usage == 1);
	assert_true(dstats(1, 1, 1).usage == 0);
}

/*
 * OSI: each cluster's first man pays its own domain state's power-on
 * (genpd's power_on_latency_ns): 1600 us little, 2900 us big; a package
 * above both takes the slower child power-on as its sub_power_on.
 */
static void test_model_domains_osi(void **s)
{
	struct pidle_model_opts o = { .mode = PIDLE_MODE_OSI };
	struct pidle_states st;
	struct pidle_err err = { 0 };
	struct pidle_exit_info xi;

	pidle_shim_warnings = 0;
	assert_int_equal(pidle_states_parse(hi3660, &st, &err), 0);
	assert_int_equal(pidle_topology_parse("cluster=0-1,2-3", 0, &fx.topo,
					       &err), 0);
	assert_int_equal(pidle_model_create_opts(&st, &fx.topo, &o, &fx.m, &err), 0);
	xi = cluster_cycle(0, 2, 0, 10000);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_true(xi.latency_ns == 1600 * US);
	xi = cluster_cycle(1, 2, 30000, 40000);
	assert_int_equal(xi.up_levels, 1u << 1);
	assert_true(xi.latency_ns == 2900 * US);
	assert_true(dstats(1, 0, 2).latency_paid_ns == 1600 * US);
	assert_true(dstats(1, 1, 2).latency_paid_ns == 2900 * US);
	assert_true(pidle_shim_warnings == 0);
}

/*
 * A domain over CPUs of both sets needs them to agree at its level: a
 * package above hi3660's two clusters is fine while the package state is
 * one, refused naming the package when it differs.
 */
static void test_model_domains_spanning(void **s)
{
	struct pidle_states st;
	struct pidle_err err = { 0 };
	struct pidle_model *m = NULL;

	assert_int_equal(pidle_topology_parse("cluster=0-1,2-3;package=0-3", 0,
					       &fx.topo, &err), 0);
	assert_int_equal(pidle_states_parse("0-1=WFI:1:1,CL0:500+1600:3500:cluster,SoC:1000+3000:9000:package;"
					    "2-3=WFI:1:1,CL1:800+2900:3500:cluster,SoC:1000+3000:9000:package",
					    &st, &err), 0);
	assert_int_equal(pidle_model_create(&st, &fx.topo, PIDLE_POLICY_AUTO,
					    &fx.m, &err), 0);
	assert_string_equal(pidle_model_domain_state(fx.m, 2, 0, 2)->name, "SoC");
	assert_int_equal(pidle_states_parse("0-1=WFI:1:1,CL0:500+1600:3500:cluster,SoC:1000+3000:9000:package;"
					    "2-3=WFI:1:1,CL1:800+2900:3500:cluster,SoC:1000+3100:9000:package",
					    &st, &err), 0);
	assert_int_equal(pidle_model_create(&st, &fx.topo, PIDLE_POLICY_AUTO,
					    &m, &err), -EINVAL);
	assert_null(m);
	assert_string_equal(err.msg, "states: package domain 0 spans set 0 (CPUs 0-1) and set 1 (CPUs 2-3), whose state 2 (SoC) at level \"package\" differs: a domain goes down in one state whichever CPU is its last man");
}

/*
 * Tables of different lengths (issue 37): set 0 (CPUs 0-1) has one
 * cpu-level state, W, in slot 1 of the cpu level's two, and one cluster
 * state, CL, in slot 3; set 1 (CPUs 2-3) has W, C2, R and CL; P is
 * shared. Each CPU asks only for its own states, as its driver does
 * (pidle_model_cpu_slot()); a pseudo-random walk checks that no CPU of a
 * set achieves, demotes to or is counted in a slot its table lacks, that
 * no domain goes down in one, and that the counters are per set.
 */
#define SETS_DIFFERENT \
	"0-1=W:1:1,CL:50:500:cluster,P:90:900:package;" \
	"2-3=W:1:1,C2:5:20,R:20:100:cluster,CL:50:600:cluster,P:90:900:package"

static void test_model_sets_different_lengths(void **s)
{
	unsigned int seed = 37, cpu, i, st, l, d, idle = 0;
	unsigned long long now = 1;
	struct pidle_exit_info xi;
	struct pidle_cpu_stats cs;
	struct pidle_domain_stats ds;

	setup_model(SETS_DIFFERENT, "cluster=0-1,2-3;package=0-3",
		    PIDLE_POLICY_AUTO);
	assert_int_equal(pidle_model_nr_states(fx.m), 5);
	assert_int_equal(pidle_model_cpu_nr_own(fx.m, 0), 3);
	assert_int_equal(pidle_model_cpu_nr_own(fx.m, 3), 5);
	assert_int_equal(pidle_model_cpu_slot(fx.m, 1, 0), 1);
	assert_int_equal(pidle_model_cpu_slot(fx.m, 1, 1), 3);
	assert_int_equal(pidle_model_cpu_slot(fx.m, 2, 1), 1);
	assert_int_equal(pidle_model_cpu_index(fx.m, 0, 3), 1);
	assert_int_equal(pidle_model_cpu_index(fx.m, 0, 2), -1);
	assert_int_equal(pidle_model_cpu_index(fx.m, 0, 0), -1);
	assert_false(pidle_model_cpu_has_state(fx.m, 1, 0));
	assert_false(pidle_model_cpu_has_state(fx.m, 1, 2));
	assert_true(pidle_model_cpu_has_state(fx.m, 2, 2));
	assert_false(pidle_model_domain_has_state(fx.m, 1, 0, 2));
	assert_true(pidle_model_domain_has_state(fx.m, 1, 1, 2));
	/* The residency each CPU's own table gives its CL: 500 and 600 us. */
	assert_int_equal(pidle_model_cpu_state(fx.m, 0, 3)->target_residency_ns, 500 * US);
	assert_int_equal(pidle_model_cpu_state(fx.m, 2, 3)->target_residency_ns, 600 * US);
	/* All four deepest: the package goes down, each cluster in its CL. */
	for (cpu = 0; cpu < 4; cpu++)
		enter(cpu, 4, now);
	assert_true(pidle_model_domain_down(fx.m, 2, 0, &st) && st == 4);
	for (cpu = 0; cpu < 4; cpu++)
		leave(cpu, now += 1000);
	/* Set 0's CPUs in W and P: their cluster goes down in CL, never R. */
	enter(0, 1, now);
	enter(1, 4, now);
	assert_false(pidle_model_domain_down(fx.m, 1, 0, &st));
	leave(0, ++now);
	enter(0, 4, ++now);
	assert_true(pidle_model_domain_down(fx.m, 1, 0, &st));
	assert_int_equal(st, 3);
	/* Set 1's cluster in R (slot 2) when a CPU asks for R. */
	enter(2, 2, now);
	enter(3, 4, now);
	assert_true(pidle_model_domain_down(fx.m, 1, 1, &st));
	assert_int_equal(st, 2);
	for (cpu = 0; cpu < 4; cpu++)
		leave(cpu, now += 700);
	/* The walk. */
	for (i = 0; i < 20000; i++) {
		seed = seed * 1103515245 + 12345;
		cpu = (seed >> 16) & 3;
		now += 1 + ((seed >> 8) & 255);
		if (idle & (1u << cpu)) {
			xi = leave(cpu, now);
			idle &= ~(1u << cpu);
			assert_true(pidle_model_cpu_has_state(fx.m, cpu, xi.achieved));
			for (l = 1; l <= 2; l++)
				if (xi.up_levels & (1u << l))
					assert_true(pidle_model_domain_has_state(fx.m, l,
						pidle_model_domain_of(fx.m, l, cpu),
						xi.up_state[l]));
			continue;
		}
		st = pidle_model_cpu_slot(fx.m, cpu, (seed >> 4) %
					  pidle_model_cpu_nr_own(fx.m, cpu));
		enter(cpu, st, now);
		idle |= 1u << cpu;
		for (l = 1; l <= 2; l++) {
			unsigned int ds_st;

			d = pidle_model_domain_of(fx.m, l, cpu);
			if (pidle_model_domain_down(fx.m, l, d, &ds_st))
				assert_true(pidle_model_domain_has_state(fx.m, l, d, ds_st));
		}
	}
	for (cpu = 0; cpu < 4; cpu++)
		if (idle & (1u << cpu))
			leave(cpu, ++now);
	/* Per set: the slots a set lacks count nothing on its CPUs. */
	for (cpu = 0; cpu < 4; cpu++)
		for (st = 0; st < 5; st++) {
			cs = cstats(cpu, st);
			if (pidle_model_cpu_has_state(fx.m, cpu, st)) {
				assert_true(cs.requested > 0);
				continue;
			}
			assert_int_equal(cs.requested, 0);
			assert_int_equal(cs.achieved, 0);
			assert_int_equal(cs.demoted, 0);
			assert_int_equal(cs.latency_paid_ns, 0);
		}
	for (d = 0; d < 2; d++)
		for (st = 2; st < 4; st++) {
			ds = dstats(1, d, st);
			if (pidle_model_domain_has_state(fx.m, 1, d, st))
				assert_true(ds.usage > 0);
			else
				assert_int_equal(ds.usage + ds.residency_ns, 0);
		}
}

/* One table: every CPU's state is the table's, and no sets. */
static void test_model_sets_none_for_one_table(void **s)
{
	setup_model(table, "core=0-1;package=0-1", PIDLE_POLICY_AUTO);
	assert_int_equal(pidle_model_nr_sets(fx.m), 0);
	assert_int_equal(pidle_model_set_of(fx.m, 1), -1);
	assert_ptr_equal(pidle_model_cpu_state(fx.m, 1, C1),
			 pidle_model_state(fx.m, C1));
}

static void test_model_create_errors(void **s)
{
	struct pidle_states st;
	struct pidle_topology topo;
	struct pidle_err err = { 0 };
	struct pidle_model *m = NULL;
	unsigned long n;

	assert_int_equal(pidle_states_parse(table, &st, &err), 0);
	assert_int_equal(pidle_topology_parse("core=0-1", 0, &topo, &err), 0);
	assert_int_equal(pidle_model_create(&st, &topo, PIDLE_POLICY_AUTO, &m, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "level \"package\" is not a level of the topology (it has: cpu,core)"));
	pidle_topology_free(&topo);

	/* Every allocation failing in turn: -ENOMEM, nothing leaked (ASan). */
	assert_int_equal(pidle_topology_parse(topo8, 0, &topo, &err), 0);
	for (n = 1;; n++) {
		int ret;

		m = NULL;
		pidle_shim_fail_alloc_at = pidle_shim_allocs + n;
		ret = pidle_model_create(&st, &topo, PIDLE_POLICY_AUTO, &m, &err);
		pidle_shim_fail_alloc_at = 0;
		if (ret == 0) {
			pidle_model_destroy(m);
			break;
		}
		assert_int_equal(ret, -ENOMEM);
		assert_null(m);
	}
	/* create allocates: the model, the CPUs, per level 2 + domains. */
	assert_true(n > 3);
	pidle_topology_free(&topo);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_model_single_cpu_flat, teardown),
		cmocka_unit_test_teardown(test_model_sets_each_cpu_its_own_table, teardown),
		cmocka_unit_test_teardown(test_model_sets_none_for_one_table, teardown),
		cmocka_unit_test_teardown(test_model_sets_different_lengths, teardown),
		cmocka_unit_test_teardown(test_model_domains_own_states, teardown),
		cmocka_unit_test_teardown(test_model_domains_own_residency, teardown),
		cmocka_unit_test_teardown(test_model_domains_timer_policy, teardown),
		cmocka_unit_test_teardown(test_model_domains_osi, teardown),
		cmocka_unit_test_teardown(test_model_domains_spanning, teardown),
		cmocka_unit_test_teardown(test_model_core_last_first_man, teardown),
		cmocka_unit_test_teardown(test_model_early_waiter_pays_at_most_latency, teardown),
		cmocka_unit_test_teardown(test_model_core_late_waker_pays_fallback, teardown),
		cmocka_unit_test_teardown(test_model_demoted_when_sibling_busy, teardown),
		cmocka_unit_test_teardown(test_model_package_needs_all_four, teardown),
		cmocka_unit_test_teardown(test_model_too_deep_exact, teardown),
		cmocka_unit_test_teardown(test_model_first_man_clock_before_last_man, teardown),
		cmocka_unit_test_teardown(test_model_cpu_level_has_no_domain, teardown),
		cmocka_unit_test_teardown(test_model_online_during_power_up_does_not_wait, teardown),
		cmocka_unit_test_teardown(test_model_timer_policy, teardown),
		cmocka_unit_test_teardown(test_model_two_states_one_level, teardown),
		cmocka_unit_test_teardown(test_model_offline_cpu_does_not_keep_domain_up, teardown),
		cmocka_unit_test_teardown(test_model_residency_includes_current_period, teardown),
		cmocka_unit_test_teardown(test_model_stats_reset, teardown),
		cmocka_unit_test_teardown(test_model_aborted_entry_counts_alone, teardown),
		cmocka_unit_test(test_model_create_errors),
		cmocka_unit_test_teardown(test_model_8192_cpus, teardown),
		cmocka_unit_test(test_model_vgroups_equal_scan),
	};

	return pidle_unit_run("model", tests);
}
