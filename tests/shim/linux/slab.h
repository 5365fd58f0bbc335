/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/slab.h> on the C library's allocator. */
#ifndef _SHIM_LINUX_SLAB_H
#define _SHIM_LINUX_SLAB_H

#include <stdlib.h>

#define GFP_KERNEL	0

/* Tests can make the n-th allocation fail (see tests/unit/). */
extern unsigned long pidle_shim_fail_alloc_at;
extern unsigned long pidle_shim_allocs;	/* allocations so far */
void *pidle_shim_alloc(size_t size, size_t align);

static inline void *kcalloc(size_t n, size_t size, int flags)
{
	if (size && n > (size_t)-1 / size)
		return NULL;
	return pidle_shim_alloc(n * size, 0);
}

static inline void *kzalloc(size_t size, int flags)
{
	return pidle_shim_alloc(size, 0);
}

/* No NUMA in the tests: the node is only checked to be a node or none. */
static inline void *kzalloc_node(size_t size, int flags, int node)
{
	return pidle_shim_alloc(size, 0);
}

static inline void kfree(const void *p)
{
	free((void *)p);
}

#endif
