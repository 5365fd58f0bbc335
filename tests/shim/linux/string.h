/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/string.h>. */
#ifndef _SHIM_LINUX_STRING_H
#define _SHIM_LINUX_STRING_H

#include <string.h>
#include <sys/types.h>

/*
 * The kernel's strscpy(): copies, always terminates, -E2BIG on truncation.
 * A byte loop, as the kernel's generic one, that reads @src only up to its
 * NUL: with strnlen(src, size) and memcpy(dst, src, size - 1), gcc -O1
 * (sanitizers on) warned that a short constant source ("cpu") is read
 * past its end in the truncation branch it cannot prove dead, and
 * -Werror failed the build.
 */
static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t i;

	if (!size)
		return -7; /* -E2BIG */
	for (i = 0; i < size; i++) {
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	dst[size - 1] = '\0';
	return -7; /* -E2BIG */
}

#endif
