// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-ring: a ping-pong over N CPUs, the message-passing load linux-pm's
 * governor developers time (perf bench sched pipe over two CPUs, and its
 * ring over more): one thread pinned to each of CPUs 0 to N-1, a token
 * passed round them through pipes, thread i writing to thread i + 1 and
 * the last back to the first. With N = 2 it is a plain ping-pong.
 *
 * Each hop wakes a task on another CPU that went idle while the token
 * was away (for N CPUs, N - 1 hops), by IPI, and the time the CPU spent
 * idle is N - 1 hops long: the governor's prediction sets the cost of
 * every hop's wake-up, and the rate says it in the workload's own terms.
 *
 * Times, CLOCK_MONOTONIC, per round (the token back at thread 0):
 *   response   one round, N hops
 *   rate       rounds per second over the whole run: round_trips_per_s,
 *              the figure linux-pm reports
 *
 * Output: one CSV row with a header. Usage: pidle-ring -h.
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

#define RING_MAX_CPUS		256
#define RING_MAX_ROUNDS		10000000

/* pipes[i]: what thread i reads; thread i writes to pipes[(i + 1) % n] */
static int ring_pipes[RING_MAX_CPUS][2];
static int ring_cpus = 2;

static long long ring_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int ring_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* Threads 1 to N-1: pass the token on until it says quit (it still
 * goes round once more, so that every thread sees the quit). */
static void *ring_member(void *arg)
{
	int me = (int)(long)arg, next = (me + 1) % ring_cpus;
	char c;

	if (ring_pin(me)) {
		fprintf(stderr, "pidle-ring: cannot pin thread %d to CPU %d: %s\n",
			me, me, strerror(errno));
		exit(1);
	}
	while (read(ring_pipes[me][0], &c, 1) == 1) {
		if (write(ring_pipes[next][1], &c, 1) != 1)
			break;
		if (c == 'q')
			break;
	}
	return NULL;
}

static int ring_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static long ring_arg(const char *what, const char *s, long lo, long hi)
{
	long v;

	if (!pidle_parse_long(s, lo, hi, &v)) {
		fprintf(stderr, "pidle-ring: bad %s '%s': want a whole number from %ld to %ld\n",
			what, s, lo, hi);
		exit(2);
	}
	return v;
}

static void ring_usage(FILE *f)
{
	fprintf(f, "usage: pidle-ring [-c CPUS] [-n ROUNDS]\n"
		   "  a token passed round threads pinned to CPUs 0 to CPUS-1 through\n"
		   "  pipes, ROUNDS times; every hop wakes the next CPU by IPI.\n"
		   "  Defaults: -c 2 -n 1000. Prints one CSV row: round_trips_per_s,\n"
		   "  the round's p50/p99 (resp_p50_us, resp_p99_us), elapsed_s.\n");
}

int main(int argc, char **argv)
{
	long long *round_ns, t0, start, end;
	long rounds = 1000, i;
	pthread_t tid[RING_MAX_CPUS];
	long online;
	char c = 't';
	int opt, k;

	while ((opt = getopt(argc, argv, "c:n:h")) != -1) {
		switch (opt) {
		case 'c': ring_cpus = ring_arg("-c", optarg, 2, RING_MAX_CPUS); break;
		case 'n': rounds = ring_arg("-n", optarg, 1, RING_MAX_ROUNDS); break;
		case 'h': ring_usage(stdout); return 0;
		default: ring_usage(stderr); return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "pidle-ring: unexpected argument '%s'\n", argv[optind]);
		return 2;
	}
	online = sysconf(_SC_NPROCESSORS_ONLN);
	if (ring_cpus > online) {
		fprintf(stderr, "pidle-ring: -c %d: this machine has %ld CPUs online\n",
			ring_cpus, online);
		return 2;
	}
	round_ns = calloc(rounds, sizeof(*round_ns));
	if (!round_ns) {
		fprintf(stderr, "pidle-ring: -n %ld: out of memory\n", rounds);
		return 1;
	}
	for (k = 0; k < ring_cpus; k++)
		if (pipe(ring_pipes[k])) {
			fprintf(stderr, "pidle-ring: pipe: %s\n", strerror(errno));
			return 1;
		}
	if (ring_pin(0)) {
		fprintf(stderr, "pidle-ring: cannot pin thread 0 to CPU 0: %s\n", strerror(errno));
		return 1;
	}
	for (k = 1; k < ring_cpus; k++)
		if (pthread_create(&tid[k], NULL, ring_member, (void *)(long)k)) {
			fprintf(stderr, "pidle-ring: cannot start thread %d\n", k);
			return 1;
		}
	start = ring_now_ns();
	for (i = 0; i < rounds; i++) {
		t0 = ring_now_ns();
		if (write(ring_pipes[1][1], &c, 1) != 1 || read(ring_pipes[0][0], &c, 1) != 1) {
			fprintf(stderr, "pidle-ring: round %ld: %s\n", i, strerror(errno));
			return 1;
		}
		round_ns[i] = ring_now_ns() - t0;
	}
	end = ring_now_ns();
	c = 'q';
	if (write(ring_pipes[1][1], &c, 1) == 1 && read(ring_pipes[0][0], &c, 1) == 1)
		for (k = 1; k < ring_cpus; k++)
			pthread_join(tid[k], NULL);
	qsort(round_ns, rounds, sizeof(*round_ns), ring_cmp);
	printf("cpus,rounds,round_trips_per_s,resp_p50_us,resp_p99_us,resp_max_us,elapsed_s\n");
	printf("%d,%ld,%.1f,%.1f,%.1f,%.1f,%.3f\n", ring_cpus, rounds,
	       rounds / ((end - start) / 1e9),
	       round_ns[(rounds - 1) / 2] / 1e3,
	       round_ns[(long)((rounds - 1) * 0.99 + 0.5)] / 1e3,
	       round_ns[rounds - 1] / 1e3, (end - start) / 1e9);
	return 0;
}
