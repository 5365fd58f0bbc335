// SPDX-License-Identifier: GPL-2.0
/*
 * energycheck: does pseudo_cpuidle's energy rise over an interval by what
 * its table predicts from the residencies measured over the same interval?
 * Linked with the model core: the table in force (states=, power=) is read
 * back from the module's parameters and parsed with the module's parser.
 *
 *   energycheck SECONDS
 *
 * Per CPU the prediction comes from cpuidle's own counters, independent of
 * the module's energy code: each cpuidle state's time is idle time at the
 * power of that state's CPU-level fallback, less the exit latency the
 * module spun (cpuidle's time includes it; the model counts it as active
 * time), the rest of the interval at the active power, and each entry at
 * the fallback's entry+exit energy. Per domain, from its residency_ns and
 * usage: up power outside the down periods, each state's power in them.
 * Then: every node's oracle energy at most its idle energy, and the root's
 * energy_uj the sum of the nodes'.
 *
 * Each node is read from one of its CPUs (a CPU from itself, a domain from
 * its first CPU): the CPU is then awake, so cpuidle's time is up to date
 * and no period of the node ends during the read. Each node's interval is
 * its own (between its two reads), and the tolerance is the time its read
 * took at the node's largest power, plus per idle entry 50 us of the CPU's
 * power difference for the clock reads the cpuidle core makes around
 * ->enter, plus 1 %. The root's energy_uj, read before and after the
 * nodes, brackets their sum.
 *
 * A table per CPU set (states=CPUS=TABLE;...) and power= per set are read
 * per node: a CPU's cpuidle states are its set's own (its driver's index k
 * is its set's slot), a domain's states and up power those of its first
 * CPU's set (a domain spanning sets has them agree at its level).
 *
 * Output: "# " lines with the numbers; "energycheck: ok" and exit 0, or
 * the failed checks on stderr and exit 1; 2 on a usage or read error.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pidle/config.h>

#define PARAMS	"/sys/module/pseudo_cpuidle/parameters"
#define PSYS	"/sys/kernel/pseudo_cpuidle"
#define CPUSYS	"/sys/devices/system/cpu"
#define MAX_CPUS 64
#define MAX_DOMS 64
#define ENTRY_SLACK_US	50.0

struct snap {
	unsigned long long root_begin_uj, root_end_uj;
	struct {
		double t_s, dur_s;
		unsigned long long uj, idle_uj, oracle_uj;
		unsigned long long time_us[PIDLE_MAX_STATES], usage[PIDLE_MAX_STATES];
		unsigned long long spun_ns[PIDLE_MAX_STATES];
	} cpu[MAX_CPUS];
	struct {
		char name[256];
		unsigned int first_cpu;
		double t_s, dur_s;
		unsigned long long uj, idle_uj, oracle_uj;
		unsigned long long resid_ns[PIDLE_MAX_STATES], usage[PIDLE_MAX_STATES];
	} dom[MAX_DOMS];
};

static struct pidle_states table;
static unsigned int nr_cpus, nr_doms, failures;
static struct snap a, b;

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static double absd(double x)
{
	return x < 0 ? -x : x;
}

static int read_str(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = '\0';
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

static unsigned long long read_u64(const char *fmt, ...)
{
	char path[512], buf[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	if (read_str(path, buf, sizeof(buf))) {
		fprintf(stderr, "energycheck: cannot read %s\n", path);
		exit(2);
	}
	return strtoull(buf, NULL, 10);
}

static void fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("energycheck: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	failures++;
}

/* Run on @cpu: it is awake while its counters are read. */
static void visit(unsigned int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "energycheck: cannot run on CPU %u\n", cpu);
		exit(2);
	}
}

/* @level's power= item for @cpu's power set (or the one list). */
static unsigned int up_mw(unsigned int cpu, const char *level)
{
	const struct pidle_level_power *up;
	unsigned int i, n = pidle_power_of_cpu(&table, cpu, &up);

	for (i = 0; i < n; i++)
		if (!strcmp(up[i].level_name, level))
			return up[i].power_mw;
	return 0;
}

/* @cpu's own states, cpuidle's index k: its set's slot, or the table's k. */
static unsigned int own_count(unsigned int cpu)
{
	int set = pidle_states_set_of(&table, cpu);

	return set < 0 ? table.nr_states : table.set[set].nr_own;
}

static const struct pidle_state_desc *own_state(unsigned int cpu, unsigned int k)
{
	int set = pidle_states_set_of(&table, cpu);

	return set < 0 ? &table.state[k] : &table.set[set].state[table.set[set].slot[k]];
}

/* The CPU-level state a CPU's own state @k falls back to (itself if cpu). */
static unsigned int fallback(unsigned int cpu, unsigned int k)
{
	while (k && strcmp(own_state(cpu, k)->level_name, PIDLE_LEVEL_CPU))
		k--;
	return k;
}

static void take(struct snap *s)
{
	unsigned int c, k, d;
	double t0;

	s->root_begin_uj = read_u64(PSYS "/energy_uj");
	for (c = 0; c < nr_cpus; c++) {
		visit(c);
		t0 = now_s();
		s->cpu[c].uj = read_u64(PSYS "/cpu%u/energy_uj", c);
		s->cpu[c].idle_uj = read_u64(PSYS "/cpu%u/idle_energy_uj", c);
		s->cpu[c].oracle_uj = read_u64(PSYS "/cpu%u/oracle_energy_uj", c);
		for (k = 0; k < own_count(c); k++) {
			s->cpu[c].time_us[k] = read_u64(CPUSYS "/cpu%u/cpuidle/state%u/time", c, k);
			s->cpu[c].usage[k] = read_u64(CPUSYS "/cpu%u/cpuidle/state%u/usage", c, k);
			s->cpu[c].spun_ns[k] =
				read_u64(PSYS "/cpu%u/state%u/latency_paid_ns", c, k) +
				read_u64(PSYS "/cpu%u/state%u/overshoot_ns", c, k);
		}
		s->cpu[c].t_s = t0;	/* energy_uj is read first */
		s->cpu[c].dur_s = now_s() - t0;
	}
	for (d = 0; d < nr_doms; d++) {
		visit(s->dom[d].first_cpu);
		t0 = now_s();
		s->dom[d].uj = read_u64(PSYS "/domains/%s/energy_uj", s->dom[d].name);
		s->dom[d].idle_uj = read_u64(PSYS "/domains/%s/idle_energy_uj", s->dom[d].name);
		s->dom[d].oracle_uj = read_u64(PSYS "/domains/%s/oracle_energy_uj", s->dom[d].name);
		for (k = 0; k < table.nr_states; k++) {
			char path[512];

			snprintf(path, sizeof(path), PSYS "/domains/%s/state%u",
				 s->dom[d].name, k);
			if (access(path, F_OK))
				continue;
			s->dom[d].resid_ns[k] = read_u64("%s/residency_ns", path);
			s->dom[d].usage[k] = read_u64("%s/usage", path);
		}
		s->dom[d].t_s = t0;
		s->dom[d].dur_s = now_s() - t0;
	}
	s->root_end_uj = read_u64(PSYS "/energy_uj");
}

static void check(const char *what, double measured_uj, double predicted_uj,
		  double tol_uj)
{
	printf("# %s: %.0f uJ, predicted %.0f uJ (tolerance %.0f)\n", what,
	       measured_uj, predicted_uj, tol_uj);
	if (absd(measured_uj - predicted_uj) > tol_uj)
		fail("%s: %.0f uJ, predicted %.0f +- %.0f uJ", what, measured_uj,
		     predicted_uj, tol_uj);
}

int main(int argc, char **argv)
{
	char buf[PIDLE_PARAM_LEN];
	struct pidle_err err = { 0 };
	unsigned int c, k, d;
	u32 max_mw;
	double secs, el_s, sum_uj = 0, lo, hi;
	struct dirent *de;
	DIR *dir;

	if (argc != 2 || (secs = atof(argv[1])) <= 0) {
		fprintf(stderr, "usage: energycheck SECONDS\n");
		return 2;
	}
	if (read_str(PARAMS "/states", buf, sizeof(buf)) ||
	    pidle_states_parse(buf, &table, &err) ||
	    read_str(PARAMS "/power", buf, sizeof(buf)) ||
	    pidle_power_parse(buf, &table, &err)) {
		fprintf(stderr, "energycheck: the table in force: %s\n",
			err.msg[0] ? err.msg : "cannot read it");
		return 2;
	}
	for (;;) {
		char p[64];

		snprintf(p, sizeof(p), PSYS "/cpu%u", nr_cpus);
		if (nr_cpus == MAX_CPUS || access(p, F_OK))
			break;
		nr_cpus++;
	}
	/* The largest power any node can draw: every CPU's set and list. */
	max_mw = 0;
	for (c = 0; c < nr_cpus; c++) {
		const struct pidle_level_power *up;
		unsigned int n = pidle_power_of_cpu(&table, c, &up);

		for (k = 0; k < n; k++)
			if (up[k].power_mw > max_mw)
				max_mw = up[k].power_mw;
		for (k = 0; k < table.nr_states; k++)
			if (pidle_states_of_cpu(&table, c)[k].power_mw > max_mw)
				max_mw = pidle_states_of_cpu(&table, c)[k].power_mw;
	}
	dir = opendir(PSYS "/domains");
	while (dir && (de = readdir(dir)) && nr_doms < MAX_DOMS) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(a.dom[nr_doms].name, sizeof(a.dom[0].name), "%s", de->d_name);
		strcpy(b.dom[nr_doms].name, a.dom[nr_doms].name);
		snprintf(buf, sizeof(buf), PSYS "/domains/%s/cpus", de->d_name);
		if (read_str(buf, buf, sizeof(buf)))
			return 2;
		a.dom[nr_doms].first_cpu = b.dom[nr_doms].first_cpu = atoi(buf);
		nr_doms++;
	}
	if (dir)
		closedir(dir);

	take(&a);
	usleep((useconds_t)(secs * 1e6));
	take(&b);
	printf("# %u CPUs, %u domains, %.1f s\n", nr_cpus, nr_doms, secs);

	for (c = 0; c < nr_cpus; c++) {
		double idle_us = 0, pred_uj, entries = 0, e_uj = 0, pdiff = 0;
		unsigned int act = up_mw(c, PIDLE_LEVEL_CPU);
		double skew_s = a.cpu[c].dur_s + b.cpu[c].dur_s;
		char what[32];

		el_s = b.cpu[c].t_s - a.cpu[c].t_s;
		for (k = 0; k < own_count(c); k++) {
			const struct pidle_state_desc *f = own_state(c, fallback(c, k));
			double t = b.cpu[c].time_us[k] - a.cpu[c].time_us[k];
			double n = b.cpu[c].usage[k] - a.cpu[c].usage[k];

			/*
			 * The exit latency spun, kept by achieved state: in
			 * cpuidle's time, active for the model.
			 */
			double spun_us = (b.cpu[c].spun_ns[k] - a.cpu[c].spun_ns[k]) / 1e3;

			idle_us += t - spun_us;
			entries += n;
			e_uj += (t - spun_us) * f->power_mw / 1e3 + n * f->energy_uj;
			if (absd((double)act - f->power_mw) > pdiff)
				pdiff = absd((double)act - f->power_mw);
		}
		if (idle_us > el_s * 1e6)
			idle_us = el_s * 1e6;
		pred_uj = e_uj + (el_s * 1e6 - idle_us) * act / 1e3;
		snprintf(what, sizeof(what), "cpu%u", c);
		check(what, b.cpu[c].uj - a.cpu[c].uj, pred_uj,
		      skew_s * 1e6 * max_mw / 1e3 +
		      entries * ENTRY_SLACK_US * pdiff / 1e3 + 0.01 * pred_uj +
		      2 * own_state(c, own_count(c) - 1)->energy_uj + 2);
		sum_uj += b.cpu[c].uj - a.cpu[c].uj;
		if (b.cpu[c].oracle_uj > b.cpu[c].idle_uj)
			fail("cpu%u: oracle %llu uJ above actual %llu uJ", c,
			     b.cpu[c].oracle_uj, b.cpu[c].idle_uj);
	}
	for (d = 0; d < nr_doms; d++) {
		char level[64], path[512];
		double down_us = 0, e_uj = 0, pred_uj;
		double skew_s = a.dom[d].dur_s + b.dom[d].dur_s;
		const struct pidle_state_desc *st;
		unsigned int up;

		el_s = b.dom[d].t_s - a.dom[d].t_s;
		snprintf(path, sizeof(path), PSYS "/domains/%s/level", a.dom[d].name);
		if (read_str(path, level, sizeof(level)))
			return 2;
		up = up_mw(a.dom[d].first_cpu, level);
		/* Its states are its CPUs' set's, in the model's slots. */
		st = pidle_states_of_cpu(&table, a.dom[d].first_cpu);
		for (k = 0; k < table.nr_states; k++) {
			double t = (b.dom[d].resid_ns[k] - a.dom[d].resid_ns[k]) / 1e3;
			double n = b.dom[d].usage[k] - a.dom[d].usage[k];

			down_us += t;
			e_uj += t * st[k].power_mw / 1e3 + n * st[k].energy_uj;
		}
		pred_uj = e_uj + (el_s * 1e6 - down_us) * up / 1e3;
		check(a.dom[d].name, b.dom[d].uj - a.dom[d].uj, pred_uj,
		      skew_s * 1e6 * max_mw / 1e3 + 0.01 * pred_uj + 2 +
		      2 * st[table.nr_states - 1].energy_uj);
		sum_uj += b.dom[d].uj - a.dom[d].uj;
		if (b.dom[d].oracle_uj > b.dom[d].idle_uj)
			fail("%s: oracle %llu uJ above actual %llu uJ", a.dom[d].name,
			     b.dom[d].oracle_uj, b.dom[d].idle_uj);
	}
	/* Each node's sum lies between the root's two reads around it. */
	lo = (double)b.root_begin_uj - a.root_end_uj - (nr_cpus + nr_doms);
	hi = (double)b.root_end_uj - a.root_begin_uj + (nr_cpus + nr_doms);
	check("root brackets the sum of the nodes", sum_uj, (lo + hi) / 2,
	      (hi - lo) / 2);
	if (failures)
		return 1;
	printf("energycheck: ok\n");
	return 0;
}
