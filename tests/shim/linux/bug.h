/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/bug.h>: WARN_ON_ONCE reports and returns the
 * condition, and counts, so tests can assert that no invariant fired.
 */
#ifndef _SHIM_LINUX_BUG_H
#define _SHIM_LINUX_BUG_H

#include <stdio.h>

extern unsigned long pidle_shim_warnings;

#define WARN_ON_ONCE(cond) ({						\
	int __c = !!(cond);						\
	if (__c) {							\
		__atomic_fetch_add(&pidle_shim_warnings, 1, __ATOMIC_RELAXED); \
		fprintf(stderr, "WARNING: %s:%d: %s\n", __FILE__, __LINE__, #cond); \
	}								\
	__c;								\
})
#define WARN_ON(cond)	WARN_ON_ONCE(cond)

#endif
