// SPDX-License-Identifier: GPL-2.0
/*
 * spin: keep one CPU busy. Pins itself to CPU and spins until killed, so
 * the CPU never goes idle (a guest test's "busy CPU").
 * Usage: spin CPU
 */
#include <stdio.h>

#include "pidle_common.h"

int main(int argc, char **argv)
{
	volatile unsigned long n = 0;
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: spin CPU\n");
		return 2;
	}
	ret = pidle_pin_arg("spin", argv[1]);
	if (ret)
		return ret;
	for (;;)
		n++;
}
