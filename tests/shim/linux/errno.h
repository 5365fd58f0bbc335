/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/errno.h>. */
#ifndef _SHIM_LINUX_ERRNO_H
#define _SHIM_LINUX_ERRNO_H

/* System headers include <linux/errno.h> too: hand them the real one. */
#include_next <linux/errno.h>
#include <errno.h>

#endif
