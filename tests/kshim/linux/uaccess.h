/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <linux/uaccess.h>: nothing the compiled files use. */
