/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/topology.h>: one memory node, or none. */
#ifndef _SHIM_LINUX_TOPOLOGY_H
#define _SHIM_LINUX_TOPOLOGY_H

#define NUMA_NO_NODE	(-1)

static inline int cpu_to_node(unsigned int cpu)
{
	return NUMA_NO_NODE;
}

#endif
