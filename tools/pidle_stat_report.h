/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-stat: the report of one interval, in plain, CSV or JSON form. The
 * formats are described, column by column, in Documentation/pidle-stat.rst;
 * other tools parse the CSV and JSON ones, so they change only by adding.
 */
#ifndef _PIDLE_STAT_REPORT_H
#define _PIDLE_STAT_REPORT_H

#include <stdio.h>
#include "pidle_stat_delta.h"

enum pidle_fmt { PIDLE_FMT_PLAIN, PIDLE_FMT_CSV, PIDLE_FMT_JSON };

/* @seq: the interval's number, from 0 (the CSV header comes with 0). */
void pidle_stat_plain(FILE *out, const struct pidle_stat *st, int seq);
void pidle_stat_csv(FILE *out, const struct pidle_stat *st, int seq);
void pidle_stat_json(FILE *out, const struct pidle_stat *st, int seq);

#endif
