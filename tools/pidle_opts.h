/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command line of the project's programs: getopt_long() with the
 * options they share handled in one place, so that each program's switch
 * has only its own, and with each option named once (one string gives
 * both the long table and the short options).
 *
 * The convention of the three tools (Documentation/tools.rst,
 * "Conventions"): a short letter means one thing in every tool that has
 * it, a long name one thing; -h/--help, -V/--version everywhere,
 * -o/--output FILE, --csv/--json where there is a table, and
 * -r/--sysfs-root DIR the directory that stands for "/" (sysfs is read at
 * DIR/sys). A spelling that changed keeps working, with one line on
 * stderr saying what to write instead (pidle_opts.deprecated).
 */
#ifndef _PIDLE_OPTS_H
#define _PIDLE_OPTS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#define PIDLE_OPTS_MAX		32	/* options of one program, shared and old ones too */
#define PIDLE_OPTS_SPEC_LEN	400
#define PIDLE_OPTS_DEP_MAX	8	/* old spellings of one program */
/* getopt_long()'s value for old long spelling i: past every letter */
#define PIDLE_OPTS_DEP_VAL	0x100

/* The tools' version, for -V/--version (the Makefile passes dkms.conf's). */
#ifndef PIDLE_VERSION
#define PIDLE_VERSION		"unknown"
#endif

enum {
	/* Options end at the first operand: what follows is a COMMAND. */
	PIDLE_OPTS_IN_ORDER	= 1 << 0,
	/* --csv and --json, one of them: pidle_opts.fmt. */
	PIDLE_OPTS_FORMAT	= 1 << 1,
	/* -r, --sysfs-root DIR, "/" meaning "": pidle_opts.root. */
	PIDLE_OPTS_ROOT		= 1 << 2,
	/*
	 * getopt_long()'s own messages for a bad option, then the usage on
	 * stderr (the guest programs'); without it, pidle_bad_option()'s.
	 */
	PIDLE_OPTS_GETOPT_MSGS	= 1 << 3,
	/* -o, --output FILE: pidle_opts.output (opening it is the caller's). */
	PIDLE_OPTS_OUTPUT	= 1 << 4,
};

/*
 * An option that only stores: its argument in *@arg, or, with no @arg,
 * true in *@set. A table of them ends with a zero @c.
 */
struct pidle_opt_store {
	int c;
	const char **arg;
	bool *set;
};

/*
 * @spec lists the program's own options, space-separated, each a letter
 * (what pidle_getopt() returns for it), ':' when the option takes an
 * argument or ',' when not, and its long name; a leading '-' makes the
 * letter a short option too. "-i:interval M,no-module" is "-i, --interval
 * ARG" and "--no-module". -h, --help is every program's: it prints
 * @usage on stdout and exits 0; so is -V, --version, which prints
 * "PROG (pseudo-cpuidle) VERSION" and exits 0. The options of @store
 * (NULL for none) are done with there, not returned.
 *
 * @deprecated lists old spellings, space-separated, each "-X>c" (the old
 * short letter X) or "--name>c" (the old long name), c being the letter
 * of the option it now is: given, it works as that option does, after
 * "PROG: option -X is deprecated: use -c (--long)." on stderr.
 */
struct pidle_opts {
	const char *spec;
	unsigned int flags;		/* PIDLE_OPTS_* */
	const struct pidle_opt_store *store;
	void (*usage)(FILE *f);
	const char *deprecated;
	/* the shared options' values; the caller sets the defaults */
	int fmt;			/* PIDLE_OUT_* */
	const char *root;
	const char *output;		/* NULL: stdout */
	/* private: from the first pidle_getopt() call on */
	const char *fmt_opt;
	char names[PIDLE_OPTS_SPEC_LEN];
	char dep_names[PIDLE_OPTS_SPEC_LEN];
	char shortopts[2 * PIDLE_OPTS_MAX + 3];
	struct option longopts[PIDLE_OPTS_MAX + 1];
	unsigned int nr_dep;
	const char *dep_old[PIDLE_OPTS_DEP_MAX];	/* as given: "-X", "--name" */
	int dep_short[PIDLE_OPTS_DEP_MAX];		/* X, or 0 */
	int dep_new[PIDLE_OPTS_DEP_MAX];		/* c */
};

/*
 * The next of the program's own options not in its @store (optarg as
 * getopt_long() leaves it), -1 after the last, or 0 after a usage error was reported: the
 * program then exits PIDLE_EXIT_USAGE.
 */
int pidle_getopt(struct pidle_opts *o, int argc, char **argv);

#endif
