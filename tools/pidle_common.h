/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The userspace library of the project: what pidle-stat, pidle-bench,
 * pidle-topo and the guest programs share. Their messages and exit
 * statuses, the parsing of numeric arguments, CPU lists, and reading and
 * writing one sysfs value. One copy of each.
 */
#ifndef _PIDLE_COMMON_H
#define _PIDLE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * The exit statuses of all three tools (each one's --help and page list
 * those it uses): a script tells a usage error from a missing module the
 * same way whichever tool it runs.
 */
enum pidle_exit {
	PIDLE_EXIT_OK = 0,
	PIDLE_EXIT_USAGE = 1,	/* bad option, argument or combination */
	PIDLE_EXIT_INPUT = 2,	/* what the tool reads or drives is missing or
				 * unusable: sysfs, the module, a file, a
				 * topology, a CPU it cannot run on */
	PIDLE_EXIT_CONFIG = 3,	/* the module's parser rejects the configuration,
				 * or it is longer than a sysfs write takes */
	PIDLE_EXIT_APPLY = 4,	/* the module refused a write */
};

/* The program's name, for messages: main() sets it first. */
extern const char *pidle_prog;

/* "PROG: MESSAGE" and a newline on stderr; returns @status. */
int pidle_errorf(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * The same, then "Try 'PROG --help'."; returns PIDLE_EXIT_USAGE. Every
 * usage error of the three tools goes through here, one sentence naming
 * the bad input and why.
 */
int pidle_usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/*
 * The end of an output stream: flushed, checked for an earlier failed
 * write (ferror()), closed. A report that did not reach @name (a full
 * disk, a closed pipe, /dev/full) is an error like an -o FILE that cannot
 * be opened: "PROG: NAME: cannot write: WHY." and PIDLE_EXIT_USAGE;
 * otherwise 0. @name: the -o FILE, or "standard output".
 */
int pidle_output_close(FILE *f, const char *name);
/* The same without the close: after each of a series of reports. */
int pidle_output_flush(FILE *f, const char *name);

/*
 * @s as it may be quoted in a one-line message: at most @size - 1 bytes,
 * every byte that is not printable ASCII as '?', and, when @s is longer,
 * its start and "..." followed by its length ("pack:2 core:4 ... (338
 * bytes)"), so that the reason after it is not cut off. Returns @buf.
 */
#define PIDLE_EXCERPT_LEN	64
const char *pidle_excerpt(const char *s, char *buf, size_t size);

/* "invalid WHAT 'ARG': WHY." as a usage error. */
int pidle_bad_arg(const char *what, const char *arg, const char *why);

/*
 * getopt_long() returned @c, '?' or ':' (pidle_getopt() sets opterr = 0
 * and starts the option string with ':'): the unknown option, or the
 * option that lacks its argument, as a usage error.
 */
int pidle_bad_option(int c, char **argv);

/*
 * Option @opt belongs to a group of which one may be given (@why says
 * why, e.g. "pick one format"): the first is kept in @*chosen; another
 * one is a usage error, "options A and B cannot be combined: WHY."; the
 * same one again is not.
 */
int pidle_exclusive(const char **chosen, const char *opt, const char *why);

/*
 * The output formats of pidle-stat and pidle-bench, whose own enums count
 * the same way: plain (0), --csv (1), --json (2). pidle_format_opt() takes
 * getopt's 'C' (--csv) or 'J' (--json) and stores the format in @*fmt:
 * 0, or PIDLE_EXIT_USAGE after refusing a second format as
 * pidle_exclusive() does; @chosen as there.
 */
enum { PIDLE_OUT_PLAIN, PIDLE_OUT_CSV, PIDLE_OUT_JSON };
int pidle_format_opt(const char **chosen, int c, int *fmt);

/* All of @s is a number in [@lo, @hi]: stored in @out, true. */
bool pidle_parse_long(const char *s, long lo, long hi, long *out);
/* All of @s is a number in (@lo, @hi]: stored in @out, true. */
bool pidle_parse_double(const char *s, double lo, double hi, double *out);
/*
 * A duration: a number, then optionally a unit, s, ms, us or ns (no
 * space); without one, the number counts @unit_s seconds. In (@lo_s,
 * @hi_s] seconds (@lo_s < 0: from 0 on): stored in @out in @unit_s units,
 * true.
 */
bool pidle_parse_duration(const char *s, double unit_s, double lo_s,
			  double hi_s, double *out);

/*
 * RFC 4180 and JSON strings: @s as a quoted CSV field (quotes doubled) and
 * as a JSON string (quote, backslash and control characters escaped).
 */
/*
 * Add @name to the '/'-joined @title (empty: @name alone) unless it is in
 * it already: a state slot named by each CPU set's state there
 * (sdm845: cpu-sleep-0-0/cpu-sleep-1-0).
 */
void pidle_name_join(char *title, size_t size, const char *name);
void pidle_csv_field(FILE *out, const char *s);
void pidle_json_string(FILE *out, const char *s);

/*
 * A guest program's "pin me to CPU @arg": parses @arg as a CPU number and
 * pins the calling thread there. Returns 0, or the exit status after a
 * message prefixed "@prog: " on stderr: 2 for no CPU number, 1 when the
 * kernel refuses.
 */
int pidle_pin_arg(const char *prog, const char *arg);

/*
 * The value of a sysfs file (or any small file) in @buf, without its
 * trailing newline and blanks. Returns 0 or -errno.
 */
int pidle_read_file(const char *path, char *buf, size_t size);

/*
 * Write @len bytes of @buf to the file in one write(), as sysfs wants a
 * value (it hands the kernel what one write() brings). Returns 0 or -errno
 * (-EIO for a short write). Only open(), write() and close(): safe in a
 * signal handler.
 */
int pidle_write_file(const char *path, const char *buf, size_t len);

/* The value of the file at the printf-formatted path, as a number. */
int pidle_read_u64f(unsigned long long *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The printf-formatted path exists. */
bool pidle_existsf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A set of CPUs, up to the module's limit (PIDLE_MAX_CPUS). */
#define PIDLE_CPUSET_BITS	8192
struct pidle_cpuset {
	unsigned char bit[PIDLE_CPUSET_BITS / 8];
};

void pidle_cpuset_set(struct pidle_cpuset *s, long cpu);
bool pidle_cpuset_test(const struct pidle_cpuset *s, long cpu);
/*
 * Add the CPUs of a list such as "0-3,8,10-11" (as the kernel prints and
 * takes them) to @s. Returns 0, or -1 at the first malformed item (a
 * range backwards or past the limit, a stray character), the items
 * before it added.
 */
int pidle_cpulist_add(struct pidle_cpuset *s, const char *list);
/* @s as a list, the way the kernel's %*pbl prints it ("" when empty). */
void pidle_cpulist_print(const struct pidle_cpuset *s, char *buf, size_t size);

#endif
