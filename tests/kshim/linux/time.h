/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/time.h>: the unit constants. */
#ifndef _KSHIM_LINUX_TIME_H
#define _KSHIM_LINUX_TIME_H

#define MSEC_PER_SEC	1000L
#define USEC_PER_MSEC	1000L
#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define USEC_PER_SEC	1000000L
#define NSEC_PER_SEC	1000000000L

#endif
