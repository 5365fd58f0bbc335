/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/math64.h>. The kernel's div_u64() keeps 32-bit
 * builds off libgcc's __udivdi3, which the kernel does not link.
 */
#ifndef _SHIM_LINUX_MATH64_H
#define _SHIM_LINUX_MATH64_H

#include <linux/types.h>

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

#endif
