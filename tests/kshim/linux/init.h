/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kshim: <linux/init.h>. An initcall runs as a constructor: the program's
 * registries (cpuidle_register_governor() ...) are filled before main().
 */
#ifndef _KSHIM_LINUX_INIT_H
#define _KSHIM_LINUX_INIT_H

#include "compiler.h"

#define kshim_initcall(fn)						\
	static void __attribute__((constructor)) __kshim_init_##fn(void) \
	{								\
		(void)fn();						\
	}
#define core_initcall(fn)	kshim_initcall(fn)
#define postcore_initcall(fn)	kshim_initcall(fn)
#define device_initcall(fn)	kshim_initcall(fn)
#define late_initcall(fn)	kshim_initcall(fn)

#endif
