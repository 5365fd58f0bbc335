/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: what ended each idle period (pidle_wake.c). Driver
 * data, per CPU; the model core knows nothing of it.
 */
#ifndef _PIDLE_WAKE_H
#define _PIDLE_WAKE_H

#include <linux/types.h>

struct cpuidle_device;
struct cpuidle_driver;
struct pidle_exit_info;
struct pidle_model;

/* What ended an idle period; the order of the sysfs files and the tools. */
enum pidle_wake_src {
	PIDLE_WAKE_SRC_TIMER,	/* the CPU's own timer interrupt */
	PIDLE_WAKE_SRC_IPI,	/* reschedule or function-call IPI */
	PIDLE_WAKE_SRC_DEVICE,	/* any other interrupt */
	PIDLE_WAKE_SRC_UNKNOWN,	/* the wait could not see it */
	PIDLE_WAKE_SRC_ABORTED,	/* pending at entry: no idle period */
	PIDLE_WAKE_SRC_NR,
};

/* The names, as sysfs (wake_NAME), the tracepoint and the tools spell them. */
#define PIDLE_WAKE_SRC_NAMES(X) \
	X(timer) X(ipi) X(device) X(unknown) X(aborted)

const char *pidle_wake_src_name(enum pidle_wake_src src);

/* pidle_enter.c: the source of a wait that just ended, interrupts masked. */
enum pidle_wake_src pidle_wake_classify(bool polling, bool halt, bool resched);
void pidle_wake_count(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		      unsigned int state, enum pidle_wake_src src,
		      const struct pidle_exit_info *xi, u64 residency_ns);

/* Mispredictions per source: cpuidle's above and below, split by source. */
enum pidle_wake_miss {
	PIDLE_WAKE_ABOVE,	/* too deep: shorter than the target residency */
	PIDLE_WAKE_BELOW,	/* too shallow: a deeper enabled state would do */
	PIDLE_WAKE_MISS_NR,
};
u64 pidle_wake_miss_read(unsigned int cpu, unsigned int state,
			 enum pidle_wake_src src, enum pidle_wake_miss miss);

/* sysfs: counts since the last reset. */
u64 pidle_wake_cpu_read(unsigned int cpu, unsigned int state,
			enum pidle_wake_src src);
u64 pidle_wake_domain_read(const struct pidle_model *m, unsigned int level,
			   unsigned int dom, unsigned int state,
			   enum pidle_wake_src src);
void pidle_wake_reset_cpu(unsigned int cpu);
void pidle_wake_reset_domain(const struct pidle_model *m, unsigned int level,
			     unsigned int dom);
void pidle_wake_reset_all(void);
/* Whether the wait in force can see the source: "exact" or why not. */
const char *pidle_wake_exactness(void);

#endif /* _PIDLE_WAKE_H */
