/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/ktime.h>, the kernel's arithmetic. ktime_get() is the
 * test's clock: defined by the test.
 */
#ifndef _KSHIM_LINUX_KTIME_H
#define _KSHIM_LINUX_KTIME_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/time64.h>

typedef s64 ktime_t;

static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	if (unlikely(secs >= KTIME_SEC_MAX))
		return KTIME_MAX;
	return secs * NSEC_PER_SEC + (s64)nsecs;
}

#define ktime_sub(lhs, rhs)	((lhs) - (rhs))
#define ktime_add(lhs, rhs)	((lhs) + (rhs))
#define ktime_add_ns(kt, nsval)	((kt) + (nsval))
#define ktime_compare(a, b)	((a) < (b) ? -1 : (a) > (b) ? 1 : 0)

static inline bool ktime_before(const ktime_t a, const ktime_t b)
{
	return ktime_compare(a, b) < 0;
}

static inline bool ktime_after(const ktime_t a, const ktime_t b)
{
	return ktime_compare(a, b) > 0;
}

static inline s64 ktime_to_ns(const ktime_t kt)
{
	return kt;
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return ns;
}

static inline s64 ktime_to_us(const ktime_t kt)
{
	return kt / NSEC_PER_USEC;
}

ktime_t ktime_get(void);

#endif
