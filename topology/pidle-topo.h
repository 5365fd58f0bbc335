/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-topo: turn this machine, an hwloc XML file or an hwloc synthetic
 * description into a pseudo_cpuidle configuration (topology= and states=),
 * validated with the parser the module itself uses.
 */
#ifndef _PIDLE_TOPO_H
#define _PIDLE_TOPO_H

#include <stdbool.h>
#include <hwloc.h>
#include <pidle/config.h>

#define PIDLE_TOPO_PROG		"pidle-topo"

enum pidle_topo_source {
	PIDLE_TOPO_SRC_THIS,		/* this machine */
	PIDLE_TOPO_SRC_XML,		/* --input FILE.xml */
	PIDLE_TOPO_SRC_SYNTHETIC,	/* --synthetic "pack:2 core:4 pu:2" */
};

/* hwloc-map.c: hwloc objects -> the module's domain levels. */
int pidle_topo_load(enum pidle_topo_source src, const char *arg,
		    hwloc_topology_t *out, struct pidle_err *err);
int pidle_topo_describe(hwloc_topology_t topo, const char *levels,
			char **out, unsigned int *nr_cpus,
			struct pidle_err *err);

/* presets.c: state tables of real CPUs. */
struct pidle_preset {
	const char *name;
	const char *levels;	/* domain levels the table uses */
	const char *desc;	/* the CPU and where the numbers come from */
	const char *states;	/* a states= string */
	const char *power;	/* a power= string, or NULL: no power published */
};

extern const struct pidle_preset pidle_presets[];
extern const unsigned int pidle_nr_presets;
const struct pidle_preset *pidle_preset_find(const char *name);

/* apply.c: write a configuration to a loaded module. */
int pidle_topo_apply(const char *sysfs_root,
		     const struct pidle_states *st, const char *states,
		     const struct pidle_topology *topo, const char *topology,
		     bool verbose, struct pidle_err *err);

void pidle_topo_errf(struct pidle_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif /* _PIDLE_TOPO_H */
