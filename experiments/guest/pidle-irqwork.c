// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-irqwork: the seed's workload. A task waits for a periodic
 * interrupt, does a short fixed amount of work, waits again, for a fixed
 * number of interrupts.
 *
 * The source is the RTC's periodic interrupt: /dev/rtc0, RTC_IRQP_SET
 * and RTC_PIE_ON. Linux emulates it with an hrtimer (rtc_pie_update_irq()
 * in drivers/rtc/interface.c, started by the RTC_PIE_ON ioctl and pushed
 * on with hrtimer_forward_now()): the interrupt that wakes the task is the
 * local APIC timer's, its times are exact multiples of the period
 * (NSEC_PER_SEC / hz) from the ioctl, and the governor sees each one
 * coming. (/dev/hpet, a true device interrupt, gets no IRQ in a QEMU
 * guest: HPET_IE_ON fails with EIO.) A read() returns in bits 8 and up
 * how many interrupts happened since the previous one, so a missed
 * interrupt still advances the sample's place on the grid.
 *
 * Times, CLOCK_MONOTONIC: interrupt i is due at the call of the
 * RTC_PIE_ON ioctl plus (i + 1) periods. The hrtimer is started early in
 * that ioctl, and the time the ioctl takes after it varies (5 to 16 us
 * seen under -icount): measured from the return, wake-up times moved by
 * that much from one run to the next; measured from the call, they agree
 * to within 1 us, and are long by the fixed path from the call to
 * hrtimer_start(). The ioctl's duration is printed as origin_err_us; the
 * first one after boot can take most of a second, so the start is
 * retried while it takes over 20 us.
 *   wake      interrupt (grid point) to the task running
 *   response  interrupt to the work done (wake + work)
 *   added     the sum of the wake times: the delay the run accumulated
 *   total     first interrupt to the last work done; ideal is the same
 *             span with no wake-up delay: i_last x period + the work
 *
 * Output: one CSV row with a header (-S FILE also writes each response
 * time, microseconds, one per line). Usage: pidle-irqwork -h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <linux/rtc.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "pidle_opts.h"

#define PIDLE_IRQ_MAX_COUNT	1000000
#define PIDLE_IRQ_MAX_HZ	8192	/* RTC_MAX_FREQ */
#define PIDLE_IRQ_QUICK_NS	20000	/* an RTC_PIE_ON this quick fixes the grid */
#define PIDLE_IRQ_TRIES		5

struct pidle_irq_sample {
	long long index;	/* interrupt number, 0 for the first */
	long long wake_ns;	/* read() returned */
	long long done_ns;	/* work done */
};

static long long pidle_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int pidle_cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* The fixed work: LOOPS dependent multiply-adds the compiler must keep. */
static unsigned long pidle_work(unsigned long loops)
{
	volatile unsigned long acc = 1;
	unsigned long i;

	for (i = 0; i < loops; i++)
		acc = acc * 6364136223846793005UL + 1442695040888963407UL;
	return acc;
}

/* the PCT-th percentile of the sorted V[N], in microseconds */
static double pidle_pct_us(const long long *v, size_t n, int pct)
{
	return v[(n - 1) * pct / 100] / 1e3;
}

static void pidle_usage(FILE *f)
{
	fprintf(f,
		"Usage: pidle-irqwork [OPTIONS]\n"
		"Wait for the RTC's periodic interrupt, do a fixed amount of work, repeat.\n\n"
		"  -f, --hz HZ            interrupts per second, 2 to %d (default 1000)\n"
		"  -n, --count N          interrupts to serve, 10 to %d (default 1000)\n"
		"  -w, --work LOOPS       work per interrupt, multiply-adds (default 1000)\n"
		"  -c, --cpu CPU          pin to CPU before starting the RTC (default 1)\n"
		"  -S, --samples FILE     write each response time, us, one per line\n"
		"  -h, --help             print this help and exit\n\n"
		"Prints one CSV row with a header: hz,period_us,interrupts,missed,\n"
		"work_us,wake_p50_us,wake_p99_us,resp_p50_us,resp_p99_us,resp_max_us,\n"
		"added_ms,total_s,ideal_s,overrun_pct,origin_err_us\n",
		PIDLE_IRQ_MAX_HZ, PIDLE_IRQ_MAX_COUNT);
}

/* *out = ARG as a number in [lo, hi]; 0, or -1 after saying why */
static int pidle_arg(const char *opt, const char *arg, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(arg, &end, 10);
	if (errno || end == arg || *end || *out < lo || *out > hi) {
		fprintf(stderr, "pidle-irqwork: bad %s '%s': want a whole number from %ld to %ld\n",
			opt, arg, lo, hi);
		return -1;
	}
	return 0;
}

/*
 * Serve N interrupts of FD into S[]; *on_ns is when RTC_PIE_ON was
 * called, *err_ns how long it took. 0, or -1 after saying what failed.
 */
static int pidle_serve(int fd, long hz, long loops, struct pidle_irq_sample *s,
		       size_t n, long long *on_ns, long long *err_ns)
{
	long long before, next = 0;
	size_t i;
	int try;

	if (ioctl(fd, RTC_IRQP_SET, hz)) {
		fprintf(stderr, "pidle-irqwork: RTC_IRQP_SET %ld Hz: %s\n", hz, strerror(errno));
		return -1;
	}
	/*
	 * The first RTC_PIE_ON after boot can take most of a second (seen:
	 * 0.96 s, with the hrtimer started early in it), which would leave the
	 * grid's phase unknown: start again until the ioctl is quick, each time
	 * draining what the last try counted (the fd is non-blocking for that).
	 */
	for (try = 0;; try++) {
		unsigned long stale;

		while (read(fd, &stale, sizeof(stale)) == sizeof(stale))
			;
		before = pidle_now_ns();
		if (ioctl(fd, RTC_PIE_ON, 0)) {
			fprintf(stderr, "pidle-irqwork: RTC_PIE_ON: %s\n", strerror(errno));
			return -1;
		}
		*on_ns = before;
		*err_ns = pidle_now_ns() - before;
		if (*err_ns <= PIDLE_IRQ_QUICK_NS || try == PIDLE_IRQ_TRIES - 1)
			break;
		ioctl(fd, RTC_PIE_OFF, 0);
	}
	if (fcntl(fd, F_SETFL, 0)) {
		fprintf(stderr, "pidle-irqwork: cannot make /dev/rtc0 blocking: %s\n", strerror(errno));
		ioctl(fd, RTC_PIE_OFF, 0);
		return -1;
	}
	for (i = 0; i < n; i++) {
		unsigned long data;

		if (read(fd, &data, sizeof(data)) != sizeof(data)) {
			fprintf(stderr, "pidle-irqwork: read of interrupt %zu: %s\n", i, strerror(errno));
			ioctl(fd, RTC_PIE_OFF, 0);
			return -1;
		}
		s[i].wake_ns = pidle_now_ns();
		pidle_work(loops);
		s[i].done_ns = pidle_now_ns();
		next += (data >> 8) ? (long long)(data >> 8) : 1;
		s[i].index = next - 1;
	}
	ioctl(fd, RTC_PIE_OFF, 0);
	return 0;
}

int main(int argc, char **argv)
{
	const char *samples_path = NULL;
	const struct pidle_opt_store store[] = { { 'S', &samples_path }, { 0 } };
	struct pidle_opts o = {
		.spec = "-f:hz -n:count -w:work -c:cpu -S:samples",
		.flags = PIDLE_OPTS_GETOPT_MSGS, .store = store, .usage = pidle_usage,
	};
	long hz = 1000, count = 1000, loops = 1000, cpu = 1;
	/* The numeric options: the range each takes. */
	const struct {
		int c;
		const char *opt;
		long lo, hi;
		long *val;
	} num[] = {
		{ 'f', "--hz", 2, PIDLE_IRQ_MAX_HZ, &hz },
		{ 'n', "--count", 10, PIDLE_IRQ_MAX_COUNT, &count },
		{ 'w', "--work", 0, 100000000, &loops },
		{ 'c', "--cpu", 0, CPU_SETSIZE - 1, &cpu },
	};
	long long *wake, *resp, *work, added_ns = 0, period_ns, on_ns, err_ns;
	struct pidle_irq_sample *s;
	double total_s, ideal_s;
	cpu_set_t set;
	size_t i, n;
	int c, fd;

	while ((c = pidle_getopt(&o, argc, argv)) != -1) {
		if (!c)
			return 1;
		/* pidle_getopt() returns no other letters: -S is stored. */
		for (i = 0; num[i].c != c; i++)
			;
		if (pidle_arg(num[i].opt, optarg, num[i].lo, num[i].hi, num[i].val))
			return 1;
	}
	if (optind < argc) {
		fprintf(stderr, "pidle-irqwork: unexpected argument '%s'\n", argv[optind]);
		return 1;
	}
	n = count;
	s = calloc(n, sizeof(*s));
	wake = calloc(n, sizeof(*wake));
	resp = calloc(n, sizeof(*resp));
	work = calloc(n, sizeof(*work));
	if (!s || !wake || !resp || !work) {
		fprintf(stderr, "pidle-irqwork: out of memory for %zu samples\n", n);
		return 1;
	}
	/* The RTC's hrtimer is started on, and fires on, the CPU that asks. */
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "pidle-irqwork: cannot pin to CPU %ld: %s\n", cpu, strerror(errno));
		return 1;
	}
	fd = open("/dev/rtc0", O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		fprintf(stderr, "pidle-irqwork: cannot open /dev/rtc0: %s\n", strerror(errno));
		return 1;
	}
	if (pidle_serve(fd, hz, loops, s, n, &on_ns, &err_ns)) {
		close(fd);
		return 1;
	}
	close(fd);

	period_ns = 1000000000LL / hz;	/* as rtc_update_hrtimer() computes it */
	for (i = 0; i < n; i++) {
		long long due_ns = on_ns + (s[i].index + 1) * period_ns;

		wake[i] = s[i].wake_ns - due_ns;
		resp[i] = s[i].done_ns - due_ns;
		work[i] = s[i].done_ns - s[i].wake_ns;
		added_ns += wake[i];
	}
	total_s = (s[n - 1].done_ns - (on_ns + period_ns)) / 1e9;
	qsort(work, n, sizeof(*work), pidle_cmp_ll);
	ideal_s = (s[n - 1].index * period_ns + work[n / 2]) / 1e9;
	if (samples_path) {
		FILE *f = fopen(samples_path, "w");

		if (!f) {
			fprintf(stderr, "pidle-irqwork: cannot write %s: %s\n", samples_path, strerror(errno));
			return 1;
		}
		for (i = 0; i < n; i++)
			fprintf(f, "%.1f\n", resp[i] / 1e3);
		fclose(f);
	}
	qsort(wake, n, sizeof(*wake), pidle_cmp_ll);
	qsort(resp, n, sizeof(*resp), pidle_cmp_ll);
	printf("hz,period_us,interrupts,missed,work_us,wake_p50_us,wake_p99_us,"
	       "resp_p50_us,resp_p99_us,resp_max_us,added_ms,total_s,ideal_s,"
	       "overrun_pct,origin_err_us\n");
	printf("%ld,%.3f,%zu,%lld,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.3f,%.6f,%.6f,%.3f,%.1f\n",
	       hz, period_ns / 1e3, n, s[n - 1].index + 1 - (long long)n,
	       work[n / 2] / 1e3, pidle_pct_us(wake, n, 50), pidle_pct_us(wake, n, 99),
	       pidle_pct_us(resp, n, 50), pidle_pct_us(resp, n, 99), resp[n - 1] / 1e3,
	       added_ns / 1e6, total_s, ideal_s,
	       ideal_s > 0 ? 100 * (total_s - ideal_s) / ideal_s : 0, err_ns / 1e3);
	return 0;
}
