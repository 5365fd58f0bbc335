// SPDX-License-Identifier: GPL-2.0
/* The command line: a program's options from one string, the shared ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pidle_common.h"
#include "pidle_opts.h"

/* The option whose letter is @c, or NULL. */
static struct option *pidle_opts_find(struct pidle_opts *o, unsigned int nr, int c)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		if (o->longopts[i].val == c)
			return &o->longopts[i];
	return NULL;
}

/*
 * The old spellings of @o->deprecated, after the @nr options of the spec:
 * an old long name is one more entry of the long table, an old letter
 * one more short option. Returns the new count, or -1 for a list that
 * does not parse or fit, or names a letter the program has no more, or
 * an old letter the program still uses.
 */
static int pidle_opts_build_deprecated(struct pidle_opts *o, unsigned int nr,
				       char *s)
{
	char *p = o->dep_names;
	int len;

	if (!o->deprecated)
		return nr;
	len = snprintf(o->dep_names, sizeof(o->dep_names), "%s", o->deprecated);
	if (len < 0 || (size_t)len >= sizeof(o->dep_names))
		return -1;
	while (*p) {
		char *gt = strchr(p, '>'), *end;
		const struct option *to;
		unsigned int i = o->nr_dep;

		if (*p == ' ') {
			p++;
			continue;
		}
		end = p + strcspn(p, " ");
		if (!gt || gt > end || gt + 2 != end || p[0] != '-' ||
		    i == PIDLE_OPTS_DEP_MAX)
			return -1;
		to = pidle_opts_find(o, nr, gt[1]);
		if (!to)
			return -1;
		o->dep_new[i] = gt[1];
		o->dep_old[i] = p;
		*gt = '\0';
		if (p[1] == '-') {		/* --name */
			struct option *opt = &o->longopts[nr];

			if (nr == PIDLE_OPTS_MAX || !p[2])
				return -1;
			opt->name = p + 2;
			opt->has_arg = to->has_arg;
			opt->val = PIDLE_OPTS_DEP_VAL + i;
			nr++;
		} else {			/* -X */
			if (!p[1] || p[2] || pidle_opts_find(o, nr, p[1]))
				return -1;
			o->dep_short[i] = p[1];
			*s++ = p[1];
			if (to->has_arg)
				*s++ = ':';
			*s = '\0';
		}
		o->nr_dep++;
		p = *end ? end + 1 : end;
	}
	return nr;
}

/*
 * The long table and the short options of @o, from its spec and the
 * shared options it takes; --help and --version last, then the old
 * spellings. A spec that does not parse or fit is a bug of the program:
 * abort.
 */
static void pidle_opts_build(struct pidle_opts *o)
{
	char *p = o->names, *s = o->shortopts;
	unsigned int nr = 0, i;
	int len, ret;

	len = snprintf(o->names, sizeof(o->names), "%s%s%s%s -h,help -V,version",
		       o->spec,
		       o->flags & PIDLE_OPTS_FORMAT ? " C,csv J,json" : "",
		       o->flags & PIDLE_OPTS_OUTPUT ? " -o:output" : "",
		       o->flags & PIDLE_OPTS_ROOT ? " -r:sysfs-root" : "");
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
	ret = pidle_opts_build_deprecated(o, nr, s);
	if (ret < 0)
		goto bad;
	return;
bad:
	pidle_errorf(PIDLE_EXIT_USAGE, "internal error: option list '%s'", o->spec);
	abort();
}

/* An old spelling of option @c was given: say what to write instead. */
static int pidle_opts_deprecated(struct pidle_opts *o, int c)
{
	unsigned int i;

	for (i = 0; i < o->nr_dep; i++) {
		const struct option *to;

		if (c != PIDLE_OPTS_DEP_VAL + (int)i && c != o->dep_short[i])
			continue;
		c = o->dep_new[i];
		to = pidle_opts_find(o, PIDLE_OPTS_MAX, c);
		if (strchr(o->shortopts, c))
			fprintf(stderr, "%s: option %s is deprecated: use -%c (--%s).\n",
				pidle_prog, o->dep_old[i], c, to->name);
		else
			fprintf(stderr, "%s: option %s is deprecated: use --%s.\n",
				pidle_prog, o->dep_old[i], to->name);
		break;
	}
	return c;
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
		if (c > 0 && o->nr_dep)
			c = pidle_opts_deprecated(o, c);
		/* First: a program's own letter may be a shared one's (-r). */
		if (pidle_opts_store(o, c))
			continue;
		switch (c) {
		case 'h':
			o->usage(stdout);
			exit(pidle_output_close(stdout, "standard output"));
		case 'V':
			printf("%s (pseudo-cpuidle) %s\n", pidle_prog, PIDLE_VERSION);
			exit(pidle_output_close(stdout, "standard output"));
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
		case 'o':
			if (!(o->flags & PIDLE_OPTS_OUTPUT))
				return c;
			o->output = optarg;
			break;
		default:
			return c;
		}
	}
}
