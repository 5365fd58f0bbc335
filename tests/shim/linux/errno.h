/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace shim of <linux/errno.h>. */
#ifndef _SHIM_LINUX_ERRNO_H
#define _SHIM_LINUX_ERRNO_H

#include <errno.h>

#endif
