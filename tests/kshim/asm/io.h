/* SPDX-License-Identifier: GPL-2.0 */
/* kshim: <asm/io.h>: nothing the compiled files use. */
