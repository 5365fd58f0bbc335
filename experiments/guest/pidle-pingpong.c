// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-pingpong: an I/O-like workload whose completions wake another CPU
 * by IPI (Documentation/cluster-governors.rst, experiment osi-ipi).
 *
 * Two threads, pinned:
 *   requester (-c CPU)  issues a request (a byte down a pipe), sleeps until
 *                       its completion (a byte up another pipe), thinks
 *                       THINK_US (busy), and issues the next, ROUNDS times;
 *   device    (-d CPU)  sleeps until a request, "serves" it for SERVICE_US
 *                       (a timer sleep: its CPU idles with a known timer,
 *                       as a CPU waits for a disk), completes it and goes
 *                       back to sleep at once.
 *
 * This is the pattern of a block read's completion (the Dragonboard 410c
 * dd of the pending-IPI series): the completion wakes a task on another
 * CPU by IPI, and the completing CPU goes idle right after sending it. If
 * both CPUs share a domain, that CPU is the domain's last man while the
 * IPI is still on its way: a domain governor that does not look for
 * pending IPIs powers the domain down just before the requester's CPU
 * wakes it up again (genpd: an "above" down period, or a firmware
 * rejection on hardware with OSI).
 *
 * Times, CLOCK_MONOTONIC, per round:
 *   response  request issued to the requester running again (service
 *             time included)
 *   wake      the device's completion write to the requester running:
 *             the IPI's wake-up latency
 *   added     the sum of the wake times
 *
 * Output: one CSV row with a header. Usage: pidle-pingpong -h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "pidle_common.h"

#define PP_MAX_ROUNDS		1000000
#define PP_MAX_US		1000000

static int req_pipe[2], done_pipe[2];
static long service_us, think_us, rounds = 1000;
static int req_cpu = 0, dev_cpu = 1;
/* The device's completion time of the round in flight, ns. */
static volatile long long completed_ns;

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static void spin_us(long us)
{
	long long end = now_ns() + us * 1000LL;

	while (now_ns() < end)
		;
}

static void *device(void *arg)
{
	struct timespec ts = {
		.tv_sec = service_us / 1000000,
		.tv_nsec = (service_us % 1000000) * 1000,
	};
	char c;

	if (pin(dev_cpu)) {
		fprintf(stderr, "pidle-pingpong: cannot pin the device to CPU %d: %s\n",
			dev_cpu, strerror(errno));
		exit(1);
	}
	while (read(req_pipe[0], &c, 1) == 1) {
		if (c == 'q')
			break;
		if (service_us)
			nanosleep(&ts, NULL);
		completed_ns = now_ns();
		if (write(done_pipe[1], &c, 1) != 1)
			break;
	}
	return NULL;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static double pct_us(long long *v, long n, int p)
{
	long i = (long)((double)(n - 1) * p / 100.0 + 0.5);

	return v[i] / 1e3;
}

static long arg_long(const char *what, const char *s, long lo, long hi)
{
	long v;

	if (!pidle_parse_long(s, lo, hi, &v)) {
		fprintf(stderr, "pidle-pingpong: bad %s '%s': want a whole number from %ld to %ld\n",
			what, s, lo, hi);
		exit(2);
	}
	return v;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: pidle-pingpong [-n ROUNDS] [-s SERVICE_US] [-t THINK_US] [-c REQUESTER_CPU] [-d DEVICE_CPU]\n"
		   "  a requester on -c waits for completions that a device thread on -d\n"
		   "  sends after SERVICE_US (a timer sleep); each completion wakes the\n"
		   "  requester by IPI. Defaults: -n 1000 -s 0 -t 0 -c 0 -d 1.\n");
}

int main(int argc, char **argv)
{
	long long *resp, *wake, added = 0, t0, t1, start;
	pthread_t dev;
	long i;
	char c = 'r';
	int opt;

	while ((opt = getopt(argc, argv, "n:s:t:c:d:h")) != -1) {
		switch (opt) {
		case 'n': rounds = arg_long("-n", optarg, 1, PP_MAX_ROUNDS); break;
		case 's': service_us = arg_long("-s", optarg, 0, PP_MAX_US); break;
		case 't': think_us = arg_long("-t", optarg, 0, PP_MAX_US); break;
		case 'c': req_cpu = arg_long("-c", optarg, 0, 8191); break;
		case 'd': dev_cpu = arg_long("-d", optarg, 0, 8191); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "pidle-pingpong: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	if (req_cpu == dev_cpu) {
		fprintf(stderr, "pidle-pingpong: -c and -d are both CPU %d: the completion would wake no other CPU\n",
			req_cpu);
		return 2;
	}
	resp = calloc(rounds, sizeof(*resp));
	wake = calloc(rounds, sizeof(*wake));
	if (!resp || !wake || pipe(req_pipe) || pipe(done_pipe)) {
		fprintf(stderr, "pidle-pingpong: out of memory or pipes\n");
		return 1;
	}
	if (pin(req_cpu)) {
		fprintf(stderr, "pidle-pingpong: cannot pin the requester to CPU %d: %s\n",
			req_cpu, strerror(errno));
		return 1;
	}
	if (pthread_create(&dev, NULL, device, NULL)) {
		fprintf(stderr, "pidle-pingpong: cannot start the device thread\n");
		return 1;
	}
	start = now_ns();
	for (i = 0; i < rounds; i++) {
		t0 = now_ns();
		if (write(req_pipe[1], &c, 1) != 1 || read(done_pipe[0], &c, 1) != 1) {
			fprintf(stderr, "pidle-pingpong: round %ld: %s\n", i, strerror(errno));
			return 1;
		}
		t1 = now_ns();
		resp[i] = t1 - t0;
		wake[i] = t1 - completed_ns;
		added += wake[i];
		if (think_us)
			spin_us(think_us);
	}
	t1 = now_ns();
	c = 'q';
	if (write(req_pipe[1], &c, 1) == 1)
		pthread_join(dev, NULL);
	qsort(resp, rounds, sizeof(*resp), cmp_ll);
	qsort(wake, rounds, sizeof(*wake), cmp_ll);
	printf("rounds,service_us,think_us,requester_cpu,device_cpu,resp_p50_us,resp_p99_us,"
	       "wake_p50_us,wake_p99_us,wake_max_us,added_ms,interrupts,elapsed_s\n");
	printf("%ld,%ld,%ld,%d,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.3f,%ld,%.3f\n",
	       rounds, service_us, think_us, req_cpu, dev_cpu,
	       pct_us(resp, rounds, 50), pct_us(resp, rounds, 99),
	       pct_us(wake, rounds, 50), pct_us(wake, rounds, 99),
	       wake[rounds - 1] / 1e3, added / 1e6, rounds, (t1 - start) / 1e9);
	return 0;
}
