/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/tick.h>, the nohz queries a cpuidle governor makes. The
 * answers are the program's, for the CPU it runs (kshim_this_cpu): from a
 * recorded trace in tools/replay.
 */
#ifndef _KSHIM_LINUX_TICK_H
#define _KSHIM_LINUX_TICK_H

#include "types.h"
#include "jiffies.h"
#include "ktime.h"

extern bool tick_nohz_enabled;
ktime_t tick_nohz_get_sleep_length(ktime_t *delta_next);
bool tick_nohz_tick_stopped(void);
bool tick_nohz_idle_got_tick(void);

#endif
