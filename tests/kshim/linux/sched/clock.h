/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/sched/clock.h>: local_clock() is the program's clock. */
#ifndef _KSHIM_LINUX_SCHED_CLOCK_H
#define _KSHIM_LINUX_SCHED_CLOCK_H

#include "../types.h"

u64 local_clock(void);

#endif
