/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What pidle-stat, pidle-bench and pidle-topo share: their messages, the
 * parsing of numeric arguments, and reading and writing one sysfs value.
 */
#ifndef _PIDLE_COMMON_H
#define _PIDLE_COMMON_H

#include <stdbool.h>
#include <stddef.h>

/* The program's name, for messages: main() sets it first. */
extern const char *pidle_prog;

/* "PROG: MESSAGE" and a newline on stderr; returns @status. */
int pidle_errorf(int status, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The same, then "Try 'PROG --help'."; returns 1, the usage error status. */
int pidle_usage_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* All of @s is a number in [@lo, @hi]: stored in @out, true. */
bool pidle_parse_long(const char *s, long lo, long hi, long *out);
/* All of @s is a number in (@lo, @hi]: stored in @out, true. */
bool pidle_parse_double(const char *s, double lo, double hi, double *out);

/*
 * The value of a sysfs file (or any small file) in @buf, without its
 * trailing newline and blanks. Returns 0 or -errno.
 */
int pidle_read_file(const char *path, char *buf, size_t size);

/*
 * Write @len bytes of @buf to the file in one write(), as sysfs wants a
 * value (it hands the kernel what one write() brings). Returns 0 or -errno
 * (-EIO for a short write). Only open(), write() and close(): safe in a
 * signal handler.
 */
int pidle_write_file(const char *path, const char *buf, size_t len);

#endif
