// SPDX-License-Identifier: GPL-2.0
/* What the userspace tools share: messages, numbers, one sysfs value. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pidle_common.h"

const char *pidle_prog = "pidle";

static void pidle_vmsg(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", pidle_prog);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

int pidle_errorf(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pidle_vmsg(fmt, ap);
	va_end(ap);
	return status;
}

int pidle_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pidle_vmsg(fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try '%s --help'.\n", pidle_prog);
	return PIDLE_EXIT_USAGE;
}

int pidle_bad_arg(const char *what, const char *arg, const char *why)
{
	return pidle_usage_error("invalid %s '%s': %s.", what, arg, why);
}

int pidle_bad_option(int c, char **argv)
{
	const char *opt = argv[optind - 1];
	char shortopt[3] = { '-', (char)optopt, 0 };
	int len;

	/* A short option may sit in a cluster (-vx): name the letter. */
	if (optopt && strncmp(opt, "--", 2))
		opt = shortopt;
	/* --option=value: the option alone */
	len = strchr(opt, '=') ? (int)(strchr(opt, '=') - opt) : (int)strlen(opt);
	if (c == ':')
		return pidle_usage_error("option '%.*s' needs an argument.", len, opt);
	return pidle_usage_error("unknown option '%.*s'.", len, opt);
}

int pidle_exclusive(const char **chosen, const char *opt, const char *why)
{
	if (*chosen && strcmp(*chosen, opt))
		return pidle_usage_error("options %s and %s cannot be combined: %s.",
					 *chosen, opt, why);
	*chosen = opt;
	return 0;
}

bool pidle_parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return !*end && end != s && !errno && *out >= lo && *out <= hi;
}

bool pidle_parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return !*end && end != s && !errno && *out > lo && *out <= hi;
}

int pidle_read_file(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd, e;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	e = errno;
	close(fd);
	if (n < 0)
		return -e;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

int pidle_write_file(const char *path, const char *buf, size_t len)
{
	ssize_t n;
	int fd, e;

	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return -errno;
	n = write(fd, buf, len);
	e = n < 0 ? errno : EIO;
	if (close(fd) && n == (ssize_t)len)
		return -errno;
	return n == (ssize_t)len ? 0 : -e;
}
