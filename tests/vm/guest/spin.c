// SPDX-License-Identifier: GPL-2.0
/*
 * spin: keep one CPU busy. Pins itself to CPU and spins until killed, so
 * the CPU never goes idle (a guest test's "busy CPU").
 * Usage: spin CPU
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

int main(int argc, char **argv)
{
	volatile unsigned long n = 0;
	cpu_set_t set;
	char *end;
	long cpu;

	if (argc != 2) {
		fprintf(stderr, "usage: spin CPU\n");
		return 2;
	}
	cpu = strtol(argv[1], &end, 10);
	if (*argv[1] == '\0' || *end != '\0' || cpu < 0 || cpu >= CPU_SETSIZE) {
		fprintf(stderr, "spin: CPU \"%s\": not a CPU number\n", argv[1]);
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "spin: cpu%ld: %s\n", cpu, strerror(errno));
		return 1;
	}
	for (;;)
		n++;
}
