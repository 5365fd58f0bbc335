/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/sched/stat.h>: nothing 6.12's menu.c uses. */
