/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: the model's counters by name, as sysfs and the tools
 * spell them: X(field) for each field of struct pidle_cpu_stats and struct
 * pidle_domain_stats (<pidle/model.h>, which checks that they agree), in
 * order. No types: userspace programs include it alone.
 */
#ifndef _PIDLE_COUNTERS_H
#define _PIDLE_COUNTERS_H

#define PIDLE_CPU_COUNTERS(X) \
	X(requested) X(achieved) X(demoted) X(latency_paid_ns) \
	X(overshoot_ns) X(overshoot_max_ns) X(aborted)
#define PIDLE_DOMAIN_COUNTERS(X) \
	X(usage) X(residency_ns) X(too_deep) X(rejected) X(latency_paid_ns) \
	X(above) X(below)

#endif
