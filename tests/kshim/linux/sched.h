/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/sched.h>: nothing 6.1's menu.c uses of it (it includes
 * the header; the name is kept off the system's <linux/sched.h>, the UAPI
 * clone flags, which does not compile here).
 */
#ifndef _KSHIM_LINUX_SCHED_H
#define _KSHIM_LINUX_SCHED_H
#endif
