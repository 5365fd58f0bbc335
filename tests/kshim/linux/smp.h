/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/smp.h>. cpus_peek_for_pending_ipi() (mainline) is the test's. */
#ifndef _KSHIM_LINUX_SMP_H
#define _KSHIM_LINUX_SMP_H

#include <linux/cpumask.h>

bool cpus_peek_for_pending_ipi(const struct cpumask *mask);

#endif
