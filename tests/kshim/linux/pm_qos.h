/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/pm_qos.h>: the constants as the kernel's; the reads of a
 * device's and of the global CPU latency constraint are the test's.
 */
#ifndef _KSHIM_LINUX_PM_QOS_H
#define _KSHIM_LINUX_PM_QOS_H

#include "kernel.h"
#include "time.h"

#ifndef S32_MAX
#define S32_MAX	((s32)(U32_MAX >> 1))
#endif
#ifndef U32_MAX
#define U32_MAX	((u32)~0U)
#endif

struct device;

#define PM_QOS_LATENCY_ANY			S32_MAX
#define PM_QOS_LATENCY_ANY_NS	((s64)PM_QOS_LATENCY_ANY * NSEC_PER_USEC)
#define PM_QOS_RESUME_LATENCY_DEFAULT_VALUE	PM_QOS_LATENCY_ANY
#define PM_QOS_RESUME_LATENCY_NO_CONSTRAINT	PM_QOS_LATENCY_ANY
#define PM_QOS_RESUME_LATENCY_NO_CONSTRAINT_NS	PM_QOS_LATENCY_ANY_NS

enum dev_pm_qos_req_type {
	DEV_PM_QOS_RESUME_LATENCY = 1,
	DEV_PM_QOS_LATENCY_TOLERANCE,
	DEV_PM_QOS_MIN_FREQUENCY,
	DEV_PM_QOS_MAX_FREQUENCY,
	DEV_PM_QOS_FLAGS,
};

s32 cpu_latency_qos_limit(void);
s32 dev_pm_qos_read_value(struct device *dev, enum dev_pm_qos_req_type type);
s32 __dev_pm_qos_resume_latency(struct device *dev);
s32 dev_pm_qos_raw_resume_latency(struct device *dev);

#endif
