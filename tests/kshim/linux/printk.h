/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/printk.h>: the debug prints compiled, checked, silent. */
#ifndef _KSHIM_LINUX_PRINTK_H
#define _KSHIM_LINUX_PRINTK_H

#include <stdio.h>

#define pr_debug(fmt, ...) \
	do { if (0) printf(fmt, ##__VA_ARGS__); } while (0)
#define pr_err(fmt, ...)	fprintf(stderr, fmt, ##__VA_ARGS__)
#define pr_warn(fmt, ...)	fprintf(stderr, fmt, ##__VA_ARGS__)
#define pr_info(fmt, ...)	printf(fmt, ##__VA_ARGS__)

#endif
