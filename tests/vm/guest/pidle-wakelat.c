// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-wakelat: timer-sleep wake-up latency, for the guest suites.
 *
 *   pidle-wakelat [-c CPU] [-n SAMPLES] [-s SLEEP_US] [-w WARMUP]
 *
 * Pins itself to CPU (default: where it runs), then SAMPLES times sleeps
 * SLEEP_US microseconds with a relative clock_nanosleep() and records how
 * much later than asked it woke up. Prints one line:
 *
 *   n=SAMPLES sleep_us=S min_ns=.. median_ns=.. p99_ns=.. max_ns=..
 *
 * Also serves as a periodic waker (a CPU waking every SLEEP_US).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long pidle_ns(const struct timespec *ts)
{
	return ts->tv_sec * 1000000000LL + ts->tv_nsec;
}

static int pidle_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	long n = 200, sleep_us = 5000, warmup = 5;
	long long *lat;
	int cpu = -1, opt;
	struct timespec req, t0, t1;

	while ((opt = getopt(argc, argv, "c:n:s:w:")) != -1) {
		switch (opt) {
		case 'c': cpu = atoi(optarg); break;
		case 'n': n = atol(optarg); break;
		case 's': sleep_us = atol(optarg); break;
		case 'w': warmup = atol(optarg); break;
		default:
			fprintf(stderr, "usage: pidle-wakelat [-c CPU] [-n SAMPLES] [-s SLEEP_US] [-w WARMUP]\n");
			return 2;
		}
	}
	if (n < 1 || sleep_us < 0) {
		fprintf(stderr, "pidle-wakelat: bad -n or -s\n");
		return 2;
	}
	if (cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			fprintf(stderr, "pidle-wakelat: cannot pin to CPU %d: %s\n",
				cpu, strerror(errno));
			return 1;
		}
	}
	lat = calloc(n, sizeof(*lat));
	if (!lat)
		return 1;
	req.tv_sec = sleep_us / 1000000;
	req.tv_nsec = (sleep_us % 1000000) * 1000;
	for (long i = -warmup; i < n; i++) {
		clock_gettime(CLOCK_MONOTONIC, &t0);
		clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (i >= 0)
			lat[i] = pidle_ns(&t1) - pidle_ns(&t0) - sleep_us * 1000LL;
	}
	qsort(lat, n, sizeof(*lat), pidle_cmp);
	printf("n=%ld sleep_us=%ld min_ns=%lld median_ns=%lld p99_ns=%lld max_ns=%lld\n",
	       n, sleep_us, lat[0], lat[n / 2], lat[(n * 99) / 100 < n ? (n * 99) / 100 : n - 1],
	       lat[n - 1]);
	return 0;
}
