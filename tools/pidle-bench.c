// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-bench: wake-up latency per idle state, one state enabled at a time,
 * for timer wake-ups and for wake-ups by another CPU; with --irq, the
 * interrupts' own latency from the kernel's tracepoints as well.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <getopt.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "pidle_bench_irq.h"
#include "pidle_bench_stats.h"
#include "pidle_common.h"
#include "pidle_opts.h"

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

static void pidle_restore(void)
{
	int cpu, k;

	for (cpu = 0; cpu < pidle_nr_cpus; cpu++)
		for (k = 0; k < pidle_b.nr_states; k++)
			if (pidle_dis_orig[cpu][k])
				pidle_write_file(pidle_dis_path[cpu][k],
						 &pidle_dis_orig[cpu][k], 1);
}

static void pidle_on_signal(int sig)
{
	pidle_restore();	/* open/write/close only: async-signal-safe */
	pidle_irq_stop_signal();	/* rmdir() only */
	_exit(128 + sig);
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
		if (pidle_read_file(path, s->name, sizeof(s->name)))
			break;
		snprintf(path, sizeof(path),
			 "%s/sys/devices/system/cpu/cpu0/cpuidle/state%d/latency",
			 pidle_root, k);
		pidle_read_file(path, buf, sizeof(buf));
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
			if (pidle_read_file(p, buf, sizeof(buf)))
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
	int cpu, k, ret;

	for (cpu = 0; cpu < pidle_nr_cpus; cpu++)
		for (k = 0; k < pidle_b.nr_states; k++) {
			ret = pidle_write_file(pidle_dis_path[cpu][k],
					       k == only ? "0" : "1", 1);
			if (ret)
				return pidle_errorf(-1, "%s: %s.",
						    pidle_dis_path[cpu][k],
						    strerror(-ret));
		}
	return 0;
}

/* Pin the calling thread to @cpu and, with @prio, make it SCHED_FIFO. */
static int pidle_pin(int cpu, int prio)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return pidle_errorf(-1, "cannot run on CPU %d: %s.", cpu,
				    strerror(errno));
	if (prio) {
		struct sched_param sp = { .sched_priority = prio };

		if (sched_setscheduler(0, SCHED_FIFO, &sp))
			return pidle_errorf(-1, "SCHED_FIFO priority %d: %s.",
					    prio, strerror(errno));
	}
	return 0;
}

/*
 * The ipi test's handshake word. The waiter arms it and sleeps on it; the
 * waker, once the waiter has had time to go idle, timestamps, signals and
 * wakes it; the waiter reads the timestamp and acknowledges by setting the
 * word back to IDLE. The waker waits for that acknowledgement inside the
 * same round, so that it never overwrites a timestamp not yet read and the
 * last round ends like every other. (When the acknowledgement was the next
 * round's arming, the waker waited for it forever after the last sample:
 * the hang of the first version.)
 */
enum {
	PIDLE_IPI_IDLE,		/* not armed, or the last sample is taken */
	PIDLE_IPI_ARMED,	/* the waiter waits (or is about to) */
	PIDLE_IPI_SIGNALLED,	/* sig_ns is stored, the waiter woken */
};

struct pidle_ipi {
	int waiter_cpu, waker_cpu, prio, n;
	long interval_ns, jitter_ns;
	struct pidle_bench_state *s;
	int word;
	long long sig_ns;
	/* --irq: each round's signal and wake-up, for the trace's IPIs */
	long long *sig_all_ns, *recv_all_ns;
};

static void pidle_futex(int *word, int op, int val)
{
	syscall(SYS_futex, word, op, val, NULL, NULL, 0);
}

/*
 * The CPU's spin-wait hint (PAUSE on x86), as the kernel's cpu_relax().
 * Under QEMU's single-threaded TCG (-icount) it also hands the host thread
 * to the next vCPU: without it a vCPU that spins here runs on to the end
 * of its time slice (the next guest timer event, milliseconds away) before
 * the vCPU it has just sent an IPI to runs at all.
 */
static inline void pidle_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ volatile("yield" ::: "memory");
#endif
}

/*
 * The waker's spins: the waiter runs on another CPU, so nothing here needs
 * this CPU back. No sched_yield() in the loop: under -icount every
 * instruction either vCPU runs is guest time, and the woken CPU's exit
 * latency is spun to a deadline that it can only see pass when it runs
 * again; each turn of this loop on the waker's vCPU comes in between. A
 * system call per turn (about 1 us of guest time, 2 on 6.1) put the
 * woken CPU's median exit 1-2 us past its deadline, in the ipi rows only
 * (benchmark 3 on 6.1: L10 ipi +3.2 us); a PAUSE alone is a few
 * instructions.
 */
static void pidle_spin_while(int *word, int val)
{
	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) == val)
		pidle_cpu_relax();
}

/*
 * --jitter: sample @i's sleep is longer by a fixed pseudo-random amount in
 * [0, @jitter_ns), a hash of @i (splitmix64's finaliser): the same
 * sequence in every run and in both tests, so that figures still repeat
 * under -icount. A sleep of one fixed length locks the sleep/wake-up
 * cycle in phase with any periodic interrupt, the tick above all: under
 * -icount the same few tick phases then recur in every sample and bias
 * the median (Documentation/pidle-bench.rst, benchmark 3).
 */
static long pidle_jitter_ns(long jitter_ns, int i)
{
	unsigned long long x = (unsigned long long)(i + 1) * 0x9e3779b97f4a7c15ULL;

	if (!jitter_ns)
		return 0;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	x ^= x >> 31;
	return (long)(x % (unsigned long long)jitter_ns);
}

static void *pidle_waker(void *arg)
{
	struct pidle_ipi *ipi = arg;
	int i;

	for (i = 0; i < ipi->n; i++) {
		long sleep_ns = ipi->interval_ns + pidle_jitter_ns(ipi->jitter_ns, i);
		struct timespec ts = { sleep_ns / 1000000000L,
				       sleep_ns % 1000000000L };

		/* Wait for the waiter to arm, then give it time to go idle. */
		pidle_spin_while(&ipi->word, PIDLE_IPI_IDLE);
		nanosleep(&ts, NULL);
		__atomic_store_n(&ipi->sig_ns, pidle_ns(), __ATOMIC_RELAXED);
		/* Orders sig_ns before the word the waiter acquires. */
		__atomic_store_n(&ipi->word, PIDLE_IPI_SIGNALLED,
				 __ATOMIC_RELEASE);
		pidle_futex(&ipi->word, FUTEX_WAKE_PRIVATE, 1);
		pidle_spin_while(&ipi->word, PIDLE_IPI_SIGNALLED);
	}
	return NULL;
}

/* The waker thread, created already pinned (and SCHED_FIFO with a prio). */
static int pidle_start_waker(pthread_t *t, struct pidle_ipi *ipi)
{
	struct sched_param sp = { .sched_priority = ipi->prio };
	pthread_attr_t attr;
	cpu_set_t set;
	int ret;

	CPU_ZERO(&set);
	CPU_SET(ipi->waker_cpu, &set);
	pthread_attr_init(&attr);
	pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	if (ipi->prio) {
		pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
		pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
		pthread_attr_setschedparam(&attr, &sp);
	}
	ret = pthread_create(t, &attr, pidle_waker, ipi);
	pthread_attr_destroy(&attr);
	if (ret)
		return pidle_errorf(-1, "cannot start the waker on CPU %d: %s.",
				    ipi->waker_cpu, strerror(ret));
	return 0;
}

static int pidle_measure_ipi(struct pidle_ipi *ipi)
{
	pthread_t t;
	int i;

	if (pidle_bench_reserve(ipi->s, PIDLE_TEST_IPI, ipi->n))
		return pidle_errorf(-1, "%d samples: %s.", ipi->n,
				    strerror(ENOMEM));
	ipi->word = PIDLE_IPI_IDLE;
	if (pidle_pin(ipi->waiter_cpu, ipi->prio) ||
	    (ipi->sig_all_ns && pidle_irq_clear()) ||
	    pidle_start_waker(&t, ipi))
		return -1;
	for (i = 0; i < ipi->n; i++) {
		__atomic_store_n(&ipi->word, PIDLE_IPI_ARMED, __ATOMIC_RELEASE);
		while (__atomic_load_n(&ipi->word, __ATOMIC_ACQUIRE) ==
		       PIDLE_IPI_ARMED)
			pidle_futex(&ipi->word, FUTEX_WAIT_PRIVATE,
				    PIDLE_IPI_ARMED);
		long long recv_ns = pidle_ns();
		long long sig_ns = __atomic_load_n(&ipi->sig_ns, __ATOMIC_RELAXED);

		/* Reserved above: cannot fail. */
		pidle_bench_add(ipi->s, PIDLE_TEST_IPI, recv_ns - sig_ns);
		if (ipi->sig_all_ns) {
			ipi->sig_all_ns[i] = sig_ns;
			ipi->recv_all_ns[i] = recv_ns;
		}
		__atomic_store_n(&ipi->word, PIDLE_IPI_IDLE, __ATOMIC_RELEASE);
	}
	pthread_join(t, NULL);
	if (ipi->sig_all_ns)
		return pidle_irq_ipi(ipi->s, ipi->sig_all_ns, ipi->recv_all_ns,
				     ipi->n);
	return 0;
}

/*
 * As cyclictest: sleep to an absolute deadline and take the lateness of the
 * wake-up, so that the time spent entering the call is not counted. The
 * timer slack is 1 ns, as for a real-time task, so that the hardware
 * timer is set to the deadline itself (with the default 50 us slack of a
 * normal task, a sleep may end anywhere in the 50 us after it, whenever
 * another interrupt comes). With @irq, the trace gives the interrupt's
 * latency of the same sleeps.
 */
static int pidle_measure_timer(struct pidle_bench_state *s, int cpu,
			       int prio, int n, long interval_ns,
			       long jitter_ns, bool irq)
{
	int i;

	if (pidle_bench_reserve(s, PIDLE_TEST_TIMER, n))
		return pidle_errorf(-1, "%d samples: %s.", n, strerror(ENOMEM));
	if (pidle_pin(cpu, prio))
		return -1;
	if (prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL))
		return pidle_errorf(-1, "timer slack: %s.", strerror(errno));
	if (irq && pidle_irq_clear())
		return -1;
	for (i = 0; i < n; i++) {
		long long deadline_ns = pidle_ns() + interval_ns +
					pidle_jitter_ns(jitter_ns, i);
		struct timespec ts = { deadline_ns / 1000000000LL,
				       deadline_ns % 1000000000LL };

		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts,
				       NULL) == EINTR)
			;
		pidle_bench_add(s, PIDLE_TEST_TIMER, pidle_ns() - deadline_ns);
	}
	if (irq)
		return pidle_irq_timer(s, gettid(), n);
	return 0;
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
		v[i] = pidle_read_file(path, buf, sizeof(buf)) ? ~0ULL :
			strtoull(buf, NULL, 10);
	}
}

/* What a run measures, from the options. */
struct pidle_run {
	int cpu, waker, prio, n;
	long interval_ns, jitter_ns;
	bool want[PIDLE_NR_TESTS];
	bool irq;		/* --irq: the interrupt latencies too */
};

/* Both tests on the idle as it is now, and the module's overshoot if any. */
static int pidle_measure_state(struct pidle_bench_state *s, int k,
			       const struct pidle_run *run)
{
	unsigned long long o0[3], o1[3];

	if (k >= 0)
		pidle_read_ovs(run->cpu, k, o0);
	if (run->want[PIDLE_TEST_TIMER] &&
	    pidle_measure_timer(s, run->cpu, run->prio, run->n,
				run->interval_ns, run->jitter_ns, run->irq))
		return -1;
	if (run->want[PIDLE_TEST_IPI]) {
		struct pidle_ipi ipi = {
			.waiter_cpu = run->cpu, .waker_cpu = run->waker,
			.prio = run->prio, .n = run->n, .s = s,
			.interval_ns = run->interval_ns,
			.jitter_ns = run->jitter_ns,
		};
		int ret;

		if (run->irq) {
			ipi.sig_all_ns = calloc(run->n, sizeof(long long));
			ipi.recv_all_ns = calloc(run->n, sizeof(long long));
			if (!ipi.sig_all_ns || !ipi.recv_all_ns) {
				free(ipi.sig_all_ns);
				free(ipi.recv_all_ns);
				return pidle_errorf(-1, "%d samples: %s.",
						    run->n, strerror(ENOMEM));
			}
		}
		ret = pidle_measure_ipi(&ipi);
		free(ipi.sig_all_ns);
		free(ipi.recv_all_ns);
		if (ret)
			return -1;
	}
	if (k < 0)
		return 0;
	pidle_read_ovs(run->cpu, k, o1);
	if (o0[0] != ~0ULL && o1[0] != ~0ULL) {
		s->has_ovs = true;
		s->exits = o1[0] - o0[0];
		s->ovs_ns = o1[1] - o0[1];
		s->ovs_max_ns = o1[2];
	}
	return 0;
}

static void pidle_usage(FILE *f)
{
	fputs("Usage: pidle-bench [OPTIONS]\n"
	      "Measure wake-up latency per idle state, one state enabled at a time.\n\n"
	      "Measurement:\n"
	      "  -c, --cpu CPU          CPU that sleeps and wakes (default 1)\n"
	      "  -w, --waker-cpu CPU    CPU that wakes it in the ipi test (default 0)\n"
	      "  -n, --count N          samples per state and test, up to 10000000\n"
	      "                         (default 1000)\n"
	      "  -I, --interval US      sleep per sample, microseconds (default 1000; a\n"
	      "                         unit may follow: 2ms, 500us)\n"
	      "  -j, --jitter US        each sleep longer by a fixed pseudo-random amount\n"
	      "                         below US microseconds, the same every run (default 0)\n"
	      "  -e, --enable LIST      the states to measure, by index, e.g. 0,2 (default\n"
	      "                         all), each enabled alone in turn\n"
	      "  -t, --test TEST        timer, ipi or both (default both)\n"
	      "  -P, --prio PRIO        SCHED_FIFO priority of the threads (default 0: normal)\n"
	      "      --as-is            measure the idle as it is (any driver, or none as with\n"
	      "                         idle=poll), disabling no state: one row, 'as-is'\n"
	      "      --irq              also the interrupts' latency, from the kernel's\n"
	      "                         tracepoints (tracefs): timer-irq and ipi-irq rows\n"
	      "Output:\n"
	      "      --csv              comma-separated values (RFC 4180)\n"
	      "      --json             JSON\n"
	      "  -o, --output FILE      write the report to FILE, not stdout\n"
	      "      --dump-samples FILE  also write the raw samples to FILE\n"
	      "Input:\n"
	      "  -r, --sysfs-root DIR   DIR stands for /: read and write sysfs at DIR/sys\n"
	      "                         (default /)\n"
	      "      --samples-from FILE  report saved samples, measure nothing\n"
	      "                         (with --dump-samples: write them again)\n"
	      "Other:\n"
	      "  -h, --help             show this help and exit\n"
	      "  -V, --version          show the version and exit\n"
	      "\n"
	      "Deprecated: -s, --states (use -e, --enable), -p (use -P), --samples\n"
	      "(use -n, --count).\n"
	      "\n"
	      "Exit status (as for pidle-topo and pidle-stat):\n"
	      "  0  success; 128 + N on signal N, the disable files restored\n"
	      "  1  usage error: bad option, argument or combination, or FILE of -o\n"
	      "     cannot be written\n"
	      "  2  sysfs cannot be read or written, a CPU cannot be used, or a\n"
	      "     samples file is malformed\n", f);
}

/* The report written out: 0, or PIDLE_EXIT_USAGE when it could not be. */
static int pidle_flush_stdout(void)
{
	if (fflush(stdout) || ferror(stdout))
		return pidle_errorf(PIDLE_EXIT_USAGE, "cannot write the report: %s.",
				    strerror(errno));
	return 0;
}

int main(int argc, char **argv)
{
	const char *dump = NULL, *from = NULL, *states = NULL;
	bool sel[PIDLE_BENCH_STATES], as_is = false, irq = false;
	const struct pidle_opt_store store[] = {
		{ 'e', &states }, { 'D', &dump }, { 'F', &from },
		{ 'A', .set = &as_is }, { 'Q', .set = &irq }, { 0 }
	};
	struct pidle_opts o = {
		.spec = "-c:cpu -w:waker-cpu -n:count -I:interval -j:jitter -e:enable -t:test -P:prio "
			"D:dump-samples F:samples-from A,as-is Q,irq",
		.flags = PIDLE_OPTS_FORMAT | PIDLE_OPTS_ROOT | PIDLE_OPTS_OUTPUT,
		.deprecated = "-s>e --states>e -p>P --samples>n",
		.store = store, .usage = pidle_usage, .fmt = PIDLE_BFMT_PLAIN, .root = "",
	};
	long cpu = 1, waker = 0, n = 1000, prio = 0, v;
	double interval = 1000, jitter = 0;	/* microseconds */
	bool jitter_given = false;
	bool want[PIDLE_NR_TESTS] = { true, true };
	struct pidle_run run;
	int c, k;

	pidle_prog = argv[0] = "pidle-bench";
	while ((c = pidle_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 'c':
			if (!pidle_parse_long(optarg, 0, PIDLE_MAX_CPUS - 1, &cpu))
				return pidle_bad_arg("CPU", optarg, "expected a CPU number");
			break;
		case 'w':
			if (!pidle_parse_long(optarg, 0, PIDLE_MAX_CPUS - 1, &waker))
				return pidle_bad_arg("waker CPU", optarg, "expected a CPU number");
			break;
		case 'n':
			if (!pidle_parse_long(optarg, 1, PIDLE_BENCH_MAX_SAMPLES, &n))
				return pidle_bad_arg("sample count", optarg, "expected an integer from 1 to 10000000");
			break;
		case 'I':
			if (!pidle_parse_duration(optarg, 1e-6, 0, 10, &interval))
				return pidle_bad_arg("interval", optarg, "expected microseconds (or a number with a unit: s, ms, us, ns), more than 0 and at most 10 s");
			break;
		case 'j':
			if (!pidle_parse_duration(optarg, 1e-6, -1, 10, &jitter))
				return pidle_bad_arg("jitter", optarg, "expected microseconds (or a number with a unit: s, ms, us, ns), from 0 to 10 s");
			jitter_given = true;
			break;
		case 't':
			if (!strcmp(optarg, "timer"))
				want[PIDLE_TEST_IPI] = false;
			else if (!strcmp(optarg, "ipi"))
				want[PIDLE_TEST_TIMER] = false;
			else if (strcmp(optarg, "both"))
				return pidle_bad_arg("test", optarg, "expected timer, ipi or both");
			break;
		case 'P':
			if (!pidle_parse_long(optarg, 0, 99, &prio))
				return pidle_bad_arg("priority", optarg, "expected 0 to 99");
			break;
		default:	/* reported by pidle_getopt() */
			return PIDLE_EXIT_USAGE;
		}
	}
	pidle_root = o.root;
	if (optind < argc)
		return pidle_bad_arg("argument", argv[optind], "pidle-bench takes no operands");
	if (cpu == waker && want[PIDLE_TEST_IPI]) {
		char num[16];

		snprintf(num, sizeof(num), "%ld", waker);
		return pidle_bad_arg("waker CPU", num, "the ipi test needs a CPU other than --cpu");
	}
	if (as_is && (states || from))
		return pidle_usage_error("options --as-is and %s cannot be combined: --as-is leaves every state as it is.",
					 states ? "--enable" : "--samples-from");
	if (from && (irq || jitter_given))
		return pidle_usage_error("options %s and --samples-from cannot be combined: --samples-from measures nothing.",
					 irq ? "--irq" : "--jitter");
	/*
	 * The report's file, opened once every argument is known good and
	 * before anything is measured: a file that cannot be written is found
	 * before the run, not after it.
	 */
	if (o.output && !freopen(o.output, "w", stdout))
		return pidle_errorf(PIDLE_EXIT_USAGE, "%s: %s.", o.output,
				    strerror(errno));
	if (from) {
		if (pidle_bench_load(from, &pidle_b))
			return PIDLE_EXIT_INPUT;
		if (dump && pidle_bench_dump(dump, &pidle_b))
			return PIDLE_EXIT_INPUT;
		pidle_bench_report(stdout, o.fmt, &pidle_b);
		return pidle_flush_stdout();
	}
	run = (struct pidle_run){
		.cpu = cpu, .waker = waker, .prio = prio, .n = n,
		.interval_ns = (long)llround(interval * 1000),
		.jitter_ns = (long)llround(jitter * 1000),
		.want = { want[PIDLE_TEST_TIMER], want[PIDLE_TEST_IPI] },
		.irq = irq,
	};
	if (as_is) {
		/* No cpuidle state is touched: idle=poll, idle=halt, any driver. */
		pidle_b.nr_states = 1;
		strcpy(pidle_b.st[0].name, "as-is");
		if (irq) {
			signal(SIGINT, pidle_on_signal);
			signal(SIGTERM, pidle_on_signal);
			if (pidle_pin(cpu, 0) || pidle_irq_start(pidle_root, cpu))
				return PIDLE_EXIT_INPUT;
		}
		k = pidle_measure_state(&pidle_b.st[0], -1, &run);
		pidle_irq_stop();
		if (k)
			return PIDLE_EXIT_INPUT;
		/* First: the report sorts the samples; the dump keeps their order. */
		if (dump && pidle_bench_dump(dump, &pidle_b))
			return PIDLE_EXIT_INPUT;
		pidle_bench_report(stdout, o.fmt, &pidle_b);
		return pidle_flush_stdout();
	}
	if (pidle_discover())
		return PIDLE_EXIT_INPUT;
	memset(sel, !states, sizeof(sel));
	if (states) {
		char *dup = strdup(states), *tok;

		for (tok = strtok(dup, ","); tok; tok = strtok(NULL, ",")) {
			if (!pidle_parse_long(tok, 0, pidle_b.nr_states - 1, &v))
				return pidle_bad_arg("state", tok, "expected the index of an existing state");
			sel[v] = true;
		}
		free(dup);
	}
	if (cpu >= pidle_nr_cpus || waker >= pidle_nr_cpus) {
		char num[16], why[64];

		snprintf(num, sizeof(num), "%ld", cpu >= pidle_nr_cpus ? cpu : waker);
		snprintf(why, sizeof(why), "only CPUs 0-%d have cpuidle states",
			 pidle_nr_cpus - 1);
		return pidle_bad_arg(cpu >= pidle_nr_cpus ? "CPU" : "waker CPU", num, why);
	}
	signal(SIGINT, pidle_on_signal);
	signal(SIGTERM, pidle_on_signal);
	/* Pinned first: the events are switched with the other CPUs busy. */
	if (irq && (pidle_pin(cpu, 0) || pidle_irq_start(pidle_root, cpu)))
		return PIDLE_EXIT_INPUT;
	for (k = 0; k < pidle_b.nr_states; k++) {
		if (!sel[k])
			continue;
		if (pidle_enable_only(k) ||
		    pidle_measure_state(&pidle_b.st[k], k, &run)) {
			pidle_restore();
			pidle_irq_stop();
			return PIDLE_EXIT_INPUT;
		}
	}
	pidle_restore();
	pidle_irq_stop();
	if (dump && pidle_bench_dump(dump, &pidle_b))
		return PIDLE_EXIT_INPUT;
	pidle_bench_report(stdout, o.fmt, &pidle_b);
	return pidle_flush_stdout();
}
