/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/percpu.h>: a per-CPU variable is an array over NR_CPUS. */
#ifndef _KSHIM_LINUX_PERCPU_H
#define _KSHIM_LINUX_PERCPU_H

#include <linux/cpumask.h>

#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name[NR_CPUS]
#define DEFINE_PER_CPU(type, name)	__typeof__(type) name[NR_CPUS]
#define per_cpu(var, cpu)		((var)[cpu])
#define per_cpu_ptr(ptr, cpu)		(&(*(ptr))[cpu])

#endif
