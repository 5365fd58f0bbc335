// SPDX-License-Identifier: GPL-2.0
/*
 * pidlecheck [-r ROOT] SNAP ELAPSED_NS POLICY [CPU:ONLINES...]: the invariants the
 * model keeps, checked on a snapshot of every counter (lib.sh's snap: one
 * "PATH:VALUE" line each, paths under /sys/kernel/pseudo_cpuidle) taken
 * with every online CPU busy, so that no counter moves while it is read.
 * CPU:ONLINES gives the times each CPU was brought online since the
 * counters began (none: 0); POLICY is domain_policy=. Prints one line per
 * violation; exit 0 when there is none, 1 otherwise, 2 on bad input.
 * -r ROOT: read the cpuidle latencies and the offline CPUs under ROOT.
 *
 * Per CPU: requested = achieved over all states (no entry in flight);
 * demoted <= requested, nothing demoted from state 0; counting from any
 * state down, no more achieved than requested (no CPU wakes deeper than it
 * asked); a CPU-level state's latency paid is exactly achieved x its
 * latency, a domain state's at most that.
 * Per domain: up (down = -1) unless every CPU is offline; too_deep <=
 * usage; rejected = 0 under domain_policy=auto; latency paid = usage x
 * latency, less one latency per down period a CPU coming online ended (it
 * pays nothing), so at most the domain's onlines; the residency of all its
 * states <= ELAPSED_NS; each down period in state t or deeper had a first
 * man that achieved t or deeper: usage from t down <= the domain's CPUs'
 * achieved from t down + its onlines.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pidle/counters.h>
#include "pidle_common.h"

#define CPUS	64
#define STATES	16
#define DOMAINS	64
#define CPUIDLE	"/sys/devices/system/cpu"

#define ENUM(f) C_##f,
enum { PIDLE_CPU_COUNTERS(ENUM) NR_C };
#undef ENUM
#define ENUM(f) D_##f,
enum { PIDLE_DOMAIN_COUNTERS(ENUM) NR_D };
#undef ENUM
#define NAME(f) #f,
static const char *const cname[] = { PIDLE_CPU_COUNTERS(NAME) };
static const char *const dname[] = { PIDLE_DOMAIN_COUNTERS(NAME) };

static unsigned long long C[CPUS][STATES][NR_C], lat_ns[STATES];
static bool cpu_seen[CPUS], domain_level_state[STATES];
static unsigned int nr_states, nr_doms, nbad;
static struct {
	char name[32];
	struct pidle_cpuset cpus;
	long long down;
	bool has[STATES];
	unsigned long long v[STATES][NR_D];
} dom[DOMAINS];
static unsigned long long onlines[CPUS];

static __attribute__((format(printf, 1, 2))) void bad(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	nbad++;
}

static int field(const char *const *names, int n, const char *f)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], f))
			return i;
	return -1;
}

static unsigned int domain(const char *name)
{
	unsigned int d;

	for (d = 0; d < nr_doms; d++)
		if (!strcmp(dom[d].name, name))
			return d;
	if (nr_doms < DOMAINS)
		snprintf(dom[nr_doms++].name, sizeof(dom[0].name), "%s", name);
	return d;
}

/* One "PATH:VALUE" line of the snapshot. */
static void take(char *line)
{
	char *val = strchr(line, ':'), name[32], attr[32];
	unsigned int cpu, k;
	int f, n;

	if (!val)
		return;
	*val++ = '\0';
	if (sscanf(line, "domains/%31[^/]/%n", name, &n) == 1) {
		unsigned int d = domain(name);
		const char *rest = line + n;

		if (d == DOMAINS)
			return;
		if (!strcmp(rest, "cpus"))
			pidle_cpulist_add(&dom[d].cpus, val);
		else if (!strcmp(rest, "down"))
			dom[d].down = strtoll(val, NULL, 10);
		else if (sscanf(rest, "state%u/%31s", &k, attr) == 2 && k < STATES &&
			 (f = field(dname, NR_D, attr)) >= 0) {
			dom[d].has[k] = domain_level_state[k] = true;
			dom[d].v[k][f] = strtoull(val, NULL, 10);
		}
	} else if (sscanf(line, "cpu%u/state%u/%31s", &cpu, &k, attr) == 3 &&
		   cpu < CPUS && k < STATES && (f = field(cname, NR_C, attr)) >= 0) {
		cpu_seen[cpu] = true;
		C[cpu][k][f] = strtoull(val, NULL, 10);
	}
}

static void check_cpu(unsigned int c)
{
	unsigned long long r = 0, a = 0, paid, most;
	int k;

	for (k = nr_states - 1; k >= 0; k--) {
		unsigned long long *s = C[c][k];

		r += s[C_requested];
		a += s[C_achieved];
		if (a > r)
			bad("cpu%u: achieved %llu > requested %llu from state%d down", c, a, r, k);
		if (s[C_demoted] > s[C_requested])
			bad("cpu%u state%d: demoted %llu > requested %llu", c, k,
			    s[C_demoted], s[C_requested]);
		paid = s[C_latency_paid_ns];
		most = s[C_achieved] * lat_ns[k];
		if (!domain_level_state[k] && paid != most)
			bad("cpu%u state%d: latency_paid_ns %llu != achieved x latency %llu", c, k, paid, most);
		if (domain_level_state[k] && paid > most)
			bad("cpu%u state%d: latency_paid_ns %llu > achieved x latency %llu", c, k, paid, most);
	}
	if (r != a)
		bad("cpu%u: requested %llu != achieved %llu", c, r, a);
	if (C[c][0][C_demoted])
		bad("cpu%u: state0 demoted %llu", c, C[c][0][C_demoted]);
}

static void check_domain(unsigned int d, const struct pidle_cpuset *offline,
			 const char *policy, unsigned long long elapsed)
{
	unsigned long long on = 0, res = 0, u_from = 0, a_from, u, l, paid;
	char cpus[256];
	bool all_off = true;
	unsigned int c, s;
	int k;

	for (c = 0; c < CPUS; c++) {
		if (!pidle_cpuset_test(&dom[d].cpus, c))
			continue;
		all_off &= pidle_cpuset_test(offline, c);
		on += onlines[c];
	}
	pidle_cpulist_print(&dom[d].cpus, cpus, sizeof(cpus));
	if (!all_off && dom[d].down != -1)
		bad("%s: down %lld with online CPUs %s all busy", dom[d].name, dom[d].down, cpus);
	for (k = nr_states - 1; k >= 0; k--) {
		unsigned long long *v = dom[d].v[k];

		if (!dom[d].has[k])
			continue;
		u = v[D_usage];
		res += v[D_residency_ns];
		if (v[D_too_deep] > u)
			bad("%s state%d: too_deep %llu > usage %llu", dom[d].name, k, v[D_too_deep], u);
		if (!strcmp(policy, "auto") && v[D_rejected])
			bad("%s state%d: rejected %llu under domain_policy=auto", dom[d].name, k, v[D_rejected]);
		paid = v[D_latency_paid_ns];
		l = lat_ns[k];
		if (l && paid % l)
			bad("%s state%d: latency_paid_ns %llu not a multiple of %llu", dom[d].name, k, paid, l);
		if (paid > u * l || (l && (u * l - paid) / l > on))
			bad("%s state%d: latency_paid_ns %llu for usage %llu x %llu and %llu onlines",
			    dom[d].name, k, paid, u, l, on);
		u_from += u;
		a_from = 0;
		for (c = 0; c < CPUS; c++) {
			if (!pidle_cpuset_test(&dom[d].cpus, c))
				continue;
			for (s = k; s < nr_states; s++)
				a_from += C[c][s][C_achieved];
		}
		if (u_from > a_from + on)
			bad("%s: usage from state%d down %llu > achieved %llu + onlines %llu",
			    dom[d].name, k, u_from, a_from, on);
	}
	if (res > elapsed)
		bad("%s: residency %llu ns > elapsed %llu ns", dom[d].name, res, elapsed);
}

int main(int argc, char **argv)
{
	struct pidle_cpuset offline = { { 0 } };
	unsigned long long elapsed, us;
	char line[512], list[256] = "";
	unsigned int c, d;
	const char *root = "";
	FILE *f;
	int i;

	if (argc > 2 && !strcmp(argv[1], "-r")) {
		root = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (argc < 4 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: pidlecheck [-r ROOT] SNAP ELAPSED_NS POLICY [CPU:ONLINES...]\n");
		return 2;
	}
	elapsed = strtoull(argv[2], NULL, 10);
	for (i = 4; i < argc; i++)
		if (sscanf(argv[i], "%u:%llu", &c, &us) == 2 && c < CPUS)
			onlines[c] = us;
	for (nr_states = 0; nr_states < STATES &&
	     !pidle_read_u64f(&us, "%s" CPUIDLE "/cpu0/cpuidle/state%u/latency", root, nr_states);
	     nr_states++)
		lat_ns[nr_states] = us * 1000;
	snprintf(line, sizeof(line), "%s" CPUIDLE "/offline", root);
	if (!pidle_read_file(line, list, sizeof(list)))
		pidle_cpulist_add(&offline, list);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		take(line);
	}
	fclose(f);
	for (c = 0; c < CPUS; c++)
		if (cpu_seen[c])
			check_cpu(c);
	for (d = 0; d < nr_doms; d++)
		check_domain(d, &offline, argv[3], elapsed);
	return nbad > 0;
}
