/* SPDX-License-Identifier: GPL-2.0 */
/* pidle-replay --agree: the replay against the recorded run, per figure. */
#ifndef _PIDLE_RP_AGREE_H
#define _PIDLE_RP_AGREE_H

#include <stdio.h>
#include "pidle_rp_run.h"

/*
 * Prints the agreement of @r (the cell @c replayed, @sel its state per
 * period, the trace's order) with the recorded run of module trace @t
 * (@rec: the recorded choices replayed, for the energy) on @f, one row
 * per figure. 0 when every figure the trace places is within @tol %,
 * 1 when one is not.
 */
int pidle_rp_agree(FILE *f, const struct pidle_rp_trace *t,
		   const struct pidle_rp_cell *c,
		   const struct pidle_rp_result *r,
		   const struct pidle_rp_result *rec, const int *sel,
		   double tol);

#endif
