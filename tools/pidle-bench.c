// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-bench: wake-up latency per idle state, one state enabled at a time,
 * for timer wake-ups and for wake-ups by another CPU.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "pidle_bench_stats.h"

#define PIDLE_MAX_CPUS	256

static struct pidle_bench pidle_b;
static const char *pidle_root = "";
static int pidle_nr_cpus;
/* Saved disable files, restored on exit and from the signal handler. */
static char pidle_dis_path[PIDLE_MAX_CPUS][PIDLE_BENCH_STATES][160];
static char pidle_dis_orig[PIDLE_MAX_CPUS][PIDLE_BENCH_STATES];

static long long pidle_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int pidle_write(const char *path, char c)
{
	int fd = open(path, O_WRONLY);
	int ret;

	if (fd < 0)
		return -1;
	ret = write(fd, &c, 1) == 1 ? 0 : -1;
	close(fd);
	return ret;
}

static void pidle_restore(void)
{
	int cpu, k;

	for (cpu = 0; cpu < pidle_nr_cpus; cpu++)
		for (k = 0; k < pidle_b.nr_states; k++)
			if (pidle_dis_orig[cpu][k])
				pidle_write(pidle_dis_path[cpu][k],
					    pidle_dis_orig[cpu][k]);
}

static void pidle_on_signal(int sig)
{
	pidle_restore();	/* open/write/close only: async-signal-safe */
	_exit(128 + sig);
}

static int pidle_read_line(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, size, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static int pidle_discover(void)
{
	char path[256], buf[64];
	int cpu, k;

	for (k = 0; k < PIDLE_BENCH_STATES; k++) {
		struct pidle_bench_state *s = &pidle_b.st[k];

		snprintf(path, sizeof(path),
			 "%s/sys/devices/system/cpu/cpu0/cpuidle/state%d/name",
			 pidle_root, k);
		if (pidle_read_line(path, s->name, sizeof(s->name)))
			break;
		snprintf(path, sizeof(path),
			 "%s/sys/devices/system/cpu/cpu0/cpuidle/state%d/latency",
			 pidle_root, k);
		pidle_read_line(path, buf, sizeof(buf));
		s->latency_us = atoll(buf);
	}
	pidle_b.nr_states = k;
	if (!k) {
		fprintf(stderr, "pidle-bench: %s/sys/devices/system/cpu/cpu0/cpuidle/state0: not found: no cpuidle driver is registered.\n",
			pidle_root);
		return -1;
	}
	for (cpu = 0; cpu < PIDLE_MAX_CPUS; cpu++) {
		for (k = 0; k < pidle_b.nr_states; k++) {
			char *p = pidle_dis_path[cpu][k];

			snprintf(p, sizeof(pidle_dis_path[0][0]),
				 "%s/sys/devices/system/cpu/cpu%d/cpuidle/state%d/disable",
				 pidle_root, cpu, k);
			if (pidle_read_line(p, buf, sizeof(buf)))
				break;
			pidle_dis_orig[cpu][k] = buf[0];
		}
		if (!k)
			break;
	}
	pidle_nr_cpus = cpu;
	return 0;
}

/* Enable only state @only on every CPU. */
static int pidle_enable_only(int only)
{
	int cpu, k;

	for (cpu = 0; cpu < pidle_nr_cpus; cpu++)
		for (k = 0; k < pidle_b.nr_states; k++)
			if (pidle_write(pidle_dis_path[cpu][k],
					k == only ? '0' : '1')) {
				fprintf(stderr, "pidle-bench: %s: %s.\n",
					pidle_dis_path[cpu][k], strerror(errno));
				return -1;
			}
	return 0;
}

static void pidle_pin(int cpu, int prio)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	if (prio) {
		struct sched_param sp = { .sched_priority = prio };

		sched_setscheduler(0, SCHED_FIFO, &sp);
	}
}

struct pidle_ipi {
	int waiter_cpu, waker_cpu, prio, n;
	long interval_ns;
	struct pidle_bench_state *s;
	int word;
	long long sig_ns;
	volatile int done;
};

static void pidle_futex(int *word, int op, int val)
{
	syscall(SYS_futex, word, op, val, NULL, NULL, 0);
}

static void *pidle_waker(void *arg)
{
	struct pidle_ipi *ipi = arg;
	struct timespec ts = { 0, ipi->interval_ns };
	int i;

	pidle_pin(ipi->waker_cpu, ipi->prio);
	for (i = 0; i < ipi->n; i++) {
		nanosleep(&ts, NULL);
		while (__atomic_load_n(&ipi->word, __ATOMIC_ACQUIRE) != 1)
			sched_yield();		/* waiter not yet waiting */
		nanosleep(&ts, NULL);		/* let it go idle */
		__atomic_store_n(&ipi->sig_ns, pidle_ns(), __ATOMIC_RELAXED);
		__atomic_store_n(&ipi->word, 2, __ATOMIC_RELEASE);
		pidle_futex(&ipi->word, FUTEX_WAKE_PRIVATE, 1);
		/* the waiter's next store (1) says it has read sig_ns */
		while (__atomic_load_n(&ipi->word, __ATOMIC_ACQUIRE) == 2)
			sched_yield();
	}
	return NULL;
}

static int pidle_measure_ipi(struct pidle_ipi *ipi)
{
	pthread_t t;
	int i;

	ipi->word = 0;
	pidle_pin(ipi->waiter_cpu, ipi->prio);
	if (pthread_create(&t, NULL, pidle_waker, ipi))
		return -1;
	for (i = 0; i < ipi->n; i++) {
		__atomic_store_n(&ipi->word, 1, __ATOMIC_RELEASE);
		while (__atomic_load_n(&ipi->word, __ATOMIC_ACQUIRE) == 1)
			pidle_futex(&ipi->word, FUTEX_WAIT_PRIVATE, 1);
		pidle_bench_add(ipi->s, PIDLE_TEST_IPI,
				pidle_ns() - __atomic_load_n(&ipi->sig_ns,
							     __ATOMIC_RELAXED));
	}
	pthread_join(t, NULL);
	return 0;
}

static void pidle_measure_timer(struct pidle_bench_state *s, int cpu,
				int prio, int n, long interval_ns)
{
	struct timespec ts = { interval_ns / 1000000000L,
			       interval_ns % 1000000000L };
	int i;

	pidle_pin(cpu, prio);
	for (i = 0; i < n; i++) {
		long long t0 = pidle_ns();

		clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
		pidle_bench_add(s, PIDLE_TEST_TIMER,
				pidle_ns() - t0 - interval_ns);
	}
}

static void pidle_read_ovs(int cpu, int k, unsigned long long v[3])
{
	static const char *const f[3] = { "achieved", "overshoot_ns",
					  "overshoot_max_ns" };
	char path[256], buf[64];
	int i;

	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path),
			 "%s/sys/kernel/pseudo_cpuidle/cpu%d/state%d/%s",
			 pidle_root, cpu, k, f[i]);
		v[i] = pidle_read_line(path, buf, sizeof(buf)) ? ~0ULL :
			strtoull(buf, NULL, 10);
	}
}

static void pidle_usage(FILE *f)
{
	fputs("Usage: pidle-bench [OPTIONS]\n"
	      "Measure wake-up latency per idle state, one state enabled at a time.\n\n"
	      "Measurement:\n"
	      "  -c, --cpu CPU          CPU that sleeps and wakes (default 1)\n"
	      "  -w, --waker-cpu CPU    CPU that wakes it in the ipi test (default 0)\n"
	      "  -n, --samples N        samples per state and test (default 1000)\n"
	      "  -I, --interval US      sleep per sample, microseconds (default 1000)\n"
	      "  -s, --states LIST      state indices to measure, e.g. 0,2 (default all)\n"
	      "  -t, --test TEST        timer, ipi or both (default both)\n"
	      "  -p, --prio PRIO        SCHED_FIFO priority of the threads (default 0: normal)\n"
	      "Output:\n"
	      "      --csv              comma-separated values\n"
	      "      --json             JSON\n"
	      "      --dump-samples FILE  also write the raw samples to FILE\n"
	      "Input:\n"
	      "      --sysfs-root DIR   read and write sysfs under DIR (default /)\n"
	      "      --samples-from FILE  report saved samples, measure nothing\n"
	      "Other:\n"
	      "  -h, --help             show this help and exit\n", f);
}

static int pidle_bad(const char *what, const char *arg, const char *why)
{
	fprintf(stderr, "pidle-bench: invalid %s '%s': %s.\nTry 'pidle-bench --help'.\n",
		what, arg, why);
	return 1;
}

static bool pidle_num(const char *s, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return !*end && end != s && !errno && *out >= lo && *out <= hi;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "cpu", required_argument, NULL, 'c' },
		{ "waker-cpu", required_argument, NULL, 'w' },
		{ "samples", required_argument, NULL, 'n' },
		{ "interval", required_argument, NULL, 'I' },
		{ "states", required_argument, NULL, 's' },
		{ "test", required_argument, NULL, 't' },
		{ "prio", required_argument, NULL, 'p' },
		{ "csv", no_argument, NULL, 'C' },
		{ "json", no_argument, NULL, 'J' },
		{ "dump-samples", required_argument, NULL, 'D' },
		{ "sysfs-root", required_argument, NULL, 'r' },
		{ "samples-from", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long cpu = 1, waker = 0, n = 1000, interval = 1000, prio = 0, v;
	const char *dump = NULL, *from = NULL, *states = NULL;
	enum pidle_bench_fmt fmt = PIDLE_BFMT_PLAIN;
	bool want[PIDLE_NR_TESTS] = { true, true };
	bool sel[PIDLE_BENCH_STATES];
	int c, k;

	argv[0] = "pidle-bench";
	while ((c = getopt_long(argc, argv, "c:w:n:I:s:t:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			if (!pidle_num(optarg, 0, PIDLE_MAX_CPUS - 1, &cpu))
				return pidle_bad("CPU", optarg, "expected a CPU number");
			break;
		case 'w':
			if (!pidle_num(optarg, 0, PIDLE_MAX_CPUS - 1, &waker))
				return pidle_bad("waker CPU", optarg, "expected a CPU number");
			break;
		case 'n':
			if (!pidle_num(optarg, 1, 10000000, &n))
				return pidle_bad("sample count", optarg, "expected an integer from 1 to 10000000");
			break;
		case 'I':
			if (!pidle_num(optarg, 1, 10000000, &interval))
				return pidle_bad("interval", optarg, "expected microseconds from 1 to 10000000");
			break;
		case 's':
			states = optarg;
			break;
		case 't':
			if (!strcmp(optarg, "timer"))
				want[PIDLE_TEST_IPI] = false;
			else if (!strcmp(optarg, "ipi"))
				want[PIDLE_TEST_TIMER] = false;
			else if (strcmp(optarg, "both"))
				return pidle_bad("test", optarg, "expected timer, ipi or both");
			break;
		case 'p':
			if (!pidle_num(optarg, 0, 99, &prio))
				return pidle_bad("priority", optarg, "expected 0 to 99");
			break;
		case 'C':
			fmt = PIDLE_BFMT_CSV;
			break;
		case 'J':
			fmt = PIDLE_BFMT_JSON;
			break;
		case 'D':
			dump = optarg;
			break;
		case 'r':
			pidle_root = strcmp(optarg, "/") ? optarg : "";
			break;
		case 'F':
			from = optarg;
			break;
		case 'h':
			pidle_usage(stdout);
			return 0;
		default:
			fprintf(stderr, "Try 'pidle-bench --help'.\n");
			return 1;
		}
	}
	if (optind < argc)
		return pidle_bad("argument", argv[optind], "pidle-bench takes no operands");
	if (cpu == waker && want[PIDLE_TEST_IPI]) {
		char num[16];

		snprintf(num, sizeof(num), "%ld", waker);
		return pidle_bad("waker CPU", num, "the ipi test needs a CPU other than --cpu");
	}
	if (from) {
		if (pidle_bench_load(from, &pidle_b))
			return 2;
		pidle_bench_report(stdout, fmt, &pidle_b);
		return 0;
	}
	if (pidle_discover())
		return 2;
	memset(sel, !states, sizeof(sel));
	if (states) {
		char *dup = strdup(states), *tok;

		for (tok = strtok(dup, ","); tok; tok = strtok(NULL, ",")) {
			if (!pidle_num(tok, 0, pidle_b.nr_states - 1, &v))
				return pidle_bad("state", tok, "expected the index of an existing state");
			sel[v] = true;
		}
		free(dup);
	}
	if (cpu >= pidle_nr_cpus || waker >= pidle_nr_cpus)
		return pidle_bad("CPU", cpu >= pidle_nr_cpus ? "--cpu" : "--waker-cpu",
				 "no such CPU has cpuidle states");
	signal(SIGINT, pidle_on_signal);
	signal(SIGTERM, pidle_on_signal);
	for (k = 0; k < pidle_b.nr_states; k++) {
		struct pidle_bench_state *s = &pidle_b.st[k];
		unsigned long long o0[3], o1[3];

		if (!sel[k])
			continue;
		if (pidle_enable_only(k)) {
			pidle_restore();
			return 2;
		}
		pidle_read_ovs(cpu, k, o0);
		if (want[PIDLE_TEST_TIMER])
			pidle_measure_timer(s, cpu, prio, n, interval * 1000);
		if (want[PIDLE_TEST_IPI]) {
			struct pidle_ipi ipi = {
				.waiter_cpu = cpu, .waker_cpu = waker,
				.prio = prio, .n = n, .s = s,
				.interval_ns = interval * 1000,
			};

			pidle_measure_ipi(&ipi);
		}
		pidle_read_ovs(cpu, k, o1);
		if (o0[0] != ~0ULL && o1[0] != ~0ULL) {
			s->has_ovs = true;
			s->exits = o1[0] - o0[0];
			s->ovs_ns = o1[1] - o0[1];
			s->ovs_max_ns = o1[2];
		}
	}
	pidle_restore();
	pidle_bench_report(stdout, fmt, &pidle_b);
	if (dump && pidle_bench_dump(dump, &pidle_b))
		return 2;
	return 0;
}
