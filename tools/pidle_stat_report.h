/* SPDX-License-Identifier: GPL-2.0 */
/* pidle-stat: the report of two snapshots, in plain, CSV or JSON form. */
#ifndef _PIDLE_STAT_REPORT_H
#define _PIDLE_STAT_REPORT_H

#include <stdio.h>
#include "pidle_snap.h"

enum pidle_fmt { PIDLE_FMT_PLAIN, PIDLE_FMT_CSV, PIDLE_FMT_JSON };

void pidle_stat_report(FILE *out, enum pidle_fmt fmt,
		       const struct pidle_snap *a, const struct pidle_snap *b,
		       double elapsed_s, int seq);

#endif
