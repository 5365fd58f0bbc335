/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/compiler.h>, the annotations as plain C. */
#ifndef _KSHIM_LINUX_COMPILER_H
#define _KSHIM_LINUX_COMPILER_H

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define __read_mostly
#define __init
#define __exit
#define noinstr
#define __cpuidle
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define BUILD_BUG_ON(c)	_Static_assert(!(c), #c)

#endif
