// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-wakeload: workloads whose wake-ups come from a known source, for
 * the wake-source counters (Documentation/experiments.rst, wake.exp) and
 * the guest suite tests/vm/suites/wake.sh.
 *
 *   timer -c CPU -p PERIOD_US -n N
 *	A task pinned to CPU sleeps to absolute CLOCK_MONOTONIC deadlines
 *	PERIOD_US apart (clock_nanosleep(), timer slack 1 ns): every
 *	wake-up is the CPU's own timer. Latency: deadline to running.
 *   pingpong -a CPU -b CPU -n N [-w SPIN_US]
 *	Two processes pinned to CPU A and B pass a message through a pair
 *	of pipes N times each way; each side spins SPIN_US (default 200)
 *	before answering, so the other CPU has time to go idle in a deep
 *	state and is woken by the write: an IPI. Latency: the write to the
 *	reader running (the message carries its CLOCK_MONOTONIC send time).
 *   dio -f FILE -c CPU -n N [-b BYTES] [-g GAP_US] [-i IRQ_CPU]
 *	A task pinned to CPU reads FILE with O_DIRECT (as dd iflag=direct),
 *	BYTES a read (default 4096), N reads from offset 0 wrapping at the
 *	file's end, GAP_US (default 0) of sleep between reads: each read
 *	waits for the device's completion interrupt, on whichever CPU the
 *	interrupt's affinity names, which wakes the task here; -i first
 *	routes the interrupt of the (first) virtio device in
 *	/proc/interrupts to IRQ_CPU (/proc/irq/N/smp_affinity_list), and
 *	says so on stderr. Latency: one read, submission to return.
 *
 * Output, CSV with a header and one row:
 * cpu,interrupts,resp_p50_us,resp_p99_us,resp_max_us,wake_p50_us,added_ms
 * (cpu: the CPU woken, B for pingpong; interrupts: the wake-ups measured;
 * resp = wake: the latencies above; added_ms: their sum).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long pidle_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int pidle_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void pidle_die(const char *what)
{
	fprintf(stderr, "pidle-wakeload: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void pidle_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "pidle-wakeload: cannot run on CPU %d: %s\n",
			cpu, strerror(errno));
		exit(1);
	}
}

static void pidle_spin_us(long us)
{
	long long end = pidle_now_ns() + us * 1000LL;

	while (pidle_now_ns() < end)
		;
}

static void pidle_report(int cpu, long long *lat, long n)
{
	long long sum = 0;
	long i;

	if (n <= 0) {
		fprintf(stderr, "pidle-wakeload: no samples\n");
		exit(1);
	}
	qsort(lat, n, sizeof(*lat), pidle_cmp);
	for (i = 0; i < n; i++)
		sum += lat[i];
	printf("cpu,interrupts,resp_p50_us,resp_p99_us,resp_max_us,wake_p50_us,added_ms\n");
	printf("%d,%ld,%.1f,%.1f,%.1f,%.1f,%.3f\n", cpu, n, lat[n / 2] / 1e3,
	       lat[(n * 99) / 100] / 1e3, lat[n - 1] / 1e3, lat[n / 2] / 1e3,
	       sum / 1e6);
}

static long pidle_num(const char *opt, const char *s, long min)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < min) {
		fprintf(stderr, "pidle-wakeload: %s '%s': want a whole number >= %ld\n",
			opt, s, min);
		exit(2);
	}
	return v;
}

static void pidle_usage(void)
{
	fprintf(stderr,
		"usage: pidle-wakeload timer -c CPU -p PERIOD_US -n N\n"
		"       pidle-wakeload pingpong -a CPU -b CPU -n N [-w SPIN_US]\n"
		"       pidle-wakeload dio -f FILE -c CPU -n N [-b BYTES] [-g GAP_US] [-i IRQ_CPU]\n");
	exit(2);
}

static void pidle_timer(int cpu, long period_us, long n)
{
	long long *lat = calloc(n, sizeof(*lat));
	long long due;
	long i;

	if (!lat)
		pidle_die("calloc");
	pidle_pin(cpu);
	prctl(PR_SET_TIMERSLACK, 1UL);
	due = pidle_now_ns();
	for (i = 0; i < n; i++) {
		struct timespec t;

		due += period_us * 1000LL;
		t.tv_sec = due / 1000000000LL;
		t.tv_nsec = due % 1000000000LL;
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
			;
		lat[i] = pidle_now_ns() - due;
	}
	pidle_report(cpu, lat, n);
}

/* B's side: read, note the latency, spin, answer; its latencies to @res. */
static void pidle_pong(int in, int out, int res, int cpu, long n, long spin_us)
{
	long long msg, lat;
	long i;

	pidle_pin(cpu);
	for (i = 0; i < n; i++) {
		if (read(in, &msg, sizeof(msg)) != sizeof(msg))
			pidle_die("pong read");
		lat = pidle_now_ns() - msg;
		if (write(res, &lat, sizeof(lat)) != sizeof(lat))
			pidle_die("pong result");
		pidle_spin_us(spin_us);
		msg = pidle_now_ns();
		if (write(out, &msg, sizeof(msg)) != sizeof(msg))
			pidle_die("pong write");
	}
	_exit(0);
}

static void pidle_pingpong(int a, int b, long n, long spin_us)
{
	int ab[2], ba[2], res[2];
	long long *lat = calloc(n, sizeof(*lat)), msg;
	pid_t pid;
	int st;
	long i;

	if (!lat)
		pidle_die("calloc");
	if (pipe(ab) || pipe(ba) || pipe(res))
		pidle_die("pipe");
	/* the results pipe must hold all of them: B never blocks on it */
	fcntl(res[1], F_SETPIPE_SZ, (int)(n * sizeof(long long) + 4096));
	pid = fork();
	if (pid < 0)
		pidle_die("fork");
	if (!pid)
		pidle_pong(ab[0], ba[1], res[1], b, n, spin_us);
	pidle_pin(a);
	for (i = 0; i < n; i++) {
		msg = pidle_now_ns();
		if (write(ab[1], &msg, sizeof(msg)) != sizeof(msg))
			pidle_die("ping write");
		if (read(ba[0], &msg, sizeof(msg)) != sizeof(msg))
			pidle_die("ping read");
		pidle_spin_us(spin_us);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "pidle-wakeload: the CPU %d side failed\n", b);
		exit(1);
	}
	for (i = 0; i < n; i++)
		if (read(res[0], &lat[i], sizeof(lat[i])) != sizeof(lat[i]))
			pidle_die("results read");
	pidle_report(b, lat, n);
}

/* Route the first virtio interrupt of /proc/interrupts to @cpu. */
static void pidle_route_irq(int cpu)
{
	char line[4096], path[64];
	FILE *f = fopen("/proc/interrupts", "r");
	int irq = -1;

	if (!f)
		pidle_die("/proc/interrupts");
	while (fgets(line, sizeof(line), f))
		if (strstr(line, "virtio") && sscanf(line, " %d:", &irq) == 1)
			break;
	fclose(f);
	if (irq < 0) {
		fprintf(stderr, "pidle-wakeload: -i: no virtio interrupt in /proc/interrupts\n");
		exit(1);
	}
	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq);
	f = fopen(path, "w");
	if (!f || fprintf(f, "%d\n", cpu) < 0 || fclose(f)) {
		fprintf(stderr, "pidle-wakeload: -i %d: cannot write %s: %s\n", cpu,
			path, strerror(errno));
		exit(1);
	}
	fprintf(stderr, "pidle-wakeload: IRQ %d routed to CPU %d\n", irq, cpu);
}

static void pidle_dio(const char *file, int cpu, long n, long bytes, long gap_us)
{
	long long *lat = calloc(n, sizeof(*lat)), t0;
	off_t off = 0, size;
	struct stat sb;
	void *buf;
	long i;
	int fd;

	if (!lat)
		pidle_die("calloc");
	if (bytes % 512) {
		fprintf(stderr, "pidle-wakeload: -b %ld: O_DIRECT wants a multiple of 512\n",
			bytes);
		exit(2);
	}
	fd = open(file, O_RDONLY | O_DIRECT);
	if (fd < 0) {
		fprintf(stderr, "pidle-wakeload: %s: %s\n", file, strerror(errno));
		exit(1);
	}
	size = lseek(fd, 0, SEEK_END);
	if (size < bytes && !fstat(fd, &sb))
		size = sb.st_size;
	if (size < bytes) {
		fprintf(stderr, "pidle-wakeload: %s: smaller than one read\n", file);
		exit(1);
	}
	if (posix_memalign(&buf, 4096, bytes))
		pidle_die("posix_memalign");
	pidle_pin(cpu);
	prctl(PR_SET_TIMERSLACK, 1UL);
	for (i = 0; i < n; i++) {
		if (off + bytes > size)
			off = 0;
		t0 = pidle_now_ns();
		if (pread(fd, buf, bytes, off) != bytes)
			pidle_die("pread");
		lat[i] = pidle_now_ns() - t0;
		off += bytes;
		if (gap_us)
			usleep(gap_us);
	}
	pidle_report(cpu, lat, n);
}

int main(int argc, char **argv)
{
	long cpu = -1, a = -1, b = -1, n = -1, period = -1, spin = 200;
	long bytes = 4096, gap = 0, irq_cpu = -1;
	const char *mode, *file = NULL;
	int opt;

	if (argc < 2)
		pidle_usage();
	mode = argv[1];
	optind = 2;
	while ((opt = getopt(argc, argv, "c:a:b:n:p:w:f:g:i:")) != -1) {
		switch (opt) {
		case 'c': cpu = pidle_num("-c", optarg, 0); break;
		case 'a': a = pidle_num("-a", optarg, 0); break;
		case 'b':
			if (!strcmp(mode, "dio"))
				bytes = pidle_num("-b", optarg, 512);
			else
				b = pidle_num("-b", optarg, 0);
			break;
		case 'n': n = pidle_num("-n", optarg, 1); break;
		case 'p': period = pidle_num("-p", optarg, 1); break;
		case 'w': spin = pidle_num("-w", optarg, 0); break;
		case 'f': file = optarg; break;
		case 'g': gap = pidle_num("-g", optarg, 0); break;
		case 'i': irq_cpu = pidle_num("-i", optarg, 0); break;
		default: pidle_usage();
		}
	}
	if (optind != argc || n < 0)
		pidle_usage();
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(mode, "timer") && cpu >= 0 && period > 0)
		pidle_timer(cpu, period, n);
	else if (!strcmp(mode, "pingpong") && a >= 0 && b >= 0)
		pidle_pingpong(a, b, n, spin);
	else if (!strcmp(mode, "dio") && file && cpu >= 0) {
		if (irq_cpu >= 0)
			pidle_route_irq(irq_cpu);
		pidle_dio(file, cpu, n, bytes, gap);
	}
	else
		pidle_usage();
	return 0;
}
