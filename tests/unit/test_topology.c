// SPDX-License-Identifier: GPL-2.0
/* cmocka tests of pidle_topology_parse/print and pidle_config_check. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <errno.h>
#include <cmocka.h>
#include "unit.h"
#include <linux/slab.h>
#include <pidle/config.h>

struct good_case { const char *in; unsigned int nr_cpus; const char *canon; };

static const struct good_case good[] = {
	{ "none", 4, "none" },
	{ "", 2, "none" },
	{ "core=0-1,2-3", 0, "core=0-1,2-3" },
	{ "core=0-1,2-3,4-5,6-7;package=0-3,4-7", 8, "core=0-1,2-3,4-5,6-7;package=0-3,4-7" },
	/* Any spelling prints one canonical form: domains by lowest CPU. */
	{ "core=2-3,0-1,6-7,4-5;package=4-7,0-3", 8, "core=0-1,2-3,4-5,6-7;package=0-3,4-7" },
	{ "core=4+0,5+1,6+2,7+3;package=0-7", 0, "core=0+4,1+5,2+6,3+7;package=0-7" },
	{ "core=0+1+2,3;package=3+0-2", 4, "core=0-2,3;package=0-3" },
	{ "core=0-1,2-3\n", 4, "core=0-1,2-3" },
	/* The compact form parses to the same topologies. */
	{ "core=0-1*4;package=0-3*2", 0, "core=0-1,2-3,4-5,6-7;package=0-3,4-7" },
	{ "core=0+4*4@1;package=0-7", 0, "core=0+4,1+5,2+6,3+7;package=0-7" },
	{ "core=0-6/2,1-7/2", 0, "core=0+2+4+6,1+3+5+7" },
	{ "core=0-7/4*4@1", 0, "core=0+4,1+5,2+6,3+7" },
	/* B need not be a member: 0-5/4 is 0 and 4. */
	{ "core=0-5/4*4@1", 0, "core=0+4,1+5,2+6,3+7" },
	{ "core=0-1*2,4,5", 0, "core=0-1,2-3,4,5" },
};

/* Structures, their compact canonical form. */
static const struct good_case compact[] = {
	{ "none", 4, "none" },
	{ "core=0-1,2-3,4-5,6-7;package=0-3,4-7", 0, "core=0-1*4;package=0-3*2" },
	{ "core=0+4,1+5,2+6,3+7;package=0-7", 0, "core=0+4*4@1;package=0-7" },
	{ "core=0+2+4+6,1+3+5+7", 0, "core=0-6/2*2@1" },
	/* Two CPUs a step apart are not worth a range. */
	{ "core=0+2,1+3", 0, "core=0+2*2@1" },
	/* A run breaks where the shift changes: offline CPU 5 alone. */
	{ "core=0-1,2-3,4,5,6-7,8-9", 0, "core=0-1*2,4*2,6-7*2" },
	{ "core=0,1,2,3,4-5,6-7", 0, "core=0*4,4-5*2" },
	{ "core=0+2+3+4,1", 0, "core=0+2-4,1" },
};

static void test_topology_parse_canonical(void **s)
{
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct pidle_topology a, b;
		struct pidle_err err = { 0 };
		char buf[256], buf2[256];

		if (pidle_topology_parse(good[i].in, good[i].nr_cpus, &a, &err))
			fail_msg("\"%s\": %s", good[i].in, err.msg);
		assert_true(pidle_topology_print(&a, buf, sizeof(buf)) > 0);
		assert_string_equal(buf, good[i].canon);
		/* parse -> print -> parse is the identity */
		assert_int_equal(pidle_topology_parse(buf, a.nr_cpus, &b, &err), 0);
		assert_true(pidle_topology_print(&b, buf2, sizeof(buf2)) > 0);
		assert_string_equal(buf, buf2);
		pidle_topology_free(&a);
		pidle_topology_free(&b);
	}
}

static void test_topology_print_compact(void **s)
{
	for (size_t i = 0; i < sizeof(compact) / sizeof(compact[0]); i++) {
		struct pidle_topology a, b;
		struct pidle_err err = { 0 };
		char buf[256], buf2[256];
		int len;

		if (pidle_topology_parse(compact[i].in, compact[i].nr_cpus, &a, &err))
			fail_msg("\"%s\": %s", compact[i].in, err.msg);
		len = pidle_topology_print_compact(&a, buf, sizeof(buf));
		assert_int_equal(len, strlen(compact[i].canon));
		assert_string_equal(buf, compact[i].canon);
		/* Exactly len + 1 bytes fit; len do not. */
		assert_int_equal(pidle_topology_print_compact(&a, buf2, len + 1), len);
		assert_int_equal(pidle_topology_print_compact(&a, buf2, len), -ENOSPC);
		/* It parses back to the same structure, explicit form and all. */
		assert_int_equal(pidle_topology_parse(buf, a.nr_cpus, &b, &err), 0);
		assert_true(pidle_topology_print(&a, buf, sizeof(buf)) > 0);
		assert_true(pidle_topology_print(&b, buf2, sizeof(buf2)) > 0);
		assert_string_equal(buf, buf2);
		pidle_topology_free(&a);
		pidle_topology_free(&b);
	}
}

/*
 * The limit the issue names: 8 packages x 4 dies x 64 cores x 4 threads,
 * 8192 CPUs, numbered as Linux numbers x86 SMT: CPU n and n + 2048, n +
 * 4096, n + 6144 are one core's threads. Written out explicitly (41 KB,
 * what topology=auto builds), it loads; its explicit print does not fit a
 * sysfs page, so pidle_topology_show() falls back to the compact form,
 * which is short and loads back to the same topology.
 */
static char *interleaved_8192(void)
{
	static const struct { const char *name; unsigned int cores; } lvl[] = {
		{ "core", 1 }, { "die", 64 }, { "package", 256 },
	};
	const unsigned int nr_cores = 2048, threads = 4;
	size_t size = 512 * 1024, n = 0;
	char *buf = malloc(size);

	assert_non_null(buf);
	for (size_t l = 0; l < 3; l++) {
		n += snprintf(buf + n, size - n, "%s%s=", l ? ";" : "", lvl[l].name);
		for (unsigned int d = 0; d < nr_cores / lvl[l].cores; d++) {
			for (unsigned int t = 0; t < threads; t++) {
				unsigned int first = t * nr_cores + d * lvl[l].cores;

				n += snprintf(buf + n, size - n, "%s%u", t ? "+" : d ? "," : "",
					      first);
				if (lvl[l].cores > 1)
					n += snprintf(buf + n, size - n, "-%u",
						      first + lvl[l].cores - 1);
			}
		}
		assert_true(n < size);
	}
	return buf;
}

static void test_topology_8192_interleaved(void **s)
{
	static const char want[] =
		"core=0-6144/2048*2048@1;"
		"die=0-63+2048-2111+4096-4159+6144-6207*32@64;"
		"package=0-255+2048-2303+4096-4351+6144-6399*8@256";
	static char page[4096], again[4096];
	struct pidle_topology a, b;
	struct pidle_err err = { 0 };
	char *explicit = interleaved_8192();

	assert_true(strlen(explicit) > 40000);
	if (pidle_topology_parse(explicit, 8192, &a, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(a.nr_cpus, 8192);
	assert_int_equal(a.level[0].nr_domains, 2048);
	assert_int_equal(a.level[1].nr_domains, 32);
	assert_int_equal(a.level[2].nr_domains, 8);
	/* CPU 6144 + 100 is core 100's fourth thread, in die 1, package 0. */
	assert_int_equal(a.level[0].domain_of_cpu[6244], 100);
	assert_int_equal(a.level[1].domain_of_cpu[6244], 1);
	assert_int_equal(a.level[2].domain_of_cpu[6244], 0);

	assert_int_equal(pidle_topology_print(&a, page, sizeof(page)), -ENOSPC);
	assert_int_equal(pidle_topology_show(&a, page, sizeof(page)), strlen(want));
	assert_string_equal(page, want);
	if (pidle_topology_parse(page, 8192, &b, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(pidle_topology_show(&b, again, sizeof(again)), strlen(want));
	assert_string_equal(again, want);
	for (unsigned int l = 0; l < 3; l++)
		assert_memory_equal(a.level[l].domain_of_cpu, b.level[l].domain_of_cpu,
				    8192 * sizeof(unsigned int));
	pidle_topology_free(&a);
	pidle_topology_free(&b);
	free(explicit);
}

/*
 * What topology=auto gives with CPUs offline: each offline CPU is a
 * domain of its own at every level. 2048 CPUs, 4 packages of 256 cores x
 * 2 threads, CPUs 7 and 1100 offline (and so their siblings 1031 and 76
 * single-CPU cores). The explicit form is longer than a sysfs page; the
 * compact one is short and exact.
 */
static void test_topology_2048_offline(void **s)
{
	const unsigned int nr = 2048, cores = 1024;
	unsigned int *core = calloc(nr, sizeof(*core)), *pkg = calloc(nr, sizeof(*pkg));
	struct pidle_topology a = { .nr_cpus = nr, .nr_levels = 2 }, b;
	struct pidle_err err = { 0 };
	static char page[4096];
	unsigned int cpu;
	int len;

	assert_non_null(core);
	assert_non_null(pkg);
	for (cpu = 0; cpu < nr; cpu++) {
		/* Keys: any distinct value per domain; normalized below. */
		core[cpu] = cpu % cores;
		pkg[cpu] = (cpu % cores) / 256;
		if (cpu == 7 || cpu == 1100) {
			core[cpu] = 10000 + cpu;
			pkg[cpu] = 10000 + cpu;
		}
	}
	/* Build by printing each level explicitly, then parsing. */
	{
		char *buf = malloc(64 * 1024), *p = buf;

		assert_non_null(buf);
		for (unsigned int l = 0; l < 2; l++) {
			unsigned int *key = l ? pkg : core;
			bool *done = calloc(nr, sizeof(*done));
			bool firstdom = true;

			p += sprintf(p, "%s%s=", l ? ";" : "", l ? "package" : "core");
			for (cpu = 0; cpu < nr; cpu++) {
				bool first = true;

				if (done[cpu])
					continue;
				p += sprintf(p, "%s", firstdom ? "" : ",");
				firstdom = false;
				for (unsigned int c = cpu; c < nr; c++) {
					if (key[c] != key[cpu])
						continue;
					p += sprintf(p, "%s%u", first ? "" : "+", c);
					first = false;
					done[c] = true;
				}
			}
			free(done);
		}
		if (pidle_topology_parse(buf, nr, &a, &err))
			fail_msg("%s", err.msg);
		free(buf);
	}
	len = pidle_topology_show(&a, page, sizeof(page));
	assert_int_equal(pidle_topology_print(&a, page, sizeof(page)), -ENOSPC);
	len = pidle_topology_show(&a, page, sizeof(page));
	assert_int_equal(len, 125);
	/* Two offline CPUs 69 apart are a run of their own. */
	assert_string_equal(page,
		"core=0+1024*7@1,7,8+1032*68@1,76,77+1101*947@1,1031*2@69;"
		"package=0-6+8-255+1024-1099+1101-1279,7,256-511+1280-1535*3@256,1100");
	assert_int_equal(pidle_topology_parse(page, nr, &b, &err), 0);
	for (unsigned int l = 0; l < 2; l++)
		assert_memory_equal(a.level[l].domain_of_cpu, b.level[l].domain_of_cpu,
				    nr * sizeof(unsigned int));
	pidle_topology_free(&a);
	pidle_topology_free(&b);
	free(core);
	free(pkg);
}

static void test_topology_domain_of_cpu(void **s)
{
	struct pidle_topology t;
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_topology_parse("core=1+3,0+2;package=0-3", 0, &t, &err), 0);
	assert_int_equal(t.nr_cpus, 4);
	assert_int_equal(t.nr_levels, 2);
	assert_int_equal(t.level[0].nr_domains, 2);
	assert_int_equal(t.level[0].domain_of_cpu[0], 0);
	assert_int_equal(t.level[0].domain_of_cpu[1], 1);
	assert_int_equal(t.level[0].domain_of_cpu[2], 0);
	assert_int_equal(t.level[0].domain_of_cpu[3], 1);
	assert_int_equal(pidle_topology_level_index(&t, "package"), 2);
	assert_int_equal(pidle_topology_level_index(&t, "cpu"), 0);
	assert_true(pidle_topology_level_index(&t, "die") < 0);
	pidle_topology_free(&t);
}

/*
 * Found by tests/fuzz/fuzz_parse: a canonical form that fits the buffer
 * exactly, NUL included, was refused with -ENOSPC, because a truncated
 * scnprintf() looks the same as one that just filled the buffer.
 */
static void test_topology_print_exact_fit(void **s)
{
	static const char *const canon[] = {
		"none", "core=0-1,2-3", "core=0+2,1+3;package=0-3",
		"core=0,1,2,3;package=0-3",
	};

	for (size_t i = 0; i < sizeof(canon) / sizeof(canon[0]); i++) {
		size_t len = strlen(canon[i]);
		struct pidle_topology t;
		struct pidle_err err = { 0 };
		char buf[64];

		assert_int_equal(pidle_topology_parse(canon[i], 4, &t, &err), 0);
		memset(buf, 'x', sizeof(buf));
		assert_int_equal(pidle_topology_print(&t, buf, len + 1), len);
		assert_string_equal(buf, canon[i]);
		assert_int_equal(buf[len + 1], 'x');	/* nothing past the end */
		/* One byte short, and every shorter size down to none. */
		for (size_t size = len; size > 0; size--) {
			memset(buf, 'x', sizeof(buf));
			assert_int_equal(pidle_topology_print(&t, buf, size), -ENOSPC);
			assert_int_equal(buf[size], 'x');
			assert_non_null(memchr(buf, '\0', size));
		}
		assert_int_equal(pidle_topology_print(&t, buf, 0), -ENOSPC);
		pidle_topology_free(&t);
	}
}

struct bad_case { const char *in; unsigned int nr_cpus; const char *msg; };

static const struct bad_case bad[] = {
	{ "core=0-1,1-3", 0, "level core: CPU 1 is in two domains (0 and 1)" },
	{ "core=0-1,3", 0, "level core: CPU 2 is in no domain" },
	{ "core=0-1,2-3;package=0,1-3", 0, "domain 0 is split across package domains 0 and 1 (at CPU 1): levels must nest" },
	{ "core=0-1,2-3", 2, "domain 1: CPU 2 is out of range (2 CPUs)" },
	{ "core=0-1,5-7", 4, "domain 1: CPU 5 is out of range (4 CPUs)" },
	{ "core=0-1,2-3", 8, "CPU 4 is in no domain" },
	{ "core=0-8192", 0, "CPU \"8192\": beyond the largest CPU number (8191)" },
	{ "core=0-99999999999999999999", 0, "beyond the largest CPU number" },
	{ "core=3-1", 0, "range 3-1 goes backwards" },
	{ "core=0,,1", 0, "domain 1 is empty" },
	{ "core=", 0, "domain 0 is empty" },
	{ "core=0-1;", 0, "level 2 is empty" },
	{ "core0-1", 0, "missing '='" },
	{ "core=0-1;core=0-1", 0, "level \"core\" given twice" },
	{ "cpu=0-1", 0, "reserved for per-CPU states" },
	{ "co re=0-1", 0, "has a character outside" },
	{ "a=0;b=0;c=0;d=0;e=0;f=0", 0, "more than 5 levels" },
	{ "core=x", 0, "CPU \"x\": not a decimal number" },
	{ "core=0-", 0, "CPU \"\": empty" },
	{ "none", 0, "no CPU count" },
	/* The compact form. */
	{ "core=0-1*0", 0, "domain 0: count 0" },
	{ "core=0-1*", 0, "count \"\": empty" },
	{ "core=0-1*x", 0, "count \"x\": not a decimal number" },
	{ "core=0-1*8193", 0, "count \"8193\": beyond 8192" },
	{ "core=0-1*4097", 0, "4097 copies 2 CPUs apart reach CPU 8193" },
	{ "core=0*2@8192", 0, "stride \"8192\": beyond 8191" },
	{ "core=0+1*2@1", 0, "CPU 1 is in two domains (0 and 1)" },
	{ "core=0*2@0", 0, "CPU 0 is in two domains (0 and 1)" },
	{ "core=0/2", 0, "domain 0: a step needs a range (A-B/STEP)" },
	{ "core=0-4/0", 0, "domain 0: step 0" },
	{ "core=0-6/2", 0, "CPU 1 is in no domain" },
	{ "core=0-1*4", 4, "domain 2: CPU 4 is out of range (4 CPUs)" },
	{ "core=0*8192,0*8192", 0, "more than 8192 domains" },
	{ "core=*2", 0, "domain 0 is empty" },
};

/* The run-time reconfiguration keeps the topology in force by copy. */
static void test_topology_copy(void **s)
{
	struct pidle_topology a, b, keep = { .nr_levels = 0 };
	struct pidle_err err = { 0 };
	char buf[128], buf2[128];
	unsigned long n;

	assert_int_equal(pidle_topology_parse("core=0+4,1+5,2+6,3+7;cluster=0-1+4-5,2-3+6-7;package=0-7",
					      0, &a, &err), 0);
	assert_int_equal(pidle_topology_copy(&b, &a), 0);
	assert_int_equal(b.nr_cpus, 8);
	assert_int_equal(b.nr_levels, 3);
	/* Deep: the copy owns its maps, and outlives the original. */
	assert_ptr_not_equal(b.level[0].domain_of_cpu, a.level[0].domain_of_cpu);
	assert_true(pidle_topology_print(&a, buf, sizeof(buf)) > 0);
	pidle_topology_free(&a);
	assert_true(pidle_topology_print(&b, buf2, sizeof(buf2)) > 0);
	assert_string_equal(buf, buf2);

	/* A flat topology copies too. */
	assert_int_equal(pidle_topology_parse("none", 3, &a, &err), 0);
	assert_int_equal(pidle_topology_copy(&keep, &a), 0);
	assert_int_equal(keep.nr_cpus, 3);
	assert_int_equal(keep.nr_levels, 0);

	/* Each allocation failing in turn: -ENOMEM, destination untouched. */
	for (n = 1;; n++) {
		int ret;

		pidle_shim_fail_alloc_at = pidle_shim_allocs + n;
		ret = pidle_topology_copy(&keep, &b);
		pidle_shim_fail_alloc_at = 0;
		if (ret == 0)
			break;
		assert_int_equal(ret, -ENOMEM);
		assert_int_equal(keep.nr_cpus, 3);
		assert_int_equal(keep.nr_levels, 0);
	}
	assert_int_equal(n, 4);	/* one map per level */
	assert_true(pidle_topology_print(&keep, buf, sizeof(buf)) > 0);
	assert_string_equal(buf, buf2);
	pidle_topology_free(&keep);
	pidle_topology_free(&b);
}

static void test_topology_parse_bad_input(void **s)
{
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pidle_topology t;
		struct pidle_err err = { 0 };
		int ret;

		memset(&t, 0x5a, sizeof(t));
		ret = pidle_topology_parse(bad[i].in, bad[i].nr_cpus, &t, &err);
		if (ret != -EINVAL)
			fail_msg("\"%s\": returned %d", bad[i].in, ret);
		if (!strstr(err.msg, bad[i].msg) || strncmp(err.msg, "topology: ", 10))
			fail_msg("\"%s\": message \"%s\" lacks \"%s\"", bad[i].in,
				 err.msg, bad[i].msg);
		assert_int_equal(t.nr_levels, 0x5a5a5a5a);	/* untouched */
	}
}

struct check_case { const char *states; const char *topo; const char *msg; };

static const struct check_case checks[] = {
	{ "C1:1:1,X:2:2:cluster", "core=0-1", "level \"cluster\" is not a level of the topology (it has: cpu,core)" },
	{ "C6:1:1:core", "core=0-1", "the first state must be at cpu level" },
	{ "C1:1:1,PC6:2:2:package,CC6:3:3:core", "core=0-1;package=0-1", "level \"core\" is below state 1's level \"package\"" },
	{ "C1:1:1,A:1:1:core,B:1:1:core,C:1:1:core,D:1:1:core,E:1:1:core", "core=0-1", "more than 4 states at level \"core\"" },
};

static void test_config_check_bad(void **s)
{
	for (size_t i = 0; i < sizeof(checks) / sizeof(checks[0]); i++) {
		struct pidle_states st;
		struct pidle_topology t;
		struct pidle_err err = { 0 };

		assert_int_equal(pidle_states_parse(checks[i].states, &st, &err), 0);
		assert_int_equal(pidle_topology_parse(checks[i].topo, 0, &t, &err), 0);
		assert_int_equal(pidle_config_check(&st, &t, &err), -EINVAL);
		if (!strstr(err.msg, checks[i].msg))
			fail_msg("message \"%s\" lacks \"%s\"", err.msg, checks[i].msg);
		pidle_topology_free(&t);
	}
}

static void test_config_default_drops_missing_levels(void **s)
{
	struct pidle_states st;
	struct pidle_topology t;
	struct pidle_err err = { 0 };

	assert_int_equal(pidle_states_parse(pidle_default_states, &st, &err), 0);
	assert_int_equal(pidle_topology_parse("core=0-1", 0, &t, &err), 0);
	pidle_states_drop_missing_levels(&st, &t);
	assert_int_equal(st.nr_states, 4);	/* PC6 (package) dropped */
	assert_int_equal(pidle_config_check(&st, &t, &err), 0);
	pidle_topology_free(&t);
}

static void test_config_words(void **s)
{
	struct pidle_err err = { 0 };
	enum pidle_wait w;
	enum pidle_policy p;
	bool pw = false;

	assert_int_equal(pidle_wait_parse("halt\n", &w, &err), 0);
	assert_int_equal(w, PIDLE_WAIT_HALT);
	assert_string_equal(pidle_wait_name(w), "halt");
	assert_int_equal(pidle_policy_parse("timer", &p, &err), 0);
	assert_string_equal(pidle_policy_name(p), "timer");
	assert_int_equal(pidle_wait_parse("spin", &w, &err), -EINVAL);
	assert_string_equal(err.msg, "wait: \"spin\": not one of poll, halt");
	assert_int_equal(pidle_policy_parse("", &p, &err), -EINVAL);
	assert_string_equal(err.msg, "domain_policy: \"\": not one of auto, timer");
	assert_int_equal(pidle_prewake_parse(" on\n", &pw, &err), 0);
	assert_true(pw);
	assert_string_equal(pidle_prewake_name(pw), "on");
	assert_int_equal(pidle_prewake_parse("off", &pw, &err), 0);
	assert_false(pw);
	assert_string_equal(pidle_prewake_name(pw), "off");
	assert_int_equal(pidle_prewake_parse("1", &pw, &err), -EINVAL);
	assert_string_equal(err.msg, "prewake: \"1\": not one of off, on");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_topology_parse_canonical),
		cmocka_unit_test(test_topology_print_compact),
		cmocka_unit_test(test_topology_8192_interleaved),
		cmocka_unit_test(test_topology_2048_offline),
		cmocka_unit_test(test_topology_domain_of_cpu),
		cmocka_unit_test(test_topology_print_exact_fit),
		cmocka_unit_test(test_topology_copy),
		cmocka_unit_test(test_topology_parse_bad_input),
		cmocka_unit_test(test_config_check_bad),
		cmocka_unit_test(test_config_default_drops_missing_levels),
		cmocka_unit_test(test_config_words),
	};

	return pidle_unit_run("topology", tests);
}
