// SPDX-License-Identifier: GPL-2.0
/*
 * energymono: powercap readers that assert the energy never goes back.
 * One reader per CPU, pinned, for SECONDS: each reads every zone's
 * energy_uj under /sys/class/powercap/pseudo-cpuidle again and again
 * (zones that vanish meanwhile, as in a reconfiguration, are skipped until
 * they are back) and remembers per file the largest value it saw; a value
 * smaller than that is a step back, printed with the file and both values.
 * Last line: "reads N back M". Exit status 1 on any step back, 2 when no
 * zone was ever read.
 * Usage: energymono SECONDS
 */
#include <glob.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pidle_common.h"

#define MAX_ZONES 64
#define PC "/sys/class/powercap/pseudo-cpuidle"

struct zone_seen {
	char path[256];
	unsigned long long last;
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static struct zone_seen *seen_of(struct zone_seen *z, int *nr, const char *path)
{
	int i;

	for (i = 0; i < *nr; i++)
		if (!strcmp(z[i].path, path))
			return &z[i];
	if (*nr == MAX_ZONES)
		return NULL;
	snprintf(z[*nr].path, sizeof(z[*nr].path), "%s", path);
	z[*nr].last = 0;
	return &z[(*nr)++];
}

/* One reader on @cpu; writes "reads N back M" to @out. */
static int reader(int cpu, double secs, FILE *out)
{
	static struct zone_seen z[MAX_ZONES];
	unsigned long long reads = 0, back = 0, v;
	double end = now_s() + secs;
	cpu_set_t set;
	int nr = 0;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	while (now_s() < end) {
		glob_t g;
		size_t i;

		if (glob(PC ":*/energy_uj", 0, NULL, &g) == 0)
			glob(PC ":*/" "pseudo-cpuidle:*/energy_uj", GLOB_APPEND,
			     NULL, &g);
		for (i = 0; i < g.gl_pathc; i++) {
			struct zone_seen *s;

			if (pidle_read_u64f(&v, "%s", g.gl_pathv[i]))
				continue;	/* gone meanwhile */
			s = seen_of(z, &nr, g.gl_pathv[i]);
			if (!s)
				continue;
			reads++;
			if (v < s->last) {
				if (back < 5)
					fprintf(out, "energymono: cpu%d: %s: %llu then %llu\n",
						cpu, s->path, s->last, v);
				back++;
			} else {
				s->last = v;
			}
		}
		globfree(&g);
	}
	fprintf(out, "reads %llu back %llu\n", reads, back);
	return back ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned long long reads = 0, back = 0, r, b;
	long secs, ncpu = sysconf(_SC_NPROCESSORS_ONLN), cpu;
	char line[512];
	int fds[2];

	if (argc != 2 || !pidle_parse_long(argv[1], 1, 3600, &secs)) {
		fprintf(stderr, "usage: energymono SECONDS\n");
		return 2;
	}
	if (pipe(fds))
		return 2;
	for (cpu = 0; cpu < ncpu; cpu++) {
		if (fork() == 0) {
			FILE *out = fdopen(fds[1], "w");

			close(fds[0]);
			setvbuf(out, NULL, _IOLBF, 0);
			exit(reader(cpu, secs, out));
		}
	}
	close(fds[1]);
	FILE *in = fdopen(fds[0], "r");

	while (fgets(line, sizeof(line), in)) {
		if (sscanf(line, "reads %llu back %llu", &r, &b) == 2) {
			reads += r;
			back += b;
		} else {
			fputs(line, stdout);
		}
	}
	while (wait(NULL) > 0)
		;
	printf("reads %llu back %llu\n", reads, back);
	return back ? 1 : reads ? 0 : 2;
}
