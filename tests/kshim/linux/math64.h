/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/math64.h> on 64-bit C division. */
#ifndef _KSHIM_LINUX_MATH64_H
#define _KSHIM_LINUX_MATH64_H

#include "types.h"

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

/* n = n / base, evaluates to the remainder, as the kernel's macro does */
#define do_div(n, base) ({				\
	u32 __base = (base);				\
	u32 __rem = (u32)((n) % __base);		\
	(n) = (n) / __base;				\
	__rem;						\
})

#endif
