// SPDX-License-Identifier: GPL-2.0
/* The command line: a program's options from one string, the shared ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pidle_common.h"
#include "pidle_opts.h"

/*
 * The long table and the short options of @o, from its spec and the
 * shared options it takes; --help last, where the programs had it. A spec
 * that does not parse or fit is a bug of the program: abort.
 */
static void pidle_opts_build(struct pidle_opts *o)
{
	char *p = o->names, *s = o->shortopts;
	unsigned int nr = 0, i;
	int len;

	len = snprintf(o->names, sizeof(o->names), "%s%s%s -h,help", o->spec,
		       o->flags & PIDLE_OPTS_FORMAT ? " C,csv J,json" : "",
		       o->flags & PIDLE_OPTS_ROOT ? " r:sysfs-root" : "");
	if (len < 0 || (size_t)len >= sizeof(o->names))
		goto bad;
	if (o->flags & PIDLE_OPTS_IN_ORDER)
		*s++ = '+';
	if (!(o->flags & PIDLE_OPTS_GETOPT_MSGS))
		*s++ = ':';	/* a missing argument returns ':', not '?' */
	while (*p) {
		bool has_short = *p == '-';
		struct option *opt = &o->longopts[nr];

		if (*p == ' ') {
			p++;
			continue;
		}
		p += has_short;
		if (nr == PIDLE_OPTS_MAX || !p[0] || (p[1] != ':' && p[1] != ','))
			goto bad;
		/* One letter, one option: a shared one's would take it over. */
		for (i = 0; i < nr; i++)
			if (o->longopts[i].val == p[0])
				goto bad;
		opt->val = p[0];
		opt->has_arg = p[1] == ':' ? required_argument : no_argument;
		if (has_short) {
			*s++ = p[0];
			if (opt->has_arg)
				*s++ = ':';
		}
		opt->name = p + 2;
		p += strcspn(p, " ");
		if (*p)
			*p++ = '\0';
		nr++;
	}
	*s = '\0';
	return;
bad:
	pidle_errorf(PIDLE_EXIT_USAGE, "internal error: option list '%s'", o->spec);
	abort();
}

static bool pidle_opts_store(const struct pidle_opts *o, int c)
{
	const struct pidle_opt_store *st;

	for (st = o->store; st && st->c; st++) {
		if (st->c != c)
			continue;
		if (st->arg)
			*st->arg = optarg;
		else
			*st->set = true;
		return true;
	}
	return false;
}

int pidle_getopt(struct pidle_opts *o, int argc, char **argv)
{
	int c;

	if (!o->longopts[0].name)
		pidle_opts_build(o);
	opterr = !!(o->flags & PIDLE_OPTS_GETOPT_MSGS);
	for (;;) {
		c = getopt_long(argc, argv, o->shortopts, o->longopts, NULL);
		/* First: a program's own letter may be a shared one's (-r). */
		if (pidle_opts_store(o, c))
			continue;
		switch (c) {
		case 'h':
			o->usage(stdout);
			exit(PIDLE_EXIT_OK);
		case '?':
		case ':':
			if (o->flags & PIDLE_OPTS_GETOPT_MSGS)
				o->usage(stderr);
			else
				pidle_bad_option(c, argv);
			return 0;
		/* The shared letters, when the program takes those options. */
		case 'C':
		case 'J':
			if (!(o->flags & PIDLE_OPTS_FORMAT))
				return c;
			if (pidle_format_opt(&o->fmt_opt, c, &o->fmt))
				return 0;
			break;
		case 'r':
			if (!(o->flags & PIDLE_OPTS_ROOT))
				return c;
			o->root = strcmp(optarg, "/") ? optarg : "";
			break;
		default:
			return c;
		}
	}
}
