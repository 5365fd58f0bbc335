// SPDX-License-Identifier: GPL-2.0
/*
 * ipiwake: remote wake-ups. A waiter thread pinned to WAITER_CPU sleeps on
 * a futex; a waker pinned to WAKER_CPU sleeps INTERVAL_US (so the waiter's
 * CPU goes idle), then wakes it, N times. Prints the rounds done. Whether a
 * wake-up needed an IPI is read by the caller from /proc/interrupts.
 * Usage: ipiwake N INTERVAL_US WAITER_CPU WAKER_CPU
 */
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int word;	/* 0: waiter sleeps, 1: woken */
static int rounds, waker_cpu;
static long interval_us;

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("ipiwake: sched_setaffinity");
		exit(1);
	}
}

static void *waker(void *unused)
{
	struct timespec ts = { interval_us / 1000000, interval_us % 1000000 * 1000 };
	int i;

	(void)unused;
	pin(waker_cpu);
	for (i = 0; i < rounds; i++) {
		nanosleep(&ts, NULL);
		__atomic_store_n(&word, 1, __ATOMIC_RELEASE);
		syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
		/* the waiter resets the word once it has run */
		while (__atomic_load_n(&word, __ATOMIC_ACQUIRE) == 1)
			sched_yield();
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;
	int i;

	if (argc != 5) {
		fprintf(stderr, "usage: ipiwake N INTERVAL_US WAITER_CPU WAKER_CPU\n");
		return 2;
	}
	rounds = atoi(argv[1]);
	interval_us = atol(argv[2]);
	waker_cpu = atoi(argv[4]);
	pin(atoi(argv[3]));
	if (pthread_create(&t, NULL, waker, NULL)) {
		perror("ipiwake: pthread_create");
		return 1;
	}
	for (i = 0; i < rounds; i++) {
		while (__atomic_load_n(&word, __ATOMIC_ACQUIRE) == 0)
			syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
		__atomic_store_n(&word, 0, __ATOMIC_RELEASE);
	}
	pthread_join(t, NULL);
	printf("%d\n", rounds);
	return 0;
}
