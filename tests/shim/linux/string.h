/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/string.h>. */
#ifndef _SHIM_LINUX_STRING_H
#define _SHIM_LINUX_STRING_H

#include <string.h>
#include <sys/types.h>

/* The kernel's strscpy(): copies, always terminates, -E2BIG on truncation. */
static inline ssize_t strscpy(char *dst, const char *src, size_t size)
{
	size_t len = strnlen(src, size);

	if (!size)
		return -7;
	if (len >= size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -7; /* -E2BIG */
	}
	memcpy(dst, src, len + 1);
	return len;
}

#endif
