// SPDX-License-Identifier: GPL-2.0
/*
 * --apply: write topology= and states= to a loaded pseudo_cpuidle through
 * SYSFS_ROOT/module/pseudo_cpuidle/parameters/.
 *
 * The module checks every write against the configuration in force and
 * refuses, atomically, one that does not fit. So the order matters: new
 * states that name a level the current topology lacks need the topology
 * first; a new topology that lacks a level the current states use needs the
 * states first. When neither order works, the CPU-level part of the new
 * table goes in first (it fits any topology), then the topology, then the
 * whole table. If a write is refused, the writes already done are undone
 * in reverse order, so the module is left as it was.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pidle-topo.h"
#include "pidle_common.h"

#define PIDLE_PARAM_DIR	"module/pseudo_cpuidle/parameters"

struct pidle_write {
	const char *name;
	const char *value;
	char old[PIDLE_PARAM_LEN];
};

static int pidle_param_path(char *path, size_t size, const char *root,
			    const char *name)
{
	int n = snprintf(path, size, "%s/%s%s%s", root, PIDLE_PARAM_DIR,
			 name ? "/" : "", name ? name : "");

	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int pidle_param_read(const char *root, const char *name, char *buf,
			    size_t size, struct pidle_err *err)
{
	char path[PATH_MAX];
	int ret;

	if (pidle_param_path(path, sizeof(path), root, name)) {
		pidle_topo_errf(err, "sysfs root '%s' is too long a path", root);
		return -1;
	}
	ret = pidle_read_file(path, buf, size);
	if (ret) {
		pidle_topo_errf(err, "cannot read %s: %s", path, strerror(-ret));
		return -1;
	}
	return 0;
}

static int pidle_param_write(const char *root, const char *name,
			     const char *value, bool verbose,
			     struct pidle_err *err)
{
	char path[PATH_MAX];
	int ret;

	if (pidle_param_path(path, sizeof(path), root, name)) {
		pidle_topo_errf(err, "sysfs root '%s' is too long a path", root);
		return -1;
	}
	if (verbose)
		fprintf(stderr, "%s: writing %s=%s\n", PIDLE_TOPO_PROG, name, value);
	ret = pidle_write_file(path, value, strlen(value));
	/* The file was just read: these are open()'s, not the module's. */
	if (ret == -EACCES || ret == -EPERM || ret == -EROFS || ret == -ENOENT) {
		pidle_topo_errf(err, "cannot open %s for writing: %s", path,
				strerror(-ret));
		return -1;
	}
	if (ret) {
		pidle_topo_errf(err, "the module refused %s=%s (writing %s: %s%s)",
				name, value, path, strerror(-ret),
				ret == -EINVAL ? "; the kernel log says why" : "");
		return -1;
	}
	return 0;
}

/* Does the current states= fit @topo, and the new @st the current topology? */
static void pidle_apply_order(const char *cur_states, const char *cur_topology,
			      const struct pidle_states *st,
			      const struct pidle_topology *topo,
			      bool *states_fit_now, bool *old_states_fit_new)
{
	struct pidle_topology cur_topo = { 0 };
	struct pidle_states cur_st;
	struct pidle_err err;

	*states_fit_now = false;
	*old_states_fit_new = false;
	if (!pidle_topology_parse(cur_topology, 0, &cur_topo, &err)) {
		*states_fit_now = !pidle_config_check(st, &cur_topo, &err);
		pidle_topology_free(&cur_topo);
	}
	if (!pidle_states_parse(cur_states, &cur_st, &err))
		*old_states_fit_new = !pidle_config_check(&cur_st, topo, &err);
}

int pidle_topo_apply(const char *sysfs_root,
		     const struct pidle_states *st, const char *states,
		     const struct pidle_topology *topo, const char *topology,
		     bool verbose, struct pidle_err *err)
{
	struct pidle_topology flat = { .nr_cpus = topo->nr_cpus };
	struct pidle_write w[5] = { 0 };
	char dir[PATH_MAX], cur_states[PIDLE_PARAM_LEN];
	char cur_power[PIDLE_PARAM_LEN], power[PIDLE_PARAM_LEN];
	struct pidle_err no_power;
	bool has_power;
	char cur_topology[PIDLE_PARAM_LEN], cpu_states[PIDLE_PARAM_LEN];
	bool states_fit_now, old_states_fit_new;
	struct pidle_states cpu_st;
	struct pidle_err undo_err;
	unsigned int nr = 0, i;

	if (pidle_param_path(dir, sizeof(dir), sysfs_root, NULL)) {
		pidle_topo_errf(err, "sysfs root '%s' is too long a path", sysfs_root);
		return -1;
	}
	if (access(dir, F_OK)) {
		pidle_topo_errf(err, "pseudo_cpuidle is not loaded: %s: %s", dir,
				strerror(errno));
		return -1;
	}
	if (pidle_param_read(sysfs_root, "states", cur_states, sizeof(cur_states), err) ||
	    pidle_param_read(sysfs_root, "topology", cur_topology,
			     sizeof(cur_topology), err))
		return -1;

	/*
	 * power= names levels too: cleared first, so that no topology write
	 * is refused for a level the power in force names, and written last.
	 * A module without the parameter takes a table without power only.
	 */
	has_power = !pidle_param_read(sysfs_root, "power", cur_power,
				      sizeof(cur_power), &no_power);
	if (pidle_power_given(st) && !has_power) {
		pidle_topo_errf(err, "the loaded pseudo_cpuidle has no power= parameter for this table's power");
		return -1;
	}
	if (has_power && strcmp(cur_power, "none")) {
		w[nr++].name = "power";
		w[nr - 1].value = "none";
	}

	pidle_apply_order(cur_states, cur_topology, st, topo, &states_fit_now,
			  &old_states_fit_new);
	if (states_fit_now) {
		w[nr++].name = "states";
		w[nr - 1].value = states;
		w[nr++].name = "topology";
		w[nr - 1].value = topology;
	} else if (old_states_fit_new) {
		w[nr++].name = "topology";
		w[nr - 1].value = topology;
		w[nr++].name = "states";
		w[nr - 1].value = states;
	} else {
		/* The CPU-level states fit any topology: a stepping stone. */
		cpu_st = *st;
		pidle_states_drop_missing_levels(&cpu_st, &flat);
		if (pidle_states_print(&cpu_st, cpu_states, sizeof(cpu_states)) < 0) {
			pidle_topo_errf(err, "cannot print the CPU-level states of states=%s",
					states);
			return -1;
		}
		w[nr++].name = "states";
		w[nr - 1].value = cpu_states;
		w[nr++].name = "topology";
		w[nr - 1].value = topology;
		w[nr++].name = "states";
		w[nr - 1].value = states;
	}
	if (pidle_power_given(st)) {
		pidle_power_print(st, power, sizeof(power));
		w[nr++].name = "power";
		w[nr - 1].value = power;
	}

	for (i = 0; i < nr; i++) {
		if (pidle_param_read(sysfs_root, w[i].name, w[i].old,
				     sizeof(w[i].old), err))
			goto undo;
		if (pidle_param_write(sysfs_root, w[i].name, w[i].value, verbose, err))
			goto undo;
	}
	return 0;

undo:
	/* Best effort; the error reported is the first one. */
	while (i-- > 0)
		pidle_param_write(sysfs_root, w[i].name, w[i].old, verbose, &undo_err);
	return -1;
}
