/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/ktime.h>: ktime_t is s64 nanoseconds, as in the kernel. */
#ifndef _KSHIM_LINUX_KTIME_H
#define _KSHIM_LINUX_KTIME_H

#include "types.h"
#include "time.h"

#define KTIME_MAX	((s64)~((u64)1 << 63))
#define KTIME_SEC_MAX	(KTIME_MAX / NSEC_PER_SEC)

static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	if (__builtin_expect(secs >= KTIME_SEC_MAX, 0))
		return KTIME_MAX;
	return secs * NSEC_PER_SEC + (s64)nsecs;
}

#define ktime_compare(a, b)	((a) < (b) ? -1 : (a) > (b) ? 1 : 0)

static inline bool ktime_before(const ktime_t a, const ktime_t b)
{
	return ktime_compare(a, b) < 0;
}

static inline bool ktime_after(const ktime_t a, const ktime_t b)
{
	return ktime_compare(a, b) > 0;
}

/* The program's clock, where a compiled file reads it. */
ktime_t ktime_get(void);

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
