// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-busy: a busy loop pinned to one CPU, for the guest suites.
 *
 *   pidle-busy CPU [SECONDS]
 *
 * Spins on CPU until SECONDS have passed (0 or absent: until killed).
 * Exits non-zero, with the reason on stderr, when it cannot pin itself.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double pidle_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	cpu_set_t set;
	double end = 0;
	int cpu;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: pidle-busy CPU [SECONDS]\n");
		return 2;
	}
	cpu = atoi(argv[1]);
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "pidle-busy: cannot pin to CPU %d: %s\n", cpu,
			strerror(errno));
		return 1;
	}
	if (argc == 3 && atof(argv[2]) > 0)
		end = pidle_now_s() + atof(argv[2]);
	for (;;) {
		for (volatile int i = 0; i < 100000; i++)
			;
		if (end && pidle_now_s() >= end)
			return 0;
	}
}
