/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: per-CPU variables as arrays of KSHIM_NR_CPUS, indexed by the
 * CPU the program says it runs on (kshim_this_cpu).
 */
#ifndef _KSHIM_LINUX_PERCPU_H
#define _KSHIM_LINUX_PERCPU_H

#define KSHIM_NR_CPUS	1024

extern unsigned int kshim_this_cpu;

/*
 * Each per-CPU variable is registered at start-up with the program that
 * wants one CPU's copy saved and restored (tools/replay/pidle_kgov.c: a
 * governor's ->select tried twice); weak, so a program without that links
 * as before. The variable is declared again with extern at the end, which
 * keeps a "static DEFINE_PER_CPU(...)" static.
 */
extern void kshim_percpu_register(void *base, unsigned long size)
	__attribute__((weak));
#define DEFINE_PER_CPU(type, name)					\
	__typeof__(type) name[KSHIM_NR_CPUS];				\
	static void __attribute__((constructor)) kshim_percpu_##name(void) \
	{								\
		if (kshim_percpu_register)				\
			kshim_percpu_register(name, sizeof(name[0]));	\
	}								\
	extern __typeof__(type) name[KSHIM_NR_CPUS]
#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name[KSHIM_NR_CPUS]
#define per_cpu(var, cpu)		((var)[cpu])
#define per_cpu_ptr(ptr, cpu)		(&(*(ptr))[cpu])
#define this_cpu_ptr(ptr)		per_cpu_ptr(ptr, kshim_this_cpu)
#define smp_processor_id()		kshim_this_cpu

#endif
