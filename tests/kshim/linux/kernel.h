/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/kernel.h>: what most kernel files take from it. */
#ifndef _KSHIM_LINUX_KERNEL_H
#define _KSHIM_LINUX_KERNEL_H

#include <stdio.h>
#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/printk.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define BIT(n)		(1UL << (n))
#define min(a, b)	((a) < (b) ? (a) : (b))
#define max(a, b)	((a) > (b) ? (a) : (b))
#define min_t(type, a, b)	min((type)(a), (type)(b))
#define max_t(type, a, b)	max((type)(a), (type)(b))
#define __stringify_1(x)	#x
#define __stringify(x)	__stringify_1(x)

#endif
