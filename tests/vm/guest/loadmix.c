// SPDX-License-Identifier: GPL-2.0
/*
 * loadmix: a mixed sleep/spin load on every CPU, with a lost wake-up
 * watchdog. One thread per CPU of the affinity mask, pinned to it, loops:
 * spin for a while, then clock_nanosleep() for a while (lengths taken in
 * turn from small tables, so CPUs go idle for short and long periods, alone
 * and together). Each completed sleep counts; the main thread checks every
 * 100 ms that every thread has counted within the watchdog window. A
 * thread that has not (a sleep that never returned: a lost wake-up)
 * fails the run at once.
 *
 * Usage: loadmix [-w WATCHDOG_MS] [-b] SECONDS
 *   -w  the watchdog window (default 5000 ms; a sleep here is at most 5 ms)
 *   -b  busy: spin much longer than it sleeps (for "unload while busy")
 * Runs SECONDS (or until SIGTERM/SIGINT), then prints one summary line and
 * exits 0; exits 1 when the watchdog fired, 2 on a usage error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LOADMIX_MAX_CPUS	256

struct worker {
	pthread_t tid;
	int cpu;
	atomic_ulong sleeps;		/* completed sleeps */
	atomic_ullong sleep_start_ns;	/* start of the sleep in progress, or 0 */
	unsigned long long longest_ns;	/* longest sleep (written by the worker) */
	unsigned long long asked_ns;	/* ... and what it asked for */
};

static struct worker workers[LOADMIX_MAX_CPUS];
static atomic_int stop;
static int busy;

static unsigned long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned long long)t.tv_sec * 1000000000ull + t.tv_nsec;
}

static void on_signal(int sig)
{
	(void)sig;
	atomic_store(&stop, 1);
}

static void *work(void *arg)
{
	/* Co-prime lengths: the CPUs drift in and out of phase. */
	static const unsigned int sleep_us[] = { 100, 2000, 500, 5000, 50, 1000, 3000 };
	/* Mostly asleep: spinning vCPUs would starve the emulator's others. */
	static const unsigned int spin_us[] = { 0, 50, 10, 200, 20 };
	struct worker *w = arg;
	unsigned int i = w->cpu;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	/* An offlined CPU's threads are moved elsewhere by the kernel. */
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	while (!atomic_load(&stop)) {
		unsigned long long spin = spin_us[i % 5] * 1000ull * (busy ? 100 : 1);
		unsigned long long s = sleep_us[i % 7] * 1000ull, t0, t1;
		struct timespec req = { .tv_sec = s / 1000000000ull,
					.tv_nsec = s % 1000000000ull };

		t0 = now_ns();
		while (now_ns() - t0 < spin)
			;
		t0 = now_ns();
		atomic_store(&w->sleep_start_ns, t0);
		while (clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &req) == EINTR)
			;
		t1 = now_ns();
		atomic_store(&w->sleep_start_ns, 0);
		if (t1 - t0 > w->longest_ns) {
			w->longest_ns = t1 - t0;
			w->asked_ns = s;
		}
		atomic_fetch_add(&w->sleeps, 1);
		i++;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long long watchdog_ns = 5000ull * 1000000, t_end, total = 0;
	unsigned long long longest = 0, asked = 0, stall_max = 0;
	unsigned long last[LOADMIX_MAX_CPUS];
	unsigned long long last_ns[LOADMIX_MAX_CPUS];
	int n = 0, opt, cpu, i, fired = -1;
	double seconds;
	cpu_set_t set;

	while ((opt = getopt(argc, argv, "w:b")) != -1) {
		if (opt == 'w') {
			watchdog_ns = strtoull(optarg, NULL, 10) * 1000000ull;
		} else if (opt == 'b') {
			busy = 1;
		} else {
			fprintf(stderr, "usage: loadmix [-w WATCHDOG_MS] [-b] SECONDS\n");
			return 2;
		}
	}
	if (optind + 1 != argc || (seconds = atof(argv[optind])) <= 0 || !watchdog_ns) {
		fprintf(stderr, "usage: loadmix [-w WATCHDOG_MS] [-b] SECONDS\n");
		return 2;
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	if (sched_getaffinity(0, sizeof(set), &set)) {
		perror("loadmix: sched_getaffinity");
		return 2;
	}
	for (cpu = 0; cpu < LOADMIX_MAX_CPUS && cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		workers[n].cpu = cpu;
		if (pthread_create(&workers[n].tid, NULL, work, &workers[n])) {
			perror("loadmix: pthread_create");
			return 2;
		}
		n++;
	}

	t_end = now_ns() + (unsigned long long)(seconds * 1e9);
	for (i = 0; i < n; i++) {
		last[i] = 0;
		last_ns[i] = now_ns();
	}
	while (!atomic_load(&stop) && now_ns() < t_end && fired < 0) {
		struct timespec tick = { 0, 100 * 1000000 };

		nanosleep(&tick, NULL);
		for (i = 0; i < n; i++) {
			unsigned long c = atomic_load(&workers[i].sleeps);
			unsigned long long t = now_ns();

			if (c != last[i]) {
				if (t - last_ns[i] > stall_max)
					stall_max = t - last_ns[i];
				last[i] = c;
				last_ns[i] = t;
			} else if (t - last_ns[i] > watchdog_ns) {
				fired = i;
				break;
			}
		}
	}
	if (fired >= 0) {
		struct worker *w = &workers[fired];
		unsigned long long s0 = atomic_load(&w->sleep_start_ns);

		printf("loadmix: FAIL thread of cpu%d made no progress for %llu ms (%s, %llu ms ago): lost wake-up\n",
		       w->cpu, watchdog_ns / 1000000,
		       s0 ? "asleep since a sleep began" : "not asleep",
		       s0 ? (now_ns() - s0) / 1000000 : 0);
		fflush(stdout);
		_exit(1);
	}
	atomic_store(&stop, 1);
	for (i = 0; i < n; i++) {
		pthread_join(workers[i].tid, NULL);
		total += atomic_load(&workers[i].sleeps);
		if (workers[i].longest_ns > longest) {
			longest = workers[i].longest_ns;
			asked = workers[i].asked_ns;
		}
	}
	printf("loadmix: %d threads, %llu sleeps, longest sleep %llu us (asked %llu us), longest time without progress %llu ms\n",
	       n, total, longest / 1000, asked / 1000, stall_max / 1000000);
	return 0;
}
