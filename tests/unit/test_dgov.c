// SPDX-License-Identifier: GPL-2.0
/*
 * cmocka tests of the built-in domain governors (drivers/model/pidle_dgov_*.c),
 * table-driven: each row is one decision, worked out by hand in its
 * comment. The domain is the same for every row:
 *
 *	state	power-off	power-on	residency	off+res	off+on
 *	0	10 us		20 us		100 us		110 us	30 us
 *	1	50 us		100 us		1000 us		1050 us	150 us
 *	2	200 us		500 us		5000 us		5200 us	700 us
 *
 * and the decision is made at now = 1 ms, so a timer "+N" is N us ahead.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <pidle/dgov.h>
#include "unit.h"

#define US		1000ULL
#define NOW		(1000 * US)
#define NO_TIMER	U64_MAX
#define NO_QOS		S64_MAX
#define REJECT		(-1)

static const struct pidle_dgov_state states[] = {
	{ .power_off_latency_ns = 10 * US, .power_on_latency_ns = 20 * US,
	  .residency_ns = 100 * US },
	{ .power_off_latency_ns = 50 * US, .power_on_latency_ns = 100 * US,
	  .residency_ns = 1000 * US },
	{ .power_off_latency_ns = 200 * US, .power_on_latency_ns = 500 * US,
	  .residency_ns = 5000 * US },
};

static struct pidle_dgov_domain domain(unsigned int level)
{
	struct pidle_dgov_domain d = {
		.level = level, .nr_cpus = 4, .nr_states = 3, .states = states,
	};

	return d;
}

struct dgov_case {
	const char *what;
	s64 timer_us;		/* relative to NOW; INT64_MIN: none */
	s64 cpu_qos_us;		/* -1: none */
	s64 global_qos_us;	/* -1: none */
	bool ipi_known, ipi_pending;
	unsigned int deepest;
	unsigned int level;
	u64 sub_power_on_us;
	int genpd_6_1, genpd_6_12, genpd, predict;	/* expected */
};

#define NONE_T	INT64_MIN

static const struct dgov_case cases[] = {
	/* 10000 >= 5200: the deepest. */
	{ "timer far", 10000, -1, -1, false, false, 2, 1, 0, 2, 2, 2, 2 },
	/* 5100 < 5200 but >= 1050. */
	{ "timer short of state 2", 5100, -1, -1, false, false, 2, 1, 0, 1, 1, 1, 1 },
	/* residency + power-off exactly: >= takes it. */
	{ "timer exactly state 2", 5200, -1, -1, false, false, 2, 1, 0, 2, 2, 2, 2 },
	/* 100 < 110: not even state 0. */
	{ "timer too close", 100, -1, -1, false, false, 2, 1, 0, -1, -1, -1, -1 },
	/* the idle duration must be positive. */
	{ "timer now", 0, -1, -1, false, false, 2, 1, 0, -1, -1, -1, -1 },
	{ "timer past", -5, -1, -1, false, false, 2, 1, 0, -1, -1, -1, -1 },
	/* no timer: KTIME_SEC_MAX seconds away. */
	{ "no timer", NONE_T, -1, -1, false, false, 2, 1, 0, 2, 2, 2, 2 },
	/* global QoS 600 < 700 (state 2's off+on); 150 <= 600. */
	{ "global qos below state 2", 10000, -1, 600, false, false, 2, 1, 0, 1, 1, 1, 1 },
	/* global QoS 700 = 700: >= takes it. */
	{ "global qos exactly state 2", 10000, -1, 700, false, false, 2, 1, 0, 2, 2, 2, 2 },
	/*
	 * per-CPU QoS 700 = 700: step 1 (_default_power_down_ok) wants
	 * the constraint strictly above off+on, so state 2 is out there.
	 */
	{ "cpu qos exactly state 2", 10000, 700, -1, false, false, 2, 1, 0, 1, 1, 1, 2 },
	/* 701 > 700 in step 1, 701 >= 700 in step 3. */
	{ "cpu qos just above state 2", 10000, 701, -1, false, false, 2, 1, 0, 2, 2, 2, 2 },
	/* 0: no state at all. */
	{ "cpu qos zero", 10000, 0, -1, false, false, 2, 1, 0, -1, -1, -1, -1 },
	/* 30 = state 0's off+on: step 1 rejects it too. */
	{ "cpu qos exactly state 0", 10000, 30, -1, false, false, 2, 1, 0, -1, -1, -1, 0 },
	{ "cpu qos just above state 0", 10000, 31, -1, false, false, 2, 1, 0, 0, 0, 0, 0 },
	/*
	 * Level 2, subdomains' power-on 100: their max_off_time is
	 * 800 - 100 = 700, not > 700: state 2 out in step 1; step 3 has
	 * 800 >= 150 for state 1.
	 */
	{ "level 2 sub power-on", 10000, 800, -1, false, false, 2, 2, 100, 1, 1, 1, 2 },
	/* 801 - 100 = 701 > 700; 801 >= 700. */
	{ "level 2 sub power-on fits", 10000, 801, -1, false, false, 2, 2, 100, 2, 2, 2, 2 },
	/*
	 * 50 - 100 < 0: a negative max_off_time_ns is "none" in step 1;
	 * step 3: 50 >= 30 for state 0 only.
	 */
	{ "level 2 negative max off", 10000, 50, -1, false, false, 2, 2, 100, 0, 0, 0, 0 },
	/* the model allows state 1 at most. */
	{ "deepest 1", 10000, -1, -1, false, false, 1, 1, 0, 1, 1, 1, 1 },
	/* mainline only: a pending IPI rejects, when it can be known. */
	{ "ipi pending", 10000, -1, -1, true, true, 2, 1, 0, 2, 2, -1, -1 },
	{ "ipi pending unknown", 10000, -1, -1, false, true, 2, 1, 0, 2, 2, 2, 2 },
	{ "no ipi", 10000, -1, -1, true, false, 2, 1, 0, 2, 2, 2, 2 },
	/* the veto comes after the choice: rejected either way. */
	{ "ipi pending timer close", 100, -1, -1, true, true, 2, 1, 0, -1, -1, -1, -1 },
};

static struct pidle_dgov_input input(const struct dgov_case *c)
{
	struct pidle_dgov_input in = {
		.now_ns = NOW,
		.next_timer_ns = c->timer_us == NONE_T ? NO_TIMER :
				 NOW + c->timer_us * (s64)US,
		.cpu_qos_ns = c->cpu_qos_us < 0 ? NO_QOS : c->cpu_qos_us * (s64)US,
		.global_qos_ns = c->global_qos_us < 0 ? NO_QOS :
				 c->global_qos_us * (s64)US,
		.ipi_known = c->ipi_known,
		.ipi_pending = c->ipi_pending,
		.deepest = c->deepest,
		.sub_power_on_ns = c->sub_power_on_us * US,
	};

	return in;
}

static int decide(const struct pidle_dgov_ops *ops, const struct dgov_case *c)
{
	struct pidle_dgov_domain d = domain(c->level);
	struct pidle_dgov_input in = input(c);
	int state;

	if (ops->attach)
		assert_int_equal(ops->attach(&d), 0);
	state = ops->select(&d, &in);
	if (ops->detach)
		ops->detach(&d);
	return state;
}

static void test_dgov_genpd_table(void **s)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct dgov_case *c = &cases[i];

		if (decide(&pidle_dgov_genpd_6_1, c) != c->genpd_6_1)
			fail_msg("genpd-6.1, %s: %d, not %d", c->what,
				 decide(&pidle_dgov_genpd_6_1, c), c->genpd_6_1);
		if (decide(&pidle_dgov_genpd_6_12, c) != c->genpd_6_12)
			fail_msg("genpd-6.12, %s: %d, not %d", c->what,
				 decide(&pidle_dgov_genpd_6_12, c), c->genpd_6_12);
		if (decide(&pidle_dgov_genpd, c) != c->genpd)
			fail_msg("genpd, %s: %d, not %d", c->what,
				 decide(&pidle_dgov_genpd, c), c->genpd);
	}
}

/* With an empty history, predict decides from the timer and QoS alone. */
static void test_dgov_predict_fresh_table(void **s)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct dgov_case *c = &cases[i];

		if (decide(&pidle_dgov_predict, c) != c->predict)
			fail_msg("predict, %s: %d, not %d", c->what,
				 decide(&pidle_dgov_predict, c), c->predict);
	}
}

/* deepest: whatever the inputs, the deepest state allowed. */
static void test_dgov_deepest_ignores_inputs(void **s)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		assert_int_equal(decide(&pidle_dgov_deepest, &cases[i]),
				 cases[i].deepest);
	{
		struct dgov_case c = cases[0];

		c.deepest = 7;	/* beyond the table: its last state */
		assert_int_equal(decide(&pidle_dgov_deepest, &c), 2);
	}
}

/*
 * predict's history: one down period at a time, each decided at
 * @now_us with the timer 10 ms ahead (state 2 whenever there is no
 * prediction), then ended after @res_us.
 */
struct predict_step {
	u64 now_us;
	int expect;		/* what select() returns */
	u64 res_us;		/* the down period's length, reflected */
};

static void run_predict(const struct predict_step *steps, unsigned int n)
{
	struct pidle_dgov_domain d = domain(1);
	unsigned int i;

	assert_int_equal(pidle_dgov_predict.attach(&d), 0);
	for (i = 0; i < n; i++) {
		struct pidle_dgov_input in = {
			.now_ns = steps[i].now_us * US,
			.next_timer_ns = (steps[i].now_us + 10000) * US,
			.cpu_qos_ns = NO_QOS, .global_qos_ns = NO_QOS,
			.deepest = 2,
		};
		int state = pidle_dgov_predict.select(&d, &in);

		if (state != steps[i].expect)
			fail_msg("step %u: %d, not %d", i, state, steps[i].expect);
		if (state >= 0)
			pidle_dgov_predict.reflect(&d, state, steps[i].res_us * US);
	}
	pidle_dgov_predict.detach(&d);
}

/*
 * Five premature exits from state 2 (1000 < 5200): more than 5 - 2 of
 * the samples fail, the prediction is their mean, 1000 us, below state
 * 1's 1050 and above state 0's 110: state 0.
 */
static void test_dgov_predict_restricts_after_premature(void **s)
{
	static const struct predict_step steps[] = {
		{ 1000, 2, 1000 }, { 3000, 2, 1000 }, { 5000, 2, 1000 },
		{ 7000, 2, 1000 }, { 9000, 2, 1000 },
		{ 11000, 0, 200 },
	};

	run_predict(steps, ARRAY_SIZE(steps));
}

/*
 * Four premature (800, 1200, 1000, 1400: mean 1100 >= 1050) and one
 * long: 4 > 3 still restricts, to state 1.
 */
static void test_dgov_predict_four_of_five(void **s)
{
	static const struct predict_step steps[] = {
		{ 1000, 2, 800 }, { 3000, 2, 1200 }, { 5000, 2, 9000 },
		{ 15000, 2, 1000 }, { 17000, 2, 1400 },
		{ 19000, 1, 1100 },
	};

	run_predict(steps, ARRAY_SIZE(steps));
}

/* Three premature and two long: 3 is not more than 3, no prediction. */
static void test_dgov_predict_three_of_five_is_not_enough(void **s)
{
	static const struct predict_step steps[] = {
		{ 1000, 2, 1000 }, { 3000, 2, 9000 }, { 13000, 2, 1000 },
		{ 15000, 2, 9000 }, { 25000, 2, 1000 },
		{ 27000, 2, 0 },
	};

	run_predict(steps, ARRAY_SIZE(steps));
}

/*
 * A history needs five samples; and the oldest one, entered at 1 ms,
 * is stale at 41.001 ms (more than 40 ms): no prediction then.
 */
static void test_dgov_predict_history_full_and_fresh(void **s)
{
	static const struct predict_step steps[] = {
		{ 1000, 2, 1000 }, { 3000, 2, 1000 }, { 5000, 2, 1000 },
		{ 7000, 2, 1000 },
		{ 9000, 2, 1000 },	/* only four samples so far */
		{ 41001, 2, 0 },	/* five, but the first is stale */
	};

	run_predict(steps, ARRAY_SIZE(steps));
}

/* The history forgets: after a restriction, long periods lift it. */
static void test_dgov_predict_recovers(void **s)
{
	static const struct predict_step steps[] = {
		{ 1000, 2, 1000 }, { 3000, 2, 1000 }, { 5000, 2, 1000 },
		{ 7000, 2, 1000 }, { 9000, 2, 1000 },
		{ 11000, 0, 9000 },	/* restricted; it slept 9 ms */
		{ 21000, 0, 9000 },	/* still 4 of 5 premature in state 2 */
		{ 31000, 2, 9000 },	/* 3 of 5: lifted */
	};

	run_predict(steps, ARRAY_SIZE(steps));
}

/*
 * genpd's cache: the first decision computes the QoS verdict (state 2
 * here: no constraint), the next ones reuse it until a constraint
 * changes, and the kernel keeps the index in a bool: 2 comes back as 1.
 */
static void test_dgov_genpd_cache_is_a_bool(void **s)
{
	static const struct {
		s64 cpu_qos_us;		/* -1: none */
		bool changed;
		int expect;
	} steps[] = {
		{ -1, false, 2 },	/* first: computed */
		{ -1, false, 1 },	/* cached: (bool)2 == 1 */
		{ -1, false, 1 },
		{ -1, true, 2 },	/* a CPU's QoS changed: recomputed */
		{ -1, false, 1 },
		{ 5000, false, 2 },	/* the aggregate changed: recomputed */
		{ 5000, false, 1 },
		{ 0, false, -1 },	/* no state at all, cached as such */
		{ 0, false, -1 },
		{ 31, false, 0 },	/* 31 > 30: state 0 only */
		{ 31, false, 0 },
	};
	const struct pidle_dgov_ops *const govs[] = {
		&pidle_dgov_genpd_6_1, &pidle_dgov_genpd_6_12, &pidle_dgov_genpd,
	};
	unsigned int g, i;

	for (g = 0; g < ARRAY_SIZE(govs); g++) {
		struct pidle_dgov_domain d = domain(1);

		assert_int_equal(govs[g]->attach(&d), 0);
		for (i = 0; i < ARRAY_SIZE(steps); i++) {
			struct pidle_dgov_input in = {
				.now_ns = NOW, .next_timer_ns = NOW + 10000 * US,
				.cpu_qos_ns = steps[i].cpu_qos_us < 0 ? NO_QOS :
					      steps[i].cpu_qos_us * (s64)US,
				.global_qos_ns = NO_QOS, .deepest = 2,
				.qos_changed = steps[i].changed,
			};
			int state = govs[g]->select(&d, &in);

			if (state != steps[i].expect)
				fail_msg("%s, step %u: %d, not %d", govs[g]->name,
					 i, state, steps[i].expect);
		}
		govs[g]->detach(&d);
	}
}

struct verdict_case {
	unsigned int state;
	u64 res_us;
	enum pidle_dgov_verdict expect;
};

static void test_dgov_verdict_table(void **s)
{
	static const struct verdict_case vc[] = {
		{ 1, 1049, PIDLE_DGOV_ABOVE },	/* < 50 + 1000 */
		{ 1, 1050, PIDLE_DGOV_FIT },
		{ 1, 5199, PIDLE_DGOV_FIT },	/* < 200 + 5000 */
		{ 1, 5200, PIDLE_DGOV_BELOW },	/* state 2 would have paid */
		{ 0, 109, PIDLE_DGOV_ABOVE },
		{ 0, 1050, PIDLE_DGOV_BELOW },
		{ 2, 5199, PIDLE_DGOV_ABOVE },
		{ 2, 1000000, PIDLE_DGOV_FIT },	/* nothing deeper */
	};
	struct pidle_dgov_domain d = domain(1);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vc); i++)
		if (pidle_dgov_verdict(&d, vc[i].state, vc[i].res_us * US) !=
		    vc[i].expect)
			fail_msg("state %u, %llu us: %d, not %d", vc[i].state,
				 vc[i].res_us,
				 pidle_dgov_verdict(&d, vc[i].state,
						    vc[i].res_us * US),
				 vc[i].expect);
}

static void test_dgov_names(void **s)
{
	static const char *const good[] = {
		"genpd-6.1", "a", "x_y.z-0", "fifteen-chars-x",
	};
	static const char *const bad[] = {
		"", "Genpd", "a b", "sixteen-chars-xx", "tab\t", "slash/",
	};
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(good); i++)
		if (pidle_dgov_name_check(good[i]))
			fail_msg("\"%s\" refused", good[i]);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		if (pidle_dgov_name_check(bad[i]) != -EINVAL)
			fail_msg("\"%s\" accepted", bad[i]);
	assert_int_equal(pidle_dgov_name_check(NULL), -EINVAL);

	/* every built-in: a valid, unique name, found by it */
	for (i = 0; pidle_dgov_builtins[i]; i++) {
		assert_int_equal(pidle_dgov_ops_check(pidle_dgov_builtins[i]), 0);
		assert_ptr_equal(pidle_dgov_builtin(pidle_dgov_builtins[i]->name),
				 pidle_dgov_builtins[i]);
		assert_null(pidle_dgov_builtins[i]->owner);
		for (j = 0; j < i; j++)
			assert_string_not_equal(pidle_dgov_builtins[i]->name,
						pidle_dgov_builtins[j]->name);
	}
	assert_int_equal(i, 5);
	assert_null(pidle_dgov_builtin("nope"));
	assert_null(pidle_dgov_builtin("genpd-6"));
}

static int select_zero(struct pidle_dgov_domain *d,
		       const struct pidle_dgov_input *in)
{
	return 0;
}

static int attach_nop(struct pidle_dgov_domain *d)
{
	return 0;
}

static void test_dgov_ops_check(void **s)
{
	struct pidle_dgov_ops ok = { .name = "mine", .select = select_zero };
	struct pidle_dgov_ops no_select = { .name = "mine" };
	struct pidle_dgov_ops bad_name = { .name = "Mine", .select = select_zero };
	struct pidle_dgov_ops half = { .name = "mine", .select = select_zero,
				       .attach = attach_nop };

	assert_int_equal(pidle_dgov_ops_check(&ok), 0);
	assert_int_equal(pidle_dgov_ops_check(&no_select), -EINVAL);
	assert_int_equal(pidle_dgov_ops_check(&bad_name), -EINVAL);
	assert_int_equal(pidle_dgov_ops_check(&half), -EINVAL);
	assert_int_equal(pidle_dgov_ops_check(NULL), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dgov_genpd_table),
		cmocka_unit_test(test_dgov_genpd_cache_is_a_bool),
		cmocka_unit_test(test_dgov_predict_fresh_table),
		cmocka_unit_test(test_dgov_deepest_ignores_inputs),
		cmocka_unit_test(test_dgov_predict_restricts_after_premature),
		cmocka_unit_test(test_dgov_predict_four_of_five),
		cmocka_unit_test(test_dgov_predict_three_of_five_is_not_enough),
		cmocka_unit_test(test_dgov_predict_history_full_and_fresh),
		cmocka_unit_test(test_dgov_predict_recovers),
		cmocka_unit_test(test_dgov_verdict_table),
		cmocka_unit_test(test_dgov_names),
		cmocka_unit_test(test_dgov_ops_check),
	};

	return pidle_unit_run("dgov", tests);
}
