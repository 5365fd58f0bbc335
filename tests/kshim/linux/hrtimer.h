/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/hrtimer.h>: only its time types. */
#ifndef _KSHIM_LINUX_HRTIMER_H
#define _KSHIM_LINUX_HRTIMER_H

#include <linux/ktime.h>

#endif
