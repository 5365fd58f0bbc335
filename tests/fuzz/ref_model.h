/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A reference of the hierarchy model for one thread (Documentation/
 * admin-guide.rst, "The Hierarchy"; Documentation/design.rst, "Hierarchy
 * model"),
 * written the plain way (a voter count per domain state, flags as bools,
 * no atomics), for the fuzzer to compare pidle_model.c with, call by call.
 * Same calls and the same info and stats structures as <pidle/model.h>.
 */
#ifndef _PIDLE_REF_MODEL_H
#define _PIDLE_REF_MODEL_H

#include <pidle/model.h>

struct ref_model;

/* NULL when out of memory; the configuration must have passed the model. */
struct ref_model *ref_create(const struct pidle_states *st,
			     const struct pidle_topology *topo,
			     enum pidle_policy policy);
void ref_destroy(struct ref_model *r);
/* OSI mode, with the fuzzer's governor (@gov) or the deepest state. */
void ref_set_osi(struct ref_model *r, bool gov);
/* OSI: the sub_power_on_ns a level-@level governor should see. */
u64 ref_osi_sub_ns(const struct ref_model *r, unsigned int level,
		   unsigned int dom);

/*
 * The fuzzer's pending-IPI hook's answer to its @call-th question (from 0,
 * per input) about the CPUs @cpus: known but every fifth time; pending by
 * a rule of @call and the CPUs' sum and count, so that a hook called at a
 * different time, or for other CPUs, answers differently. The model gets
 * it through pidle_model_opts.ipi_peek, the reference asks it directly.
 */
static inline bool ref_ipi_rule(unsigned int call, const unsigned int *cpus,
				unsigned int nr_cpus, bool *pending)
{
	unsigned int i, sum = 0;

	for (i = 0; i < nr_cpus; i++)
		sum += cpus[i];
	*pending = (call * 7 + sum + nr_cpus) % 3 == 0;
	return call % 5 != 4;
}

void ref_enter(struct ref_model *r, unsigned int cpu, unsigned int state,
	       u64 now_ns, u64 next_timer_ns, struct pidle_enter_info *info);
void ref_exit(struct ref_model *r, unsigned int cpu, u64 now_ns,
	      struct pidle_exit_info *info);
void ref_record_overshoot(struct ref_model *r, unsigned int cpu,
			  unsigned int state, u64 overshoot_ns);
void ref_cpu_offline(struct ref_model *r, unsigned int cpu, u64 now_ns);
void ref_cpu_online(struct ref_model *r, unsigned int cpu, u64 now_ns);

bool ref_domain_down(const struct ref_model *r, unsigned int level,
		     unsigned int dom, unsigned int *state);
void ref_cpu_stats_read(const struct ref_model *r, unsigned int cpu,
			unsigned int state, struct pidle_cpu_stats *out);
void ref_domain_stats_read(const struct ref_model *r, unsigned int level,
			   unsigned int dom, unsigned int state,
			   struct pidle_domain_stats *out);
void ref_cpu_stats_reset(struct ref_model *r, unsigned int cpu, u64 now_ns);
void ref_domain_stats_reset(struct ref_model *r, unsigned int level,
			    unsigned int dom, u64 now_ns);
void ref_stats_reset(struct ref_model *r, u64 now_ns);

/*
 * Energy, from Documentation/energy.rst and the "Energy model" DOC block, kept
 * the plain way: every finished period priced when it ends, in picojoules
 * (128 bits), the oracle by trying every state. Same struct as the model.
 */
void ref_cpu_energy_read(const struct ref_model *r, unsigned int cpu,
			 u64 now_ns, struct pidle_energy *out);
void ref_domain_energy_read(const struct ref_model *r, unsigned int level,
			    unsigned int dom, u64 now_ns,
			    struct pidle_energy *out);

#endif /* _PIDLE_REF_MODEL_H */
