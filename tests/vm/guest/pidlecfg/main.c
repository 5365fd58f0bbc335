// SPDX-License-Identifier: GPL-2.0
/*
 * pidlecfg: drives pseudo_cpuidle's run-time reconfiguration in the guest
 * and checks every view of it. Linked with the model core, so it parses
 * what the module prints with the module's own parser, and predicts what
 * the module must say about a value before writing it.
 *
 *   pidlecfg [-H CPUS] check
 *	the configuration in force against sysfs (see check_all())
 *   pidlecfg [-H CPUS] cycle N FILE
 *	N writes, taken in turn from FILE's "PARAM VALUE" lines (blank and
 *	'#' lines skipped); each must succeed, read back as VALUE (unless
 *	VALUE is auto), and pass check
 *   pidlecfg refuse
 *	writes generated malformed values (truncations, huge numbers, wrong
 *	separators, non-ASCII bytes, one field broken) to each parameter; see
 *	refuse_one(). Expects states=VS topology=VT in force, on 4 CPUs.
 *
 * -H CPUS: CPUs (a list, "1-7") that are being hotplugged meanwhile: their
 * cpuidle directories come and go, and their cpuidle counters restart on
 * every online, so neither is checked for them.
 *
 * Output: "# " diagnostics, one summary line; exit 0 when every check
 * passed, 1 otherwise, 2 on a usage error.
 */
#define _GNU_SOURCE
#include "pidlecfg.h"

const char *const pname[NR_PARAMS] = {
	"states", "topology", "wait", "domain_policy",
};

unsigned int nr_cpus;
struct pidle_cpuset hotplugged;
unsigned long failures;

double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

void bad(const char *fmt, ...)
{
	va_list ap;

	printf("# pidlecfg: FAIL ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	failures++;
}


/* One write() of the whole value; 0 or the errno. */
int write_param(const char *name, const char *val, size_t len)
{
	char path[128];

	snprintf(path, sizeof(path), PARAMS "/%s", name);
	return -pidle_write_file(path, val, len);
}

bool cpu_online(unsigned int cpu)
{
	char path[64], buf[8];

	snprintf(path, sizeof(path), CPUSYS "/cpu%u/online", cpu);
	/* cpu0 has no online file on x86: it cannot go offline. */
	return pidle_read_file(path, buf, sizeof(buf)) || buf[0] == '1';
}


int main(int argc, char **argv)
{
	struct pidle_cpuset possible = { { 0 } };
	char buf[64];
	int opt;

	if (pidle_read_file(CPUSYS "/possible", buf, sizeof(buf)) ||
	    pidle_cpulist_add(&possible, buf)) {
		fprintf(stderr, "pidlecfg: cannot read " CPUSYS "/possible\n");
		return 2;
	}
	for (nr_cpus = 0; nr_cpus < MAX_CPUS && pidle_cpuset_test(&possible, nr_cpus); nr_cpus++)
		;
	while ((opt = getopt(argc, argv, "H:")) != -1) {
		if (opt != 'H' || pidle_cpulist_add(&hotplugged, optarg))
			goto usage;
	}
	if (optind < argc && !strcmp(argv[optind], "check") && optind + 1 == argc) {
		check_all();
		printf("# pidlecfg: check: %lu failures\n", failures);
		return failures ? 1 : 0;
	}
	if (optind + 3 == argc && !strcmp(argv[optind], "cycle"))
		return cycle(strtoul(argv[optind + 1], NULL, 10), argv[optind + 2]);
	if (optind + 1 == argc && !strcmp(argv[optind], "refuse"))
		return refuse();
usage:
	fprintf(stderr, "usage: pidlecfg [-H CPUS] check | cycle N FILE | refuse\n");
	return 2;
}

