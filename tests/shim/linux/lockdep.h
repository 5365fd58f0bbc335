/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace shim of <linux/lockdep.h>: userspace has no interrupts to
 * assert about; the kernel's lockdep checks the model's callers.
 */
#ifndef _SHIM_LINUX_LOCKDEP_H
#define _SHIM_LINUX_LOCKDEP_H

#define lockdep_assert_irqs_disabled()	do { } while (0)

#endif
