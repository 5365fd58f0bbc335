/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/types.h> for the model core. */
#ifndef _SHIM_LINUX_TYPES_H
#define _SHIM_LINUX_TYPES_H

#include_next <linux/types.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef unsigned long long u64;	/* as the kernel: %llu prints it */
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef long long s64;

#endif
