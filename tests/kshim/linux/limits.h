/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/limits.h>. */
#ifndef _KSHIM_LINUX_LIMITS_H
#define _KSHIM_LINUX_LIMITS_H

/* glibc's <limits.h> includes <linux/limits.h>: keep the real one too. */
#include_next <linux/limits.h>
#include <stdint.h>

#define S32_MAX	INT32_MAX
#define S32_MIN	INT32_MIN
#define U32_MAX	UINT32_MAX
#define S64_MAX	INT64_MAX
#define S64_MIN	INT64_MIN
#define U64_MAX	UINT64_MAX

#endif
