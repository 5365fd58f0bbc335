/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/sched/loadavg.h>: nothing 6.1's menu.c uses of it. */
#ifndef _KSHIM_LINUX_SCHED_LOADAVG_H
#define _KSHIM_LINUX_SCHED_LOADAVG_H
#endif
