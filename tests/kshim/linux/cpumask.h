/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/cpumask.h> on one 64-bit word (NR_CPUS 64); cpumask_var_t
 * as without CONFIG_CPUMASK_OFFSTACK. cpu_online_mask is the test's.
 */
#ifndef _KSHIM_LINUX_CPUMASK_H
#define _KSHIM_LINUX_CPUMASK_H

#include <linux/types.h>

#define NR_CPUS		64
#define nr_cpu_ids	NR_CPUS

struct cpumask {
	unsigned long long bits;
};
typedef struct cpumask cpumask_var_t[1];

extern struct cpumask __kshim_cpu_online_mask;
#define cpu_online_mask	((const struct cpumask *)&__kshim_cpu_online_mask)

static inline void cpumask_clear(struct cpumask *m)
{
	m->bits = 0;
}

static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *m)
{
	m->bits |= 1ULL << cpu;
}

static inline void cpumask_clear_cpu(unsigned int cpu, struct cpumask *m)
{
	m->bits &= ~(1ULL << cpu);
}

static inline bool cpumask_test_cpu(int cpu, const struct cpumask *m)
{
	return (m->bits >> cpu) & 1;
}

/* The next CPU after @n set in @m (and @m2), or nr_cpu_ids. */
static inline unsigned int cpumask_next_and(int n, const struct cpumask *m,
					    const struct cpumask *m2)
{
	for (n++; n < NR_CPUS; n++)
		if (cpumask_test_cpu(n, m) && cpumask_test_cpu(n, m2))
			return n;
	return nr_cpu_ids;
}

static inline unsigned int cpumask_next(int n, const struct cpumask *m)
{
	return cpumask_next_and(n, m, m);
}

#define for_each_cpu(cpu, mask)						\
	for ((cpu) = cpumask_next(-1, (mask)); (cpu) < nr_cpu_ids;	\
	     (cpu) = cpumask_next((cpu), (mask)))
#define for_each_cpu_and(cpu, mask1, mask2)				\
	for ((cpu) = cpumask_next_and(-1, (mask1), (mask2));		\
	     (cpu) < nr_cpu_ids;					\
	     (cpu) = cpumask_next_and((cpu), (mask1), (mask2)))

#endif
