/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/cache.h>. */
#ifndef _SHIM_LINUX_CACHE_H
#define _SHIM_LINUX_CACHE_H

#define SMP_CACHE_BYTES			64
#define ____cacheline_aligned_in_smp	__attribute__((aligned(SMP_CACHE_BYTES)))

#endif
