/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/jiffies.h>. HZ is the program's choice (kshim_hz, 250 as
 * Debian's kernels by default): TICK_NSEC follows it at run time.
 */
#ifndef _KSHIM_LINUX_JIFFIES_H
#define _KSHIM_LINUX_JIFFIES_H

#include "time.h"

extern unsigned int kshim_hz;
#define HZ		kshim_hz
#define TICK_NSEC	((long)(NSEC_PER_SEC / kshim_hz))

#endif
