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
	{ "C1:1:1:core:99999999999", "power \"99999999999\": too large" },
	{ "C1:1:1:core:5:x", "more than 5 fields" },
	{ "C1:1:1:", "level \"\": empty" },
	{ "C1;1;1", "name \"C1;1;1\": has a character outside" },	/* wrong separator */
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_states_parse_default),
		cmocka_unit_test(test_states_parse_at_caps),
		cmocka_unit_test(test_states_roundtrip_minimal),
		cmocka_unit_test(test_states_parse_bad_input),
	};
	return pidle_unit_run("states", tests);
}
