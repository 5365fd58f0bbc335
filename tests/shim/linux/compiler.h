/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/compiler.h>: READ_ONCE/WRITE_ONCE on atomics. */
#ifndef _SHIM_LINUX_COMPILER_H
#define _SHIM_LINUX_COMPILER_H

/*
 * Relaxed atomic accesses: what the kernel's volatile accesses give on
 * every architecture it runs on, and what ThreadSanitizer understands.
 */
#define READ_ONCE(x)		__atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v)	__atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
#define smp_load_acquire(p)	__atomic_load_n((p), __ATOMIC_ACQUIRE)
#define smp_store_release(p, v)	__atomic_store_n((p), (v), __ATOMIC_RELEASE)

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)

#ifndef __always_inline
#define __always_inline	inline __attribute__((__always_inline__))
#endif

#ifndef __printf
#define __printf(a, b)	__attribute__((format(printf, a, b)))
#endif

#endif
