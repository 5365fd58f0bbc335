/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/processor.h>. */
#ifndef _SHIM_LINUX_PROCESSOR_H
#define _SHIM_LINUX_PROCESSOR_H

#include <sched.h>

/*
 * The kernel's cpu_relax() is a pause instruction: its waits are bounded
 * because the CPU waited for runs with interrupts off. A userspace thread
 * can be preempted instead, so yield and let it run.
 */
static inline void cpu_relax(void)
{
	sched_yield();
}

#endif
