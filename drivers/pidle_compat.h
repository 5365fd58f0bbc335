/* SPDX-License-Identifier: GPL-2.0 */
/* pseudo-cpuidle: every difference between the 6.1 and 6.12 kernels. */
#ifndef _PIDLE_COMPAT_H
#define _PIDLE_COMPAT_H

#include <linux/context_tracking.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
/* 6.2 renamed the idle entry helpers and added the irq-tracing hooks. */
#define pidle_ct_idle_enter()	ct_cpuidle_enter()
#define pidle_ct_idle_exit()	ct_cpuidle_exit()
#else
/*
 * 6.1's ct_idle_enter() is the bare RCU switch; what 6.2's
 * ct_cpuidle_enter() adds is done here, as 6.1's default_idle_call()
 * does around its halt: lockdep and the irq tracer are told interrupts
 * are on (the halt and the polling state enable them, and lockdep would
 * otherwise see an interrupt arrive with its hardirqs-off state), and the
 * wait is marked as not instrumentable. Exit undoes it: off again.
 */
#include <linux/instrumentation.h>
#include <linux/irqflags.h>
#define pidle_ct_idle_enter()	do {				\
	trace_hardirqs_on_prepare();				\
	lockdep_hardirqs_on_prepare();				\
	instrumentation_end();					\
	ct_idle_enter();					\
	lockdep_hardirqs_on(_RET_IP_);				\
} while (0)
#define pidle_ct_idle_exit()	do {				\
	lockdep_hardirqs_off(_RET_IP_);				\
	ct_idle_exit();						\
	instrumentation_begin();				\
} while (0)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
/* 6.10 dropped __assign_str()'s source argument: it uses __string()'s. */
#define pidle_assign_str(dst, src)	__assign_str(dst)
#else
#define pidle_assign_str(dst, src)	__assign_str(dst, src)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define pidle_cluster_cpumask(cpu)	topology_cluster_cpumask(cpu)
#else
/*
 * 6.1 does not export cpu_clustergroup_mask() to modules; on x86 its
 * clusters (L2 sharing) then read as cores, and auto drops the level.
 */
#define pidle_cluster_cpumask(cpu)	topology_sibling_cpumask(cpu)
#endif

#endif /* _PIDLE_COMPAT_H */
