// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-topo: the command line. Reads a topology (this machine, hwloc XML,
 * or an hwloc synthetic string), maps it to the module's levels, picks a
 * state table, validates both with the module's own parser and prints them
 * (or writes them to a loaded module with --apply).
 *
 * Nothing is printed that the parser has not accepted: everything printed
 * is the parser's canonical form of what it accepted.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pidle-topo.h"
#include "pidle-dt.h"
#include "pidle_common.h"
#include "pidle_opts.h"

enum pidle_topo_action {
	PIDLE_ACT_TOPOLOGY,	/* default: the topology= value */
	PIDLE_ACT_STATES,	/* --show-states */
	PIDLE_ACT_PARAMS,	/* --params */
	PIDLE_ACT_MODPROBE,	/* --modprobe */
	PIDLE_ACT_APPLY,	/* --apply */
	PIDLE_ACT_LIST,		/* --list-presets */
	PIDLE_ACT_EXPERIMENT,	/* --experiment (with --dt) */
};

struct pidle_topo_opts {
	enum pidle_topo_source src;
	const char *src_arg;
	const char *src_opt;
	const char *levels;
	const char *states;
	const char *root;	/* -r: "/" as "", as for pidle-stat and -bench */
	const char *output;	/* -o: NULL for stdout */
	int fmt;		/* PIDLE_OUT_*: --csv, --json */
	enum pidle_topo_action action;
	const char *action_opt;
	bool verbose;
	struct pidle_dt_args dt;	/* --dt and its options: pidle-dt-run.c */
};

void pidle_topo_errf(struct pidle_err *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}

static void pidle_topo_usage(FILE *f)
{
	fprintf(f,
"Usage: %s [OPTIONS]\n"
"Turn this machine, an hwloc XML file or an hwloc synthetic topology into a\n"
"pseudo_cpuidle configuration, validated with the module's own parser.\n"
"\n"
"Input (default: this machine):\n"
"  -i, --input FILE.xml      read an hwloc XML topology (lstopo --of xml)\n"
"  -y, --synthetic STRING    build an hwloc synthetic topology, e.g.\n"
"                            \"pack:2 core:4 pu:2\" or\n"
"                            \"pack:1 core:2 pu:2(indexes=0,2,1,3)\"\n"
"                            (at most 8192 PUs, each index once)\n"
"  -d, --dt FILE             read a devicetree: a .dtb, or a .dts that dtc\n"
"                            compiles; states, cpu-map and power domains\n"
"      --dt-cpus LIST        import these CPUs only (one kind of CPU)\n"
"      --dt-mode pc|osi      PC or OSI (default: OSI when the devicetree\n"
"                            has domain idle states)\n"
"      --dt-shared-domain POLICY\n"
"                            a domain holding CPU kinds whose states at\n"
"                            its level differ: slowest (default: each\n"
"                            figure the larger), set:N (CPU set N's\n"
"                            state) or refuse\n"
"      --energy-model FILE   with --dt: idle power from idlestat's energy\n"
"                            model file\n"
"      --dt-power em|dpc     with --dt: the CPUs' active power from the\n"
"                            energy model file (em, default) or from the\n"
"                            devicetree's dynamic-power-coefficient (dpc;\n"
"                            idle powers still from --energy-model)\n"
"\n"
"Topology:\n"
"  -l, --levels LIST         keep exactly these levels, of core, cluster,\n"
"                            die, package (default: those topology=auto\n"
"                            finds: core, package, and cluster and die\n"
"                            where they differ from their neighbours)\n"
"\n"
"States:\n"
"  -s, --states PRESET|TABLE a preset name or a states= string (default:\n"
"                            the module's default table minus the states\n"
"                            whose level the topology lacks)\n"
"  -L, --list-presets        list the presets and exit\n"
"\n"
"Output (default: print the topology= value):\n"
"  -S, --show-states         print the states= value\n"
"  -p, --params              print \"states=... topology=...\" for insmod or\n"
"                            modprobe: modprobe pseudo_cpuidle $(%s -p)\n"
"  -m, --modprobe            print a modprobe.d line:\n"
"                            options pseudo_cpuidle states=... topology=...\n"
"      --json                what was found, as one JSON object: CPUs,\n"
"                            levels and domains, the state table, the\n"
"                            module's parameters\n"
"      --csv                 a table (RFC 4180): the domains, a row each;\n"
"                            with -S the states; with -L the presets\n"
"  -o, --output FILE         write to FILE, not stdout\n"
"      --experiment          with --dt: print an experiment file's [table]\n"
"  -a, --apply               write topology and states to the loaded module\n"
"  -r, --sysfs-root DIR      DIR stands for /: --apply writes sysfs at\n"
"                            DIR/sys (default /)\n"
"  -v, --verbose             with --apply, report each write on stderr\n"
"\n"
"Miscellaneous:\n"
"  -h, --help                print this help and exit\n"
"  -V, --version             print the version and exit\n"
"\n"
"Exit status:\n"
"  0  success\n"
"  1  usage error: bad option, argument, preset or level, or FILE of -o\n"
"     cannot be written\n"
"  2  the topology cannot be read (missing file, bad or too new XML, bad\n"
"     synthetic, a corrupt devicetree or one without CPUs or idle states),\n"
"     or is not the whole machine (CPUs missing from a cgroup-restricted\n"
"     export, holes, CPUs beyond 8191)\n"
"  3  the module's parser rejects the topology or the states, the module\n"
"     cannot express what the devicetree says, or the configuration is\n"
"     longer than a sysfs write takes (4095 characters)\n"
"  4  --apply: the module is not loaded or refused a write\n",
		PIDLE_TOPO_PROG, PIDLE_TOPO_PROG);
}

static int pidle_topo_set_action(struct pidle_topo_opts *o,
				 enum pidle_topo_action act, const char *opt)
{
	if (pidle_exclusive(&o->action_opt, opt, "each picks what to do"))
		return PIDLE_EXIT_USAGE;
	o->action = act;
	return 0;
}

static int pidle_topo_set_source(struct pidle_topo_opts *o,
				 enum pidle_topo_source src, const char *opt,
				 const char *arg)
{
	if (o->src_opt && !strcmp(o->src_opt, opt))
		return pidle_usage_error("option %s given twice: give one topology.", opt);
	if (pidle_exclusive(&o->src_opt, opt, "give one topology"))
		return PIDLE_EXIT_USAGE;
	o->src = src;
	o->src_arg = arg;
	return 0;
}

/* --dt and the options that go with it only. */
static int pidle_topo_dt_args(struct pidle_topo_opts *o)
{
	static const enum pidle_dt_action act[] = {
		[PIDLE_ACT_TOPOLOGY] = PIDLE_DT_PRINT_TOPOLOGY,
		[PIDLE_ACT_STATES] = PIDLE_DT_PRINT_STATES,
		[PIDLE_ACT_PARAMS] = PIDLE_DT_PRINT_PARAMS,
		[PIDLE_ACT_MODPROBE] = PIDLE_DT_PRINT_MODPROBE,
		[PIDLE_ACT_APPLY] = PIDLE_DT_APPLY,
		[PIDLE_ACT_EXPERIMENT] = PIDLE_DT_PRINT_EXPERIMENT,
	};
	const char *dt_only = o->dt.cpus ? "--dt-cpus" : o->dt.mode ? "--dt-mode" :
			      o->dt.shared ? "--dt-shared-domain" :
			      o->dt.energy_model ? "--energy-model" :
			      o->dt.power ? "--dt-power" :
			      o->action == PIDLE_ACT_EXPERIMENT ? "--experiment" : NULL;

	if (!o->dt.path) {
		if (dt_only)
			return pidle_usage_error("option %s goes with --dt.", dt_only);
		return 0;
	}
	if (o->levels || o->states)
		return pidle_usage_error("option %s cannot be combined with --dt: the devicetree gives the %s.",
					 o->levels ? "--levels" : "--states",
					 o->levels ? "levels" : "states");
	if (o->fmt != PIDLE_OUT_PLAIN || o->action == PIDLE_ACT_LIST)
		return pidle_usage_error("option %s cannot be combined with --dt.",
					 o->action == PIDLE_ACT_LIST ? "--list-presets" :
					 o->fmt == PIDLE_OUT_CSV ? "--csv" : "--json");
	o->dt.action = act[o->action];
	o->dt.verbose = o->verbose;
	return 0;
}

static int pidle_topo_parse_args(int argc, char **argv, struct pidle_topo_opts *o)
{
	const struct pidle_opt_store store[] = {
		{ 'l', &o->levels }, { 's', &o->states },
		{ 'v', .set = &o->verbose }, { 'c', &o->dt.cpus },
		{ 'M', &o->dt.mode }, { 'D', &o->dt.shared },
		{ 'E', &o->dt.energy_model }, { 'P', &o->dt.power }, { 0 }
	};
	/*
	 * The shared options (-o, -r, --csv, --json) as in pidle-stat and
	 * pidle-bench; -d is kept free for --dt (a devicetree input).
	 */
	struct pidle_opts cli = {
		.spec = "-i:input -y:synthetic -l:levels -s:states -L,list-presets "
			"-S,show-states -p,params -m,modprobe -a,apply -v,verbose "
			"-d:dt c:dt-cpus M:dt-mode D:dt-shared-domain E:energy-model P:dt-power "
			"e,experiment",
		.flags = PIDLE_OPTS_FORMAT | PIDLE_OPTS_OUTPUT | PIDLE_OPTS_ROOT,
		.store = store, .usage = pidle_topo_usage, .root = "",
	};
	int c, ret = 0;

	while ((c = pidle_getopt(&cli, argc, argv)) != -1) {
		switch (c) {
		case 'i':
			ret = pidle_topo_set_source(o, PIDLE_TOPO_SRC_XML, "--input", optarg);
			break;
		case 'y':
			ret = pidle_topo_set_source(o, PIDLE_TOPO_SRC_SYNTHETIC, "--synthetic", optarg);
			break;
		case 'd':
			ret = pidle_topo_set_source(o, o->src, "--dt", optarg);
			o->dt.path = optarg;
			break;
		case 'e':
			ret = pidle_topo_set_action(o, PIDLE_ACT_EXPERIMENT, "--experiment");
			break;
		case 'L':
			ret = pidle_topo_set_action(o, PIDLE_ACT_LIST, "--list-presets");
			break;
		case 'S':
			ret = pidle_topo_set_action(o, PIDLE_ACT_STATES, "--show-states");
			break;
		case 'p':
			ret = pidle_topo_set_action(o, PIDLE_ACT_PARAMS, "--params");
			break;
		case 'm':
			ret = pidle_topo_set_action(o, PIDLE_ACT_MODPROBE, "--modprobe");
			break;
		case 'a':
			ret = pidle_topo_set_action(o, PIDLE_ACT_APPLY, "--apply");
			break;
		default:	/* reported by pidle_getopt() */
			return PIDLE_EXIT_USAGE;
		}
		if (ret)
			return ret;
	}
	if (optind < argc)
		return pidle_bad_arg("argument", argv[optind],
				     "pidle-topo takes no operands");
	o->root = cli.root;
	o->output = cli.output;
	o->fmt = cli.fmt;
	if (o->fmt != PIDLE_OUT_PLAIN && o->action_opt &&
	    o->action != PIDLE_ACT_STATES && o->action != PIDLE_ACT_LIST)
		return pidle_usage_error("options %s and %s cannot be combined: %s prints module parameters, not a description.",
					 o->fmt == PIDLE_OUT_CSV ? "--csv" : "--json",
					 o->action_opt, o->action_opt);
	return pidle_topo_dt_args(o);
}

/*
 * The sysfs directory --apply writes: DIR/sys for -r DIR, as pidle-stat
 * and pidle-bench read it. Until 2026-12, pidle-topo took DIR as sysfs
 * itself; a DIR that is one (module/ in it, no sys/) still works, with a
 * word on stderr.
 */
static const char *pidle_topo_sysfs(const char *root, char *buf, size_t size)
{
	char probe[PATH_MAX];

	if (!*root)
		return "/sys";
	snprintf(buf, size, "%s/sys", root);
	snprintf(probe, sizeof(probe), "%s/module", root);
	if (access(buf, F_OK) && !access(probe, F_OK)) {
		fprintf(stderr, "%s: --sysfs-root %s: a sysfs directory (it has module/, no sys/) is deprecated: DIR stands for /, as for pidle-stat and pidle-bench; give its parent.\n",
			PIDLE_TOPO_PROG, root);
		snprintf(buf, size, "%s", root);
	}
	return buf;
}

/*
 * A synthetic topology, checked before hwloc builds it: hwloc would build
 * any size (a million PUs: minutes and gigabytes before the CPU count is
 * known), and it drops or ignores a bad indexes= list without a word.
 * Returns the number of PUs the string asks for (0 when it is not a plain
 * "TYPE:N ..." list: hwloc then judges it), or -1 after a message in @err.
 *
 * hwloc's syntax: levels "TYPE:COUNT", each optionally followed by
 * "(ATTRIBUTES)"; "(ATTRIBUTES)" first for the root; "[...]" for memory
 * children, which hold no PU. The PUs are the product of the counts.
 */
static long pidle_topo_synthetic_check(const char *arg, struct pidle_err *err)
{
	unsigned long long nr = 1;	/* objects at this level, all told */
	const char *p = arg;
	bool plain = true;
	char shown[PIDLE_EXCERPT_LEN];

	/* Echoed in a message: a long one cut, so that the reason stays. */
	pidle_excerpt(arg, shown, sizeof(shown));

	while (*p) {
		unsigned long long count;
		const char *colon, *end, *start = p;
		char *num_end;

		if (*p == ' ' || *p == '\t') {
			p++;
			continue;
		}
		if (*p == '(' || *p == '[') {		/* root attributes, memory */
			p = strchr(p, *p == '(' ? ')' : ']');
			if (!p)
				return 0;
			p++;
			continue;
		}
		end = p + strcspn(p, " \t(");
		colon = memchr(p, ':', end - p);
		if (!colon || !isdigit((unsigned char)colon[1])) {
			plain = false;
			p = end;
			continue;
		}
		errno = 0;
		count = strtoull(colon + 1, &num_end, 10);
		if (num_end != end || errno) {
			plain = false;
			p = end;
			continue;
		}
		/* Saturate: the bound below is what matters, not the product. */
		nr = count && nr > (PIDLE_MAX_CPUS + 1ULL) / count ?
			PIDLE_MAX_CPUS + 1ULL : nr * count;
		p = end;
		if (*p == '(') {
			const char *close = strchr(p, ')');
			const char *idx = strstr(p, "indexes=");

			if (!close)
				return 0;
			if (idx && idx < close && nr <= PIDLE_MAX_CPUS) {
				const char *q = idx + 8;
				static unsigned char seen[PIDLE_MAX_CPUS];
				unsigned long long n = 0, v;

				/* Only a list of numbers; "4*256:1*4" is a pattern. */
				if (strspn(q, "0123456789,") >= (size_t)(close - q)) {
					memset(seen, 0, sizeof(seen));
					while (q < close) {
						v = strtoull(q, &num_end, 10);
						if (num_end == q)
							break;
						n++;
						if (v < PIDLE_MAX_CPUS && seen[v]++) {
							pidle_topo_errf(err, "invalid synthetic topology \"%s\": index %llu given twice in indexes= of %.*s (hwloc would drop an object)",
									shown, v, (int)(colon - start), start);
							return -1;
						}
						q = *num_end == ',' ? num_end + 1 : num_end;
					}
					if (n != nr) {
						pidle_topo_errf(err, "invalid synthetic topology \"%s\": indexes= of %.*s lists %llu index%s for %llu object%s (hwloc would ignore the list)",
								shown, (int)(colon - start), start, n,
								n == 1 ? "" : "es", nr,
								nr == 1 ? "" : "s");
						return -1;
					}
				}
			}
			p = close + 1;
		}
	}
	if (nr > PIDLE_MAX_CPUS) {
		pidle_topo_errf(err, "synthetic topology \"%s\" has more than %d PUs: the module takes CPUs 0-%d (refused before hwloc builds it)",
				shown, PIDLE_MAX_CPUS, PIDLE_MAX_CPUS - 1);
		return -1;
	}
	return plain ? (long)nr : 0;
}

static int pidle_topo_list_presets(int fmt)
{
	unsigned int i;

	if (fmt == PIDLE_OUT_JSON) {
		printf("{\"presets\": [");
		for (i = 0; i < pidle_nr_presets; i++) {
			printf("%s\n  {\"name\": ", i ? "," : "");
			pidle_json_string(stdout, pidle_presets[i].name);
			printf(", \"levels\": ");
			pidle_json_string(stdout, pidle_presets[i].levels);
			printf(", \"source\": ");
			pidle_json_string(stdout, pidle_presets[i].desc);
			printf("}");
		}
		printf("]}\n");
		return PIDLE_EXIT_OK;
	}
	if (fmt == PIDLE_OUT_CSV) {
		printf("name,levels,source\n");
		for (i = 0; i < pidle_nr_presets; i++) {
			pidle_csv_field(stdout, pidle_presets[i].name);
			putchar(',');
			pidle_csv_field(stdout, pidle_presets[i].levels);
			putchar(',');
			pidle_csv_field(stdout, pidle_presets[i].desc);
			putchar('\n');
		}
		return PIDLE_EXIT_OK;
	}
	printf("%-10s %-13s %s\n", "NAME", "LEVELS", "SOURCE");
	for (i = 0; i < pidle_nr_presets; i++)
		printf("%-10s %-13s %s\n", pidle_presets[i].name,
		       pidle_presets[i].levels, pidle_presets[i].desc);
	return PIDLE_EXIT_OK;
}

/* The CPUs of domain @d of level @l, as the kernel prints a CPU list. */
static void pidle_topo_domain_cpus(const struct pidle_topology *topo,
				   unsigned int l, unsigned int d, char *buf,
				   size_t size)
{
	static struct pidle_cpuset set;
	unsigned int cpu;

	memset(&set, 0, sizeof(set));
	for (cpu = 0; cpu < topo->nr_cpus; cpu++)
		if (topo->level[l].domain_of_cpu[cpu] == d)
			pidle_cpuset_set(&set, cpu);
	pidle_cpulist_print(&set, buf, size);
}

/* --csv: the domains, a row each; with -S the states, a row each. */
static void pidle_topo_csv(const struct pidle_topology *topo,
			   const struct pidle_states *st, bool states)
{
	static char cpus[PIDLE_PARAM_LEN];
	unsigned int l, d, i;

	if (states) {
		printf("state,name,exit_latency_us,target_residency_us,level,power_mw,energy_uj\n");
		for (i = 0; i < st->nr_states; i++) {
			const struct pidle_state_desc *s = &st->state[i];

			printf("%u,", i);
			pidle_csv_field(stdout, s->name);
			printf(",%.3f,%.3f,", s->exit_latency_ns / 1e3,
			       s->target_residency_ns / 1e3);
			pidle_csv_field(stdout, s->level_name);
			printf(",%u,%u\n", s->power_mw, s->energy_uj);
		}
		return;
	}
	printf("level,domain,cpus\n");
	for (l = 0; l < topo->nr_levels; l++)
		for (d = 0; d < topo->level[l].nr_domains; d++) {
			pidle_topo_domain_cpus(topo, l, d, cpus, sizeof(cpus));
			pidle_csv_field(stdout, topo->level[l].name);
			printf(",%u,", d);
			pidle_csv_field(stdout, cpus);
			putchar('\n');
		}
}

/* --json: everything found, and the parameters that say it. */
static void pidle_topo_json(const struct pidle_topology *topo,
			    const struct pidle_states *st, const char *topo_out,
			    const char *states_out, const char *power)
{
	static char cpus[PIDLE_PARAM_LEN];
	unsigned int l, d, i;

	printf("{\"cpus\": %u,\n \"levels\": [", topo->nr_cpus);
	for (l = 0; l < topo->nr_levels; l++) {
		printf("%s\n  {\"name\": ", l ? "," : "");
		pidle_json_string(stdout, topo->level[l].name);
		printf(", \"domains\": [");
		for (d = 0; d < topo->level[l].nr_domains; d++) {
			pidle_topo_domain_cpus(topo, l, d, cpus, sizeof(cpus));
			printf("%s", d ? ", " : "");
			pidle_json_string(stdout, cpus);
		}
		printf("]}");
	}
	printf("],\n \"states\": [");
	for (i = 0; i < st->nr_states; i++) {
		const struct pidle_state_desc *s = &st->state[i];

		printf("%s\n  {\"name\": ", i ? "," : "");
		pidle_json_string(stdout, s->name);
		printf(", \"exit_latency_us\": %.3f, \"target_residency_us\": %.3f, \"level\": ",
		       s->exit_latency_ns / 1e3, s->target_residency_ns / 1e3);
		pidle_json_string(stdout, s->level_name);
		printf(", \"power_mw\": %u, \"energy_uj\": %u}", s->power_mw,
		       s->energy_uj);
	}
	printf("],\n \"params\": {\"states\": ");
	pidle_json_string(stdout, states_out);
	printf(", \"topology\": ");
	pidle_json_string(stdout, topo_out);
	if (*power) {
		printf(", \"power\": ");
		pidle_json_string(stdout, power);
	}
	printf("}}\n");
}

/* stdout to -o FILE; once everything is validated, nothing truncated. */
/* Where the output goes, for a message that it could not be written. */
static const char *pidle_topo_output_name(const struct pidle_topo_opts *o)
{
	return o->output && o->action != PIDLE_ACT_APPLY ? o->output :
	       "standard output";
}

static int pidle_topo_open_output(const char *output)
{
	if (output && !freopen(output, "w", stdout))
		return pidle_errorf(PIDLE_EXIT_USAGE, "%s: %s.", output,
				    strerror(errno));
	return 0;
}

/*
 * --states with no ':' is a preset name or a mistake: say which presets
 * there are and what the parser makes of it as a table, rather than only
 * "unknown preset" (a one-state table "C1" is as likely as a typo).
 */
static int pidle_topo_states_word(const char *arg, struct pidle_states *st)
{
	char names[256] = "";
	struct pidle_err err = { "" };
	const char *why;
	unsigned int i;

	if (!*arg)
		return pidle_usage_error("invalid --states '': empty: give a preset (see --list-presets) or a states= table such as POLL:0:0,C1:2:2.");
	for (i = 0; i < pidle_nr_presets; i++) {
		if (i)
			strncat(names, ", ", sizeof(names) - strlen(names) - 1);
		strncat(names, pidle_presets[i].name, sizeof(names) - strlen(names) - 1);
	}
	pidle_states_parse(arg, st, &err);
	/* the parser's message without its "states: " prefix */
	why = strncmp(err.msg, "states: ", 8) ? err.msg : err.msg + 8;
	return pidle_usage_error("invalid --states '%s': not a preset (%s) and, as a states= table, %s.",
				 arg, names, *why ? why : "not one");
}

/*
 * The state table: a preset, a states= string, or the default table with
 * the states whose level @topo lacks dropped. Validated against @topo.
 */
static int pidle_topo_states(const char *arg, const struct pidle_topology *topo,
			     struct pidle_states *st)
{
	const struct pidle_preset *preset = NULL;
	const char *str = pidle_default_states;
	struct pidle_err err = { "" };
	unsigned int i;

	if (arg) {
		preset = pidle_preset_find(arg);
		if (preset && preset->states)
			str = preset->states;
		else if (!preset && strchr(arg, ':'))
			str = arg;
		else if (!preset)
			return pidle_topo_states_word(arg, st);
	}
	if (pidle_states_parse(str, st, &err))
		return pidle_errorf(PIDLE_EXIT_CONFIG, "%s", err.msg);
	if (preset && preset->power && pidle_power_parse(preset->power, st, &err))
		return pidle_errorf(PIDLE_EXIT_CONFIG, "%s", err.msg);

	/* The default table fits any topology once the missing levels go. */
	if (!arg || (preset && !preset->states)) {
		pidle_states_drop_missing_levels(st, topo);
	} else {
		for (i = 0; i < st->nr_states; i++) {
			const char *lvl = st->state[i].level_name;
			char have[PIDLE_MAX_LEVELS * (PIDLE_NAME_LEN + 2)] = "cpu";
			unsigned int j;

			if (pidle_topology_level_index(topo, lvl) >= 0)
				continue;
			for (j = 0; j < topo->nr_levels; j++) {
				strcat(have, ", ");
				strcat(have, topo->level[j].name);
			}
			return pidle_errorf(PIDLE_EXIT_CONFIG,
					    "%s%s%s puts state %s at level '%s', which this topology does not have (it has %s)",
					    preset ? "preset '" : "--states",
					    preset ? preset->name : "",
					    preset ? "'" : "",
					    st->state[i].name, lvl, have);
		}
	}
	if (pidle_config_check(st, topo, &err))
		return pidle_errorf(PIDLE_EXIT_CONFIG, "%s", err.msg);
	return 0;
}

int main(int argc, char **argv)
{
	struct pidle_topo_opts o = { .root = "" };
	char sysfs[PATH_MAX], shown[PIDLE_EXCERPT_LEN];
	static char topo_out[PIDLE_PARAM_LEN], states_out[PIDLE_PARAM_LEN];
	char *topo_str;
	static char power_out[PIDLE_PARAM_LEN + 8];
	struct pidle_topology topo = { 0 };
	struct pidle_err err = { "" };
	hwloc_topology_t hw;
	struct pidle_states st;
	unsigned int nr_cpus;
	long syn_pus = 0;
	int ret;

	pidle_prog = PIDLE_TOPO_PROG;
	ret = pidle_topo_parse_args(argc, argv, &o);
	if (ret)
		return ret;
	if (o.action == PIDLE_ACT_LIST)
		return pidle_topo_open_output(o.output) ?:
		       pidle_topo_list_presets(o.fmt) ?:
		       pidle_output_close(stdout, pidle_topo_output_name(&o));
	if (o.dt.path) {
		o.dt.sysfs_root = pidle_topo_sysfs(o.root, sysfs, sizeof(sysfs));
		o.dt.output = o.output;
		return pidle_dt_run(&o.dt) ?:
		       pidle_output_close(stdout, pidle_topo_output_name(&o));
	}

	if (o.src == PIDLE_TOPO_SRC_SYNTHETIC) {
		syn_pus = pidle_topo_synthetic_check(o.src_arg, &err);
		if (syn_pus < 0)
			return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err.msg);
	}
	if (pidle_topo_load(o.src, o.src_arg, &hw, &err))
		return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err.msg);
	/* What hwloc built is what was asked for, or it dropped something. */
	if (syn_pus > 0 && hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_PU) != syn_pus) {
		ret = pidle_errorf(PIDLE_EXIT_INPUT,
				   "synthetic topology \"%s\" asks for %ld PUs, hwloc built %d",
				   pidle_excerpt(o.src_arg, shown, sizeof(shown)), syn_pus,
				   hwloc_get_nbobjs_by_type(hw, HWLOC_OBJ_PU));
		hwloc_topology_destroy(hw);
		return ret;
	}
	ret = pidle_topo_describe(hw, o.levels, &topo_str, &nr_cpus, &err);
	hwloc_topology_destroy(hw);
	if (ret == -2)	/* --levels */
		return pidle_usage_error("%s", err.msg);
	if (ret)
		return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err.msg);

	/* The kernel's parser, with the CPU count the module would use. */
	ret = pidle_topology_parse(topo_str, nr_cpus, &topo, &err);
	free(topo_str);
	if (ret)
		return pidle_errorf(PIDLE_EXIT_CONFIG, "%s", err.msg);
	ret = pidle_topo_states(o.states, &topo, &st);
	if (ret)
		goto out;
	/*
	 * What the module's sysfs shows: the explicit form when it fits a
	 * page, else the compact one, so --apply and a read-back agree.
	 */
	ret = pidle_topology_show(&topo, topo_out, sizeof(topo_out));
	if (ret < 0) {
		ret = pidle_errorf(PIDLE_EXIT_CONFIG,
				   "topology= is longer than a sysfs write takes (%u characters), even in the compact form",
				   PIDLE_PARAM_LEN - 1);
		goto out;
	}
	ret = 0;
	if (pidle_states_print(&st, states_out, sizeof(states_out)) < 0) {
		ret = pidle_errorf(PIDLE_EXIT_CONFIG,
				   "states= is longer than a sysfs write takes (%u characters)",
				   PIDLE_PARAM_LEN - 1);
		goto out;
	}

	/* power= only for a table that has it: the module's default is none. */
	power_out[0] = '\0';
	if (pidle_power_given(&st)) {
		strcpy(power_out, " power=");
		pidle_power_print(&st, power_out + 7, sizeof(power_out) - 7);
	}

	if (o.action != PIDLE_ACT_APPLY) {
		ret = pidle_topo_open_output(o.output);
		if (ret)
			goto out;
	}
	if (o.fmt == PIDLE_OUT_JSON) {
		pidle_topo_json(&topo, &st, topo_out, states_out,
				pidle_power_given(&st) ? power_out + 7 : "");
		o.action = PIDLE_ACT_LIST;	/* nothing more to print */
	} else if (o.fmt == PIDLE_OUT_CSV) {
		pidle_topo_csv(&topo, &st, o.action == PIDLE_ACT_STATES);
		o.action = PIDLE_ACT_LIST;
	}
	switch (o.action) {
	case PIDLE_ACT_TOPOLOGY:
		printf("%s\n", topo_out);
		break;
	case PIDLE_ACT_STATES:
		printf("%s\n", states_out);
		break;
	case PIDLE_ACT_PARAMS:
		printf("states=%s topology=%s%s\n", states_out, topo_out,
		       power_out);
		break;
	case PIDLE_ACT_MODPROBE:
		printf("options pseudo_cpuidle states=%s topology=%s%s\n",
		       states_out, topo_out, power_out);
		break;
	case PIDLE_ACT_APPLY:
		if (pidle_topo_apply(pidle_topo_sysfs(o.root, sysfs, sizeof(sysfs)),
				     &st, states_out, &topo,
				     topo_out, o.verbose, &err))
			ret = pidle_errorf(PIDLE_EXIT_APPLY, "%s", err.msg);
		break;
	case PIDLE_ACT_LIST:
	case PIDLE_ACT_EXPERIMENT:
		break;
	}
	if (!ret)
		ret = pidle_output_close(stdout, pidle_topo_output_name(&o));
out:
	pidle_topology_free(&topo);
	return ret;
}
