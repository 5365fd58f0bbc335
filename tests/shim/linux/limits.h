/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/limits.h>. */
#ifndef _SHIM_LINUX_LIMITS_H
#define _SHIM_LINUX_LIMITS_H

/* glibc's <limits.h> includes <linux/limits.h>: keep the real one. */
#include_next <linux/limits.h>
#include <stdint.h>

#define U64_MAX	UINT64_MAX
#define U32_MAX	UINT32_MAX
#define S64_MAX	INT64_MAX

#endif
