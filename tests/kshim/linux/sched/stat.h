/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/sched/stat.h>. 6.12's menu.c uses nothing of it; 6.1's
 * weighs the CPU's tasks in iowait (nr_iowait_cpu(): a bucket of its own,
 * and a performance multiplier on the exit latency). A trace records no
 * iowait count, so a replay has none: 0, as on a CPU with no task
 * waiting for I/O.
 */
#ifndef _KSHIM_LINUX_SCHED_STAT_H
#define _KSHIM_LINUX_SCHED_STAT_H

static inline unsigned int nr_iowait_cpu(int cpu)
{
	return 0;
}

#endif
