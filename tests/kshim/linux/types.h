/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/types.h> for kernel C compiled in userspace. */
#ifndef _KSHIM_LINUX_TYPES_H
#define _KSHIM_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef long long s64;
typedef s64 ktime_t;

struct list_head {
	struct list_head *next, *prev;
};

#endif
