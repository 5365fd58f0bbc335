/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/ktime.h>: ktime_t is s64 nanoseconds, as in the kernel. */
#ifndef _KSHIM_LINUX_KTIME_H
#define _KSHIM_LINUX_KTIME_H

#include "types.h"
#include "time.h"

#define KTIME_MAX	((s64)~((u64)1 << 63))

static inline s64 ktime_to_ns(ktime_t kt)
{
	return kt;
}

static inline s64 ktime_to_us(ktime_t kt)
{
	return kt / NSEC_PER_USEC;
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return ns;
}

#define ktime_sub(a, b)	((a) - (b))
#define ktime_add_ns(kt, ns)	((kt) + (ns))

#endif
