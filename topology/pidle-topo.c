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
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	const char *sysfs_root;
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
"      --dt FILE             read a devicetree: a .dtb, or a .dts that dtc\n"
"                            compiles; states, cpu-map and power domains\n"
"      --dt-cpus LIST        import these CPUs only (one kind of CPU)\n"
"      --dt-mode pc|osi      PC or OSI (default: OSI when the devicetree\n"
"                            has domain idle states)\n"
"      --energy-model FILE   with --dt: idle power from idlestat's energy\n"
"                            model file\n"
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
"      --experiment          with --dt: print an experiment file's [table]\n"
"  -a, --apply               write topology and states to the loaded module\n"
"  -r, --sysfs-root DIR      sysfs for --apply (default: /sys)\n"
"  -v, --verbose             with --apply, report each write on stderr\n"
"\n"
"Miscellaneous:\n"
"  -h, --help                print this help and exit\n"
"\n"
"Exit status:\n"
"  0  success\n"
"  1  usage error: bad option, argument, preset or level\n"
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
			      o->dt.energy_model ? "--energy-model" :
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
	o->dt.action = act[o->action];
	o->dt.sysfs_root = o->sysfs_root;
	o->dt.verbose = o->verbose;
	return 0;
}

static int pidle_topo_parse_args(int argc, char **argv, struct pidle_topo_opts *o)
{
	const struct pidle_opt_store store[] = {
		{ 'l', &o->levels }, { 's', &o->states }, { 'r', &o->sysfs_root },
		{ 'v', .set = &o->verbose }, { 'c', &o->dt.cpus },
		{ 'M', &o->dt.mode }, { 'E', &o->dt.energy_model }, { 0 }
	};
	/* -r, --sysfs-root is the sysfs directory here, not a root above it. */
	struct pidle_opts cli = {
		.spec = "-i:input -y:synthetic -l:levels -s:states -L,list-presets "
			"-S,show-states -p,params -m,modprobe -a,apply -r:sysfs-root -v,verbose "
			"D:dt c:dt-cpus M:dt-mode E:energy-model e,experiment",
		.store = store, .usage = pidle_topo_usage,
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
		case 'D':
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
	return pidle_topo_dt_args(o);
}

static int pidle_topo_list_presets(void)
{
	unsigned int i;

	printf("%-10s %-13s %s\n", "NAME", "LEVELS", "SOURCE");
	for (i = 0; i < pidle_nr_presets; i++)
		printf("%-10s %-13s %s\n", pidle_presets[i].name,
		       pidle_presets[i].levels, pidle_presets[i].desc);
	return PIDLE_EXIT_OK;
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
			return pidle_usage_error("unknown preset '%s' for --states: see --list-presets, or give a states= string such as POLL:0:0,C1:2:2.",
						 arg);
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
	struct pidle_topo_opts o = { .sysfs_root = "/sys" };
	static char topo_out[PIDLE_PARAM_LEN], states_out[PIDLE_PARAM_LEN];
	char *topo_str;
	static char power_out[PIDLE_PARAM_LEN + 8];
	struct pidle_topology topo = { 0 };
	struct pidle_err err = { "" };
	hwloc_topology_t hw;
	struct pidle_states st;
	unsigned int nr_cpus;
	int ret;

	pidle_prog = PIDLE_TOPO_PROG;
	ret = pidle_topo_parse_args(argc, argv, &o);
	if (ret)
		return ret;
	if (o.action == PIDLE_ACT_LIST)
		return pidle_topo_list_presets();
	if (o.dt.path)
		return pidle_dt_run(&o.dt);

	if (pidle_topo_load(o.src, o.src_arg, &hw, &err))
		return pidle_errorf(PIDLE_EXIT_INPUT, "%s", err.msg);
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
	if (st.nr_up) {
		strcpy(power_out, " power=");
		pidle_power_print(&st, power_out + 7, sizeof(power_out) - 7);
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
		if (pidle_topo_apply(o.sysfs_root, &st, states_out, &topo,
				     topo_out, o.verbose, &err))
			ret = pidle_errorf(PIDLE_EXIT_APPLY, "%s", err.msg);
		break;
	case PIDLE_ACT_LIST:
	case PIDLE_ACT_EXPERIMENT:
		break;
	}
	if (!ret && fflush(stdout))
		ret = pidle_errorf(PIDLE_EXIT_USAGE,
				   "cannot write the output: %s", strerror(errno));
out:
	pidle_topology_free(&topo);
	return ret;
}
