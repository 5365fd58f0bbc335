/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/compiler.h>: the annotations as plain C. */
#ifndef _KSHIM_LINUX_COMPILER_H
#define _KSHIM_LINUX_COMPILER_H

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define READ_ONCE(x)	(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#ifndef __always_inline
#define __always_inline	inline __attribute__((__always_inline__))
#endif
#define __printf(a, b)	__attribute__((__format__(printf, a, b)))
#define __maybe_unused	__attribute__((__unused__))

#endif
