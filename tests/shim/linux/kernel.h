/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/kernel.h>: the parts the model core uses. */
#ifndef _SHIM_LINUX_KERNEL_H
#define _SHIM_LINUX_KERNEL_H

#include_next <linux/kernel.h>
#include <stdarg.h>
#include <stdio.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BIT(n)		(1UL << (n))
#define min(a, b)	((a) < (b) ? (a) : (b))
#define max(a, b)	((a) > (b) ? (a) : (b))
#define min_t(type, a, b)	min((type)(a), (type)(b))

/* The kernel's scnprintf(): returns what was written, never more. */
static inline int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int n;

	if (!size)
		return 0;
	n = vsnprintf(buf, size, fmt, args);
	if (n < 0)
		return 0;
	return (size_t)n >= size ? (int)(size - 1) : n;
}

static inline __printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int n;

	va_start(args, fmt);
	n = vscnprintf(buf, size, fmt, args);
	va_end(args);
	return n;
}

#endif
