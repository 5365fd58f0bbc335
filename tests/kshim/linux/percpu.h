/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: per-CPU variables as arrays of KSHIM_NR_CPUS, indexed by the
 * CPU the program says it runs on (kshim_this_cpu).
 */
#ifndef _KSHIM_LINUX_PERCPU_H
#define _KSHIM_LINUX_PERCPU_H

#define KSHIM_NR_CPUS	1024

extern unsigned int kshim_this_cpu;

#define DEFINE_PER_CPU(type, name)	__typeof__(type) name[KSHIM_NR_CPUS]
#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name[KSHIM_NR_CPUS]
#define per_cpu(var, cpu)		((var)[cpu])
#define per_cpu_ptr(ptr, cpu)		(&(*(ptr))[cpu])
#define this_cpu_ptr(ptr)		per_cpu_ptr(ptr, kshim_this_cpu)
#define smp_processor_id()		kshim_this_cpu

#endif
