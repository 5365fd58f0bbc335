/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/spinlock.h> for single-threaded tests: the calls type-check
 * and do nothing (a test that runs threads needs a real lock).
 */
#ifndef _KSHIM_LINUX_SPINLOCK_H
#define _KSHIM_LINUX_SPINLOCK_H

typedef struct {
	int unused;
} spinlock_t;

#define spin_lock_init(l)	((void)(l))
#define spin_lock(l)		((void)(l))
#define spin_unlock(l)		((void)(l))
#define spin_lock_irqsave(l, flags)	((void)(l), (flags) = 0)
#define spin_unlock_irqrestore(l, flags) ((void)(l), (void)(flags))

#endif
