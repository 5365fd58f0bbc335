// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-stat: residency of cpuidle and pseudo_cpuidle states, per CPU and
 * per domain, over an interval or over a command's run.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pidle_common.h"
#include "pidle_opts.h"
#include "pidle_snap.h"
#include "pidle_stat_report.h"

static struct pidle_snap pidle_a, pidle_b;
static struct pidle_stat pidle_st;
static volatile sig_atomic_t pidle_stop;

static void pidle_usage(FILE *f)
{
	fputs("Usage: pidle-stat [OPTIONS] [-- COMMAND [ARGS...]]\n"
	      "Show idle-state residency per CPU and per domain, over intervals\n"
	      "or over the run of COMMAND.\n\n"
	      "Sampling:\n"
	      "  -I, --interval SECONDS   length of one interval (default 5; a unit may\n"
	      "                           follow: 500ms, 5s)\n"
	      "  -n, --count COUNT        stop after COUNT intervals (default: until ^C)\n"
	      "Output:\n"
	      "      --csv                comma-separated values, a row per CPU state\n"
	      "                           and per domain state\n"
	      "      --json               one JSON object per interval, one per line\n"
	      "  -o, --output FILE        write the report to FILE, not stdout\n"
	      "Input:\n"
	      "  -r, --sysfs-root DIR     DIR stands for /: read sysfs at DIR/sys\n"
	      "                           (default /)\n"
	      "      --no-module          accept a tree without pseudo_cpuidle\n"
	      "      --before DIR --after DIR --elapsed SECONDS\n"
	      "                           report two saved sysfs trees, no sampling\n"
	      "Other:\n"
	      "  -h, --help               show this help and exit\n"
	      "  -V, --version            show the version and exit\n"
	      "\n"
	      "Deprecated: -i (use -I, --interval).\n"
	      "\n"
	      "Exit status (as for pidle-topo and pidle-bench):\n"
	      "  0  success; with COMMAND, COMMAND's status\n"
	      "  1  usage error: bad option, argument or combination; or the\n"
	      "     report cannot be written (-o FILE, a full disk)\n"
	      "  2  sysfs cannot be read (e.g. the module is not loaded)\n", f);
}

static double pidle_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*
 * One report, flushed: each interval's reaches its reader when it is
 * made. 0, or PIDLE_EXIT_USAGE once a write failed: sampling on would
 * only lose more reports.
 */
static int pidle_report(FILE *out, const char *name, enum pidle_fmt fmt,
			double elapsed_s, int seq)
{
	pidle_stat_delta(&pidle_a, &pidle_b, elapsed_s, &pidle_st);
	switch (fmt) {
	case PIDLE_FMT_PLAIN:
		pidle_stat_plain(out, &pidle_st, seq);
		break;
	case PIDLE_FMT_CSV:
		pidle_stat_csv(out, &pidle_st, seq);
		break;
	case PIDLE_FMT_JSON:
		pidle_stat_json(out, &pidle_st, seq);
		break;
	}
	return pidle_output_flush(out, name);
}

/*
 * -o FILE, opened only once every argument is known good and the first
 * snapshot read: a bad command line or an unreadable tree truncates
 * nothing.
 */
static int pidle_open_output(const char *path, FILE **out, const char **name)
{
	if (!path)
		return 0;
	*out = fopen(path, "w");
	if (!*out)
		return pidle_errorf(PIDLE_EXIT_USAGE, "%s: %s.", path, strerror(errno));
	*name = path;
	return 0;
}

static void pidle_on_signal(int sig)
{
	pidle_stop = 1;
}

static int pidle_run_cmd(char **argv, int *status)
{
	pid_t pid = fork();

	if (pid < 0) {
		pidle_errorf(PIDLE_EXIT_INPUT, "fork: %s.", strerror(errno));
		return -1;
	}
	if (!pid) {
		execvp(argv[0], argv);
		pidle_errorf(127, "%s: %s.", argv[0], strerror(errno));
		_exit(127);
	}
	signal(SIGINT, SIG_IGN);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
	return 0;
}

int main(int argc, char **argv)
{
	const char *before = NULL, *after = NULL;
	bool no_module = false, need_module, live;
	const struct pidle_opt_store store[] = {
		{ 'B', &before }, { 'A', &after },
		{ 'M', .set = &no_module }, { 0 }
	};
	struct pidle_opts o = {
		.spec = "-I:interval -n:count M,no-module B:before A:after E:elapsed",
		.flags = PIDLE_OPTS_IN_ORDER | PIDLE_OPTS_FORMAT | PIDLE_OPTS_ROOT |
			 PIDLE_OPTS_OUTPUT,
		.deprecated = "-i>I",
		.store = store, .usage = pidle_usage, .fmt = PIDLE_FMT_PLAIN, .root = "",
	};
	double interval = 5, elapsed = -1, t_a, t_b;
	const char *out_name = "standard output";
	FILE *out = stdout;
	long count = 0;
	int c, seq, rc = 0;

	pidle_prog = argv[0] = "pidle-stat";
	while ((c = pidle_getopt(&o, argc, argv)) != -1) {
		switch (c) {
		case 'I':
			if (!pidle_parse_duration(optarg, 1, 0, 86400, &interval))
				return pidle_bad_arg("interval", optarg, "expected seconds (or a number with a unit: s, ms, us, ns), more than 0 and at most 86400 s");
			break;
		case 'n':
			if (!pidle_parse_long(optarg, 1, LONG_MAX, &count))
				return pidle_bad_arg("count", optarg, "expected a positive integer");
			break;
		case 'E':
			if (!pidle_parse_double(optarg, 0, HUGE_VAL, &elapsed))
				return pidle_bad_arg("elapsed time", optarg, "expected seconds, more than 0");
			break;
		default:	/* reported by pidle_getopt() */
			return PIDLE_EXIT_USAGE;
		}
	}
	need_module = !no_module;
	if ((before || after || elapsed > 0) &&
	    (!before || !after || elapsed <= 0))
		return pidle_usage_error("--before, --after and --elapsed go together: give all three.");
	if (before && optind < argc)
		return pidle_usage_error("unexpected argument '%s': --before/--after report saved trees and run no command.", argv[optind]);
	if (before) {
		if (pidle_snap_read(before, need_module, false, &pidle_a) ||
		    pidle_snap_read(after, need_module, false, &pidle_b))
			return PIDLE_EXIT_INPUT;
		if (pidle_open_output(o.output, &out, &out_name))
			return PIDLE_EXIT_USAGE;
		return pidle_report(out, out_name, o.fmt, elapsed, 0) ?:
		       pidle_output_close(out, out_name);
	}
	/* Live: visit each CPU; a --sysfs-root tree is files, not CPUs. */
	live = !*o.root;
	/*
	 * Each snapshot's time is taken just before it is read, so that the
	 * elapsed time spans the same window as the counters' deltas (a
	 * snapshot takes about as long to read each time).
	 */
	t_a = pidle_now();
	if (pidle_snap_read(o.root, need_module, live, &pidle_a))
		return PIDLE_EXIT_INPUT;
	if (pidle_open_output(o.output, &out, &out_name))
		return PIDLE_EXIT_USAGE;
	if (optind < argc) {
		int status;

		if (pidle_run_cmd(argv + optind, &status))
			return PIDLE_EXIT_INPUT;
		t_b = pidle_now();
		if (pidle_snap_read(o.root, need_module, live, &pidle_b))
			return PIDLE_EXIT_INPUT;
		rc = pidle_report(out, out_name, o.fmt, t_b - t_a, 0) ?:
		     pidle_output_close(out, out_name);
		if (rc)
			return rc;
		if (WIFEXITED(status))
			return WEXITSTATUS(status);
		return 128 + WTERMSIG(status);
	}
	signal(SIGINT, pidle_on_signal);
	signal(SIGTERM, pidle_on_signal);
	for (seq = 0; !count || seq < count; seq++) {
		struct timespec ts = {
			.tv_sec = (time_t)interval,
			.tv_nsec = (long)((interval - (time_t)interval) * 1e9),
		};

		nanosleep(&ts, NULL);
		t_b = pidle_now();
		if (pidle_snap_read(o.root, need_module, live, &pidle_b)) {
			rc = PIDLE_EXIT_INPUT;
			break;
		}
		rc = pidle_report(out, out_name, o.fmt, t_b - t_a, seq);
		if (rc)
			return rc;
		pidle_a = pidle_b;
		t_a = t_b;
		if (pidle_stop)
			break;
	}
	return pidle_output_close(out, out_name) ?: rc;
}
