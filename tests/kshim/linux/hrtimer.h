/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/hrtimer.h>: nothing the compiled files use. */
#ifndef _KSHIM_LINUX_HRTIMER_H
#define _KSHIM_LINUX_HRTIMER_H

#include "ktime.h"

#endif
