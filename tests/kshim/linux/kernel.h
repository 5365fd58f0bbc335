/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/kernel.h>, the generic helpers kernel C expects. */
#ifndef _KSHIM_LINUX_KERNEL_H
#define _KSHIM_LINUX_KERNEL_H

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "types.h"
#include "compiler.h"
#include "init.h"
#include "math64.h"
#include "percpu.h"

#ifndef U64_MAX
#define U64_MAX		((u64)~0ULL)
#endif
#define S64_MAX		((s64)(U64_MAX >> 1))
#define BIT(n)		(1UL << (n))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#define min(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); \
			   _a < _b ? _a : _b; })
#define max(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); \
			   _a > _b ? _a : _b; })
#define min_t(t, a, b)	min((t)(a), (t)(b))
#define max_t(t, a, b)	max((t)(a), (t)(b))

#define pr_fmt(fmt) fmt
#define pr_info(fmt, ...)	fprintf(stderr, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	fprintf(stderr, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	fprintf(stderr, pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { } while (0)

#define EXPORT_SYMBOL(sym)
#define EXPORT_SYMBOL_GPL(sym)
#define MODULE_LICENSE(s)

#endif
