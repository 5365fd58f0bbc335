/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the cmocka tests share: running a group and printing the line
 * every runner of make check ends with, "N passed, N failed".
 */
#ifndef _PIDLE_UNIT_H
#define _PIDLE_UNIT_H

#include <stdio.h>

static inline int pidle_unit_report(size_t total, int failed)
{
	printf("%zu passed, %d failed\n", total - failed, failed);
	return failed != 0;
}

/* cmocka_run_group_tests_name() needs the array itself: a macro. */
#define pidle_unit_run(name, tests) \
	pidle_unit_report(sizeof(tests) / sizeof((tests)[0]), \
			  cmocka_run_group_tests_name(name, tests, NULL, NULL))

#endif
