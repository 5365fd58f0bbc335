// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-work: the demo's workload, the same under every governor.
 *
 * One thread per CPU:SLEEPS argument, pinned to CPU, sleeps through a
 * fixed pseudo-random sequence of lengths drawn from SLEEPS (microseconds,
 * '/'-separated) until the lengths add up to SECONDS. The sequence depends
 * only on the CPU number and SLEEPS, never on timing, so every run asks
 * the idle governor the same questions; what changes between governors is
 * which states they answer with.
 *
 * Each sleep is an absolute CLOCK_MONOTONIC deadline (clock_nanosleep()
 * with TIMER_ABSTIME, as cyclictest does) with timer slack at 1 ns, and
 * its wake-up latency is the time from the deadline to the thread running
 * again: timer and idle-state exit latency together.
 *
 * Output, CSV with a header: one row per thread, and "all" over every
 * sample: cpu,sleeps,requested_s,median_us,p99_us,max_us.
 *
 * Usage: pidle-work [-t SECONDS] CPU:US[/US...] ...   (default 5 s)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#define PIDLE_WORK_MAX_LENS	16
#define PIDLE_WORK_MAX_THREADS	64

struct pidle_work {
	int cpu;
	unsigned int nr_lens;
	long len_us[PIDLE_WORK_MAX_LENS];
	double seconds;
	/* results */
	long long *lat_ns;
	size_t nr;
	long long requested_ns;	/* sum of the lengths slept */
	int err;		/* errno of a failed step, 0 when all went well */
	const char *what;	/* which step failed */
};

static long long pidle_ns(const struct timespec *t)
{
	return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

static struct timespec pidle_ts(long long ns)
{
	struct timespec t = { ns / 1000000000LL, ns % 1000000000LL };

	return t;
}

static int pidle_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* The sleep sequence: a 32-bit LCG (Numerical Recipes) seeded by CPU. */
static unsigned int pidle_next(unsigned int *seed)
{
	*seed = *seed * 1664525u + 1013904223u;
	return *seed >> 8;
}

static void *pidle_worker(void *arg)
{
	struct pidle_work *w = arg;
	unsigned int seed = 0x9e3779b9u ^ (unsigned int)w->cpu, i;
	long long total_ns = (long long)(w->seconds * 1e9), sum_ns = 0;
	long long min_ns = w->len_us[0] * 1000LL;
	struct timespec now, deadline;
	cpu_set_t set;
	size_t cap;

	for (i = 1; i < w->nr_lens; i++)
		if (w->len_us[i] * 1000LL < min_ns)
			min_ns = w->len_us[i] * 1000LL;
	cap = total_ns / min_ns + 1;
	w->lat_ns = calloc(cap, sizeof(*w->lat_ns));
	if (!w->lat_ns) {
		w->err = ENOMEM;
		w->what = "allocating the samples";
		return NULL;
	}
	CPU_ZERO(&set);
	CPU_SET(w->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		w->err = errno;
		w->what = "pinning to the CPU";
		return NULL;
	}
	/* Default slack (50 us) would blur the short sleeps. */
	if (prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0)) {
		w->err = errno;
		w->what = "setting timer slack";
		return NULL;
	}
	while (sum_ns < total_ns && w->nr < cap) {
		long long len_ns = w->len_us[pidle_next(&seed) % w->nr_lens] * 1000LL;
		long long due_ns;
		int ret;

		clock_gettime(CLOCK_MONOTONIC, &now);
		due_ns = pidle_ns(&now) + len_ns;
		deadline = pidle_ts(due_ns);
		do
			ret = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME,
					      &deadline, NULL);
		while (ret == EINTR);
		if (ret) {
			w->err = ret;
			w->what = "clock_nanosleep";
			return NULL;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		w->lat_ns[w->nr++] = pidle_ns(&now) - due_ns;
		sum_ns += len_ns;
	}
	w->requested_ns = sum_ns;
	return NULL;
}

static int pidle_parse_thread(const char *arg, struct pidle_work *w)
{
	char *end;
	const char *p;

	errno = 0;
	w->cpu = strtol(arg, &end, 10);
	if (end == arg || *end != ':' || w->cpu < 0 || w->cpu >= CPU_SETSIZE || errno)
		return -1;
	p = end + 1;
	do {
		if (w->nr_lens == PIDLE_WORK_MAX_LENS)
			return -1;
		w->len_us[w->nr_lens] = strtol(p, &end, 10);
		if (end == p || w->len_us[w->nr_lens] <= 0 ||
		    w->len_us[w->nr_lens] > 1000000)
			return -1;
		w->nr_lens++;
		p = end + 1;
	} while (*end == '/');
	return *end ? -1 : 0;
}

static void pidle_print(const char *who, size_t nr, long long *lat,
			double requested_s)
{
	qsort(lat, nr, sizeof(*lat), pidle_cmp);
	printf("%s,%zu,%.3f,%.1f,%.1f,%.1f\n", who, nr, requested_s,
	       nr ? lat[nr / 2] / 1e3 : 0.0,
	       nr ? lat[nr * 99 / 100] / 1e3 : 0.0,
	       nr ? lat[nr - 1] / 1e3 : 0.0);
}

static int pidle_usage(void)
{
	fprintf(stderr, "usage: pidle-work [-t SECONDS] CPU:US[/US...] ...\n"
		"  one thread per CPU:US list, pinned, sleeping lengths drawn from the\n"
		"  list (microseconds, 1 to 1000000) until they add up to SECONDS\n"
		"  (default 5, at most 600)\n");
	return 2;
}

int main(int argc, char **argv)
{
	static struct pidle_work work[PIDLE_WORK_MAX_THREADS];
	pthread_t tid[PIDLE_WORK_MAX_THREADS];
	double seconds = 5;
	int nr = 0, i, argi = 1, rc = 0;
	size_t total = 0, off = 0;
	long long *all, requested_ns = 0;
	char cpu[16];

	if (argi + 1 < argc && !strcmp(argv[argi], "-t")) {
		char *end;

		seconds = strtod(argv[argi + 1], &end);
		if (*end || seconds <= 0 || seconds > 600) {
			fprintf(stderr, "pidle-work: bad -t '%s': seconds, more than 0 and at most 600\n",
				argv[argi + 1]);
			return 2;
		}
		argi += 2;
	}
	if (argi == argc)
		return pidle_usage();
	for (; argi < argc; argi++, nr++) {
		if (nr == PIDLE_WORK_MAX_THREADS) {
			fprintf(stderr, "pidle-work: more than %d threads\n",
				PIDLE_WORK_MAX_THREADS);
			return 2;
		}
		work[nr].seconds = seconds;
		if (pidle_parse_thread(argv[argi], &work[nr])) {
			fprintf(stderr, "pidle-work: bad thread '%s': want CPU:US[/US...], e.g. 0:50/200/1000\n",
				argv[argi]);
			return 2;
		}
	}
	for (i = 0; i < nr; i++) {
		int ret = pthread_create(&tid[i], NULL, pidle_worker, &work[i]);

		if (ret) {
			fprintf(stderr, "pidle-work: cannot start thread %d: %s\n",
				i, strerror(ret));
			return 1;
		}
	}
	for (i = 0; i < nr; i++)
		pthread_join(tid[i], NULL);

	printf("cpu,sleeps,requested_s,median_us,p99_us,max_us\n");
	for (i = 0; i < nr; i++) {
		if (work[i].err) {
			fprintf(stderr, "pidle-work: CPU %d: %s: %s\n", work[i].cpu,
				work[i].what, strerror(work[i].err));
			rc = 1;
			continue;
		}
		total += work[i].nr;
		requested_ns += work[i].requested_ns;
	}
	if (rc)
		return rc;
	all = calloc(total ? total : 1, sizeof(*all));
	if (!all) {
		fprintf(stderr, "pidle-work: out of memory\n");
		return 1;
	}
	for (i = 0; i < nr; i++) {
		memcpy(all + off, work[i].lat_ns, work[i].nr * sizeof(*all));
		off += work[i].nr;
		snprintf(cpu, sizeof(cpu), "%d", work[i].cpu);
		pidle_print(cpu, work[i].nr, work[i].lat_ns,
			    work[i].requested_ns / 1e9);
	}
	pidle_print("all", total, all, requested_ns / 1e9);
	return 0;
}
