// SPDX-License-Identifier: GPL-2.0
/*
 * wakelat: timer wake-up latency. N relative clock_nanosleep() calls of
 * INTERVAL_US each; prints the median of (actual - intended) in ns.
 * With -c CPU it first pins itself to that CPU, so the wake-ups measured
 * are that CPU's.
 * Usage: wakelat [-c CPU] [INTERVAL_US [N]]   (defaults 1000 50)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "pidle_common.h"

static long long ns(const struct timespec *t)
{
	return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

static int cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	long interval_us;
	int i, n, opt, ret;
	long long *lat;
	struct timespec req, a, b;

	while ((opt = getopt(argc, argv, "c:")) != -1) {
		if (opt != 'c') {
			fprintf(stderr, "usage: wakelat [-c CPU] [INTERVAL_US [N]]\n");
			return 2;
		}
		ret = pidle_pin_arg("wakelat", optarg);
		if (ret)
			return ret;
	}
	interval_us = optind < argc ? atol(argv[optind]) : 1000;
	n = optind + 1 < argc ? atoi(argv[optind + 1]) : 50;
	if (interval_us <= 0 || n <= 0 || n > 100000)
		return 2;
	lat = calloc(n, sizeof(*lat));
	if (!lat)
		return 2;
	req.tv_sec = interval_us / 1000000;
	req.tv_nsec = (interval_us % 1000000) * 1000;
	for (i = 0; i < n; i++) {
		clock_gettime(CLOCK_MONOTONIC, &a);
		if (clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL))
			return 1;
		clock_gettime(CLOCK_MONOTONIC, &b);
		lat[i] = ns(&b) - ns(&a) - (long long)interval_us * 1000;
	}
	qsort(lat, n, sizeof(*lat), cmp);
	printf("%lld\n", lat[n / 2]);
	return 0;
}
