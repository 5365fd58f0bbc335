/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/math64.h>. The kernel's div_u64() keeps 32-bit
 * builds off libgcc's __udivdi3, which the kernel does not link.
 */
#ifndef _SHIM_LINUX_MATH64_H
#define _SHIM_LINUX_MATH64_H

#include <linux/types.h>

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

/* a * mul / divisor without overflowing in the product, as the kernel's. */
static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 divisor)
{
	return (u64)((unsigned __int128)a * mul / divisor);
}

#endif
