/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-replay's cells: from the command line, or from an experiment
 * file (Documentation/experiments.rst's format; the replay reads its
 * tables, governors, disable changes and PM QoS).
 */
#ifndef _PIDLE_RP_EXP_H
#define _PIDLE_RP_EXP_H

#include "pidle_rp_run.h"

struct pidle_rp_cells {
	struct pidle_rp_cell *cell;
	unsigned int nr;
};

/*
 * Reads @path's cells for a trace of @nr_cpus; "topology = auto" (or no
 * topology) becomes @topology (a topology= string; NULL: none given,
 * flat). 0, or with "FILE:LINE: what is wrong" in @err: -1 for the
 * file, -2 when a table names a topology other than @topology (the
 * option would be ignored: a usage error).
 */
int pidle_rp_exp_load(const char *path, unsigned int nr_cpus,
		      const char *topology, struct pidle_rp_cells *out,
		      char *err, size_t errlen);
/*
 * One cell from the options; the same rules. @mode ("pc", "osi") and
 * @domain_gov (the module's domain_gov= string) may be NULL: PC mode; OSI
 * mode with the default domain governor. A domain_gov needs mode osi.
 */
int pidle_rp_cell_make(struct pidle_rp_cell *c, const char *name,
		       const char *states, const char *topology,
		       const char *power, const char *policy,
		       const char *mode, const char *domain_gov,
		       const char *governor, unsigned int nr_cpus,
		       char *err, size_t errlen);
void pidle_rp_cells_free(struct pidle_rp_cells *c);

#endif
