// SPDX-License-Identifier: GPL-2.0
/* pidle-stat: read one snapshot of the cpuidle and pseudo_cpuidle sysfs. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sched.h>
#include <time.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "pidle_common.h"
#include "pidle_snap.h"

/*
 * Set by the first counter that is not a number: the snapshot is refused
 * (exit 2) after one message naming its file. A counter read as 0, or as
 * the digits before the junk, would put a made-up figure in the report.
 */
static bool pidle_snap_bad;

/* @buf, the contents of @path, as a counter: digits only, below 2^64. */
static unsigned long long pidle_counter(const char *path, const char *buf)
{
	char text[PIDLE_EXCERPT_LEN];
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(buf, &end, 10);
	if (*buf >= '0' && *buf <= '9' && !*end && !errno)
		return v;
	if (!pidle_snap_bad)
		pidle_errorf(-1, "%s: '%s' is not a counter: want a whole number from 0 to 18446744073709551615.",
			     path, pidle_excerpt(buf, text, sizeof(text)));
	pidle_snap_bad = true;
	return 0;
}

/* DIR/FILE as a counter; 0 when the file is missing (older modules). */
static unsigned long long pidle_read_u64(const char *dir, const char *file)
{
	char path[4096], buf[64];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (pidle_read_file(path, buf, sizeof(buf)))
		return 0;
	return pidle_counter(path, buf);
}

/* DIR/energy_uj, idle_energy_uj, oracle_energy_uj, when DIR has them. */
static void pidle_read_energy(const char *dir, struct pidle_snap_energy *e)
{
	char path[4200], buf[64];

	snprintf(path, sizeof(path), "%s/energy_uj", dir);
	e->valid = !pidle_read_file(path, buf, sizeof(buf));
	if (!e->valid)
		return;
	e->energy_uj = pidle_counter(path, buf);
	e->idle_uj = pidle_read_u64(dir, "idle_energy_uj");
	e->oracle_uj = pidle_read_u64(dir, "oracle_energy_uj");
}

#define PIDLE_SNAP_WAKE_STR(n)	#n,
const char *const pidle_snap_wake_name[PIDLE_SNAP_WAKE] = {
	PIDLE_SNAP_WAKE_NAMES(PIDLE_SNAP_WAKE_STR)
};

/* DIR/PREFIX_NAME, the first @n sources. */
static void pidle_read_wake(const char *dir, const char *prefix,
			    unsigned long long *wake, int n)
{
	char file[32];
	int i;

	for (i = 0; i < n; i++) {
		snprintf(file, sizeof(file), "%s_%s", prefix,
			 pidle_snap_wake_name[i]);
		wake[i] = pidle_read_u64(dir, file);
	}
}

static int pidle_is_dir(const char *path)
{
	struct stat sb;

	return !stat(path, &sb) && S_ISDIR(sb.st_mode);
}

/*
 * DOC: visiting each CPU
 *
 * cpuidle adds an idle period's time to its state when the period ends, and
 * the module adds a domain's down period when the domain wakes. Read as they
 * are, a CPU idle across the start of an interval would put time from before
 * the interval into it, and show more than 100%. So on a live system the
 * snapshot does what turbostat does to read a CPU's counters: it moves
 * itself onto the CPU (sched_setaffinity() returns once it runs there),
 * which ends the CPU's idle period and every domain period the CPU is in,
 * then reads that CPU's files, or the domain's, while the CPU is busy
 * running it. Every counter is then cut at a known moment, the same one in
 * each snapshot, and the cost is one wake-up per CPU and domain per
 * snapshot. A CPU it may not run on (a cpuset) is read without a visit.
 *
 * The visits of one snapshot are spread over its reading time, and not the
 * same way each time (a visit waits for the CPU to wake). So each visit
 * records when it happened, and a row's time percentages are over the time
 * between its own two visits, not the snapshots' start times: a CPU
 * visited 7 ms later in the second snapshot than in the first has 7 ms
 * more counted, and the same 7 ms more elapsed.
 */
static bool pidle_visiting;
static cpu_set_t pidle_saved_mask;

/* Run on @cpu; the CLOCK_MONOTONIC ns once there, 0 without a visit. */
static unsigned long long pidle_visit(int cpu)
{
	struct timespec ts;
	cpu_set_t set;

	if (!pidle_visiting || cpu < 0 || cpu >= CPU_SETSIZE)
		return 0;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* One file of /sys/devices/system/cpu/cpuidle; "" when it is missing. */
static int pidle_read_cpuidle(const char *root, const char *file, char *buf,
			      size_t size)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/cpuidle/%s",
		 root, file);
	if (!pidle_read_file(path, buf, size))
		return 0;
	buf[0] = '\0';
	return -1;
}

static int pidle_cmp_cpu(const void *a, const void *b)
{
	return ((const struct pidle_snap_cpu *)a)->cpu -
	       ((const struct pidle_snap_cpu *)b)->cpu;
}

static void pidle_snap_cpu_read(const char *root, struct pidle_snap_cpu *c,
				bool pseudo)
{
	char dir[4096], path[4096];
	int k;

	c->nr_states = 0;
	for (k = 0; k < PIDLE_SNAP_STATES; k++) {
		struct pidle_snap_state *st = &c->st[k];

		snprintf(dir, sizeof(dir),
			 "%s/sys/devices/system/cpu/cpu%d/cpuidle/state%d",
			 root, c->cpu, k);
		snprintf(path, sizeof(path), "%s/name", dir);
		if (pidle_read_file(path, st->name, sizeof(st->name)))
			break;
		st->usage = pidle_read_u64(dir, "usage");
		st->time_us = pidle_read_u64(dir, "time");
		st->above = pidle_read_u64(dir, "above");
		st->below = pidle_read_u64(dir, "below");
		st->latency_us = pidle_read_u64(dir, "latency");
		if (pseudo) {
			snprintf(dir, sizeof(dir),
				 "%s/sys/kernel/pseudo_cpuidle/cpu%d/state%d",
				 root, c->cpu, k);
#define PIDLE_SNAP_READ(f)	st->f = pidle_read_u64(dir, #f);
			PIDLE_CPU_COUNTERS(PIDLE_SNAP_READ)
#undef PIDLE_SNAP_READ
			pidle_read_wake(dir, "wake", st->wake, PIDLE_SNAP_WAKE);
			pidle_read_wake(dir, "above", st->wake_above,
					PIDLE_SNAP_WAKE_DOMAIN);
			pidle_read_wake(dir, "below", st->wake_below,
					PIDLE_SNAP_WAKE_DOMAIN);
		}
		c->nr_states++;
	}
	if (pseudo) {
		snprintf(dir, sizeof(dir), "%s/sys/kernel/pseudo_cpuidle/cpu%d",
			 root, c->cpu);
		pidle_read_energy(dir, &c->e);
	}
}

/*
 * The rank of each domain's level, innermost first: the order of the levels
 * in the root "topology" file (core=...;package=...), which the module
 * prints innermost first. Without that file (an old tree), a level with
 * more domains is the inner one.
 */
static void pidle_snap_rank(const char *root, struct pidle_snap *s)
{
	char path[4096], topo[4096], *p, *tok;
	char order[PIDLE_SNAP_LEVELS][32];
	int i, j, n, nr = 0;

	snprintf(path, sizeof(path), "%s/sys/kernel/pseudo_cpuidle/topology",
		 root);
	if (pidle_read_file(path, topo, sizeof(topo)))
		topo[0] = '\0';
	for (p = topo; (tok = strsep(&p, ";")) && nr < PIDLE_SNAP_LEVELS;)
		if (strchr(tok, '='))
			snprintf(order[nr++], sizeof(order[0]), "%.*s",
				 (int)strcspn(tok, "="), tok);
	for (i = 0; i < s->nr_domains; i++) {
		struct pidle_snap_domain *d = &s->dom[i];

		for (d->rank = 0; d->rank < nr; d->rank++)
			if (!strcmp(order[d->rank], d->level))
				break;
		if (d->rank < nr)
			continue;
		for (j = 0, n = 0; j < s->nr_domains; j++)
			n += !strcmp(s->dom[j].level, d->level);
		d->rank = nr + PIDLE_SNAP_DOMAINS - n;
	}
}

static int pidle_cmp_dom(const void *a, const void *b)
{
	const struct pidle_snap_domain *x = a, *y = b;
	int c;

	if (x->rank != y->rank)
		return x->rank - y->rank;
	c = strcmp(x->level, y->level);
	return c ? c : x->idx - y->idx;
}

static void pidle_snap_domains_read(const char *root, struct pidle_snap *s)
{
	char ddir[4096], dir[4096], path[4096];
	struct dirent *de;
	DIR *d;

	snprintf(ddir, sizeof(ddir), "%s/sys/kernel/pseudo_cpuidle/domains",
		 root);
	d = opendir(ddir);
	if (!d)
		return;
	while ((de = readdir(d)) && s->nr_domains < PIDLE_SNAP_DOMAINS) {
		struct pidle_snap_domain *dom = &s->dom[s->nr_domains];
		int k;

		if (de->d_name[0] == '.')
			continue;
		snprintf(dir, sizeof(dir), "%s/%s", ddir, de->d_name);
		if (!pidle_is_dir(dir))
			continue;
		memset(dom, 0, sizeof(*dom));
		snprintf(dom->name, sizeof(dom->name), "%s", de->d_name);
		dom->idx = atoi(de->d_name + strcspn(de->d_name, "0123456789"));
		snprintf(path, sizeof(path), "%s/level", dir);
		if (pidle_read_file(path, dom->level, sizeof(dom->level)))
			snprintf(dom->level, sizeof(dom->level), "%.*s",
				 (int)strcspn(de->d_name, "0123456789"),
				 de->d_name);
		snprintf(path, sizeof(path), "%s/cpus", dir);
		pidle_read_file(path, dom->cpus, sizeof(dom->cpus));
		dom->read_ns = pidle_visit(atoi(dom->cpus));	/* its first CPU */
		for (k = 0; k < PIDLE_SNAP_STATES; k++) {
			struct pidle_snap_dstate *st = &dom->st[dom->nr_states];
			char sdir[4200];

			snprintf(sdir, sizeof(sdir), "%s/state%d", dir, k);
			if (!pidle_is_dir(sdir))
				continue;
			st->idx = k;
			snprintf(path, sizeof(path), "%s/name", sdir);
			if (pidle_read_file(path, st->name, sizeof(st->name)))
				snprintf(st->name, sizeof(st->name), "state%d", k);
#define PIDLE_SNAP_READ(f)	st->f = pidle_read_u64(sdir, #f);
			PIDLE_DOMAIN_COUNTERS(PIDLE_SNAP_READ)
#undef PIDLE_SNAP_READ
			snprintf(path, sizeof(path), "%s/above", sdir);
			st->g.valid = !access(path, R_OK);
			snprintf(path, sizeof(path), "%s/below", sdir);
			st->g.valid = st->g.valid && !access(path, R_OK);
			if (st->g.valid) {
				st->g.above = pidle_read_u64(sdir, "above");
				st->g.below = pidle_read_u64(sdir, "below");
			}
			pidle_read_wake(sdir, "wake", st->wake,
					PIDLE_SNAP_WAKE_DOMAIN);
			dom->nr_states++;
		}
		pidle_read_energy(dir, &dom->e);
		s->nr_domains++;
	}
	closedir(d);
	pidle_snap_rank(root, s);
	qsort(s->dom, s->nr_domains, sizeof(s->dom[0]), pidle_cmp_dom);
}

static int pidle_snap_read_tree(const char *root, bool need_module,
				struct pidle_snap *s)
{
	char path[4096];
	struct dirent *de;
	DIR *d;

	s->nr_cpus = 0;
	s->nr_domains = 0;
	snprintf(path, sizeof(path), "%s/sys/kernel/pseudo_cpuidle", root);
	s->pseudo = pidle_is_dir(path);
	if (!s->pseudo && need_module) {
		return pidle_errorf(-1, "%s: not found: is pseudo_cpuidle loaded? (--no-module reads cpuidle only)",
				    path);
	}
	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu", root);
	d = opendir(path);
	if (!d) {
		return pidle_errorf(-1, "%s: %s.", path, strerror(errno));
	}
	while ((de = readdir(d)) && s->nr_cpus < PIDLE_SNAP_CPUS) {
		char cdir[4400];
		char *end;
		long n;

		if (strncmp(de->d_name, "cpu", 3) || !de->d_name[3])
			continue;
		n = strtol(de->d_name + 3, &end, 10);
		if (*end)
			continue;
		snprintf(cdir, sizeof(cdir), "%s/%s/cpuidle", path, de->d_name);
		if (!pidle_is_dir(cdir))
			continue;
		s->cpu[s->nr_cpus].cpu = n;
		s->cpu[s->nr_cpus].read_ns = pidle_visit(n);
		pidle_snap_cpu_read(root, &s->cpu[s->nr_cpus], s->pseudo);
		s->nr_cpus++;
	}
	closedir(d);
	if (!s->nr_cpus) {
		return pidle_errorf(-1, "%s/cpu0/cpuidle: not found: no cpuidle driver is registered.",
				    path);
	}
	qsort(s->cpu, s->nr_cpus, sizeof(s->cpu[0]), pidle_cmp_cpu);
	pidle_snap_domains_read(root, s);
	if (s->pseudo) {
		char buf[64];

		snprintf(path, sizeof(path), "%s/sys/kernel/pseudo_cpuidle/energy_uj",
			 root);
		s->energy = !pidle_read_file(path, buf, sizeof(buf));
		s->energy_uj = s->energy ? pidle_counter(path, buf) : 0;
		snprintf(path, sizeof(path), "%s/sys/kernel/pseudo_cpuidle/wake_sources",
			 root);
		s->wake = !pidle_read_file(path, s->wake_sources,
					   sizeof(s->wake_sources));
	}
	/* current_governor is writable; kernels without it have the _ro one. */
	pidle_read_cpuidle(root, "current_driver", s->driver, sizeof(s->driver));
	if (pidle_read_cpuidle(root, "current_governor", s->governor,
			       sizeof(s->governor)))
		pidle_read_cpuidle(root, "current_governor_ro", s->governor,
				   sizeof(s->governor));
	return 0;
}

int pidle_snap_read(const char *root, bool need_module, bool visit,
		    struct pidle_snap *s)
{
	int ret;

	pidle_visiting = visit && !sched_getaffinity(0, sizeof(pidle_saved_mask),
						     &pidle_saved_mask);
	pidle_snap_bad = false;
	ret = pidle_snap_read_tree(root, need_module, s);
	if (!ret && pidle_snap_bad)
		ret = -1;
	if (pidle_visiting)
		sched_setaffinity(0, sizeof(pidle_saved_mask), &pidle_saved_mask);
	pidle_visiting = false;
	return ret;
}
