// SPDX-License-Identifier: GPL-2.0
/* State behind the userspace shims: warning count, allocation failures. */
#include <stdlib.h>
#include <string.h>
#include <linux/slab.h>
#include <linux/bug.h>

unsigned long pidle_shim_warnings;
unsigned long pidle_shim_fail_alloc_at;
unsigned long pidle_shim_allocs;

void *pidle_shim_alloc(size_t size, size_t align)
{
	unsigned long n = __atomic_add_fetch(&pidle_shim_allocs, 1, __ATOMIC_RELAXED);
	void *p;

	if (pidle_shim_fail_alloc_at && n == pidle_shim_fail_alloc_at)
		return NULL;
	/* Cache-line aligned like the kernel's kmalloc of large objects. */
	if (posix_memalign(&p, 64, size ? size : 1))
		return NULL;
	memset(p, 0, size);
	return p;
}
