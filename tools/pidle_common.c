// SPDX-License-Identifier: GPL-2.0
/* The userspace library: messages, numbers, CPU lists, one sysfs value. */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
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

int pidle_output_flush(FILE *f, const char *name)
{
	/*
	 * fflush() fails with the write's errno; a stream whose earlier
	 * write failed and whose buffer went with it has only ferror().
	 */
	int bad = fflush(f) ? errno : ferror(f) ? EIO : 0;

	if (bad)
		return pidle_errorf(PIDLE_EXIT_USAGE, "%s: cannot write: %s.",
				    name, strerror(bad));
	return 0;
}

int pidle_output_close(FILE *f, const char *name)
{
	if (pidle_output_flush(f, name)) {
		fclose(f);
		return PIDLE_EXIT_USAGE;
	}
	if (fclose(f))
		return pidle_errorf(PIDLE_EXIT_USAGE, "%s: cannot write: %s.",
				    name, strerror(errno));
	return 0;
}

const char *pidle_excerpt(const char *s, char *buf, size_t size)
{
	size_t len = strlen(s), keep = len, i;
	char tail[40] = "";

	if (len >= size) {
		snprintf(tail, sizeof(tail), "... (%zu bytes)", len);
		keep = size > strlen(tail) + 1 ? size - strlen(tail) - 1 : 0;
	}
	for (i = 0; i < keep; i++) {
		unsigned char c = s[i];

		buf[i] = c >= 0x20 && c < 0x7f ? c : '?';
	}
	snprintf(buf + keep, size - keep, "%s", tail);
	return buf;
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

bool pidle_parse_duration(const char *s, double unit_s, double lo_s,
			  double hi_s, double *out)
{
	static const struct {
		const char *name;
		double s;
	} units[] = { { "s", 1 }, { "ms", 1e-3 }, { "us", 1e-6 }, { "ns", 1e-9 } };
	double v, v_s;
	unsigned int i;
	char *end;

	errno = 0;
	v = strtod(s, &end);
	if (end == s || errno || !isfinite(v))
		return false;
	v_s = v * unit_s;
	if (*end) {
		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
			if (!strcmp(end, units[i].name))
				break;
		if (i == sizeof(units) / sizeof(units[0]))
			return false;
		v_s = v * units[i].s;
	}
	if (lo_s < 0 ? v_s < 0 : v_s <= lo_s)
		return false;
	if (v_s > hi_s * (1 + 1e-12))
		return false;
	*out = v_s / unit_s;
	return true;
}

void pidle_csv_field(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

void pidle_json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
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

int pidle_read_u64f(unsigned long long *v, const char *fmt, ...)
{
	char path[512], buf[64], *end;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	ret = pidle_read_file(path, buf, sizeof(buf));
	if (ret)
		return ret;
	errno = 0;
	*v = strtoull(buf, &end, 10);
	return *end || end == buf || errno ? -EINVAL : 0;
}

bool pidle_existsf(const char *fmt, ...)
{
	char path[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	return access(path, F_OK) == 0;
}

void pidle_cpuset_set(struct pidle_cpuset *s, long cpu)
{
	if (cpu >= 0 && cpu < PIDLE_CPUSET_BITS)
		s->bit[cpu / 8] |= 1u << (cpu % 8);
}

bool pidle_cpuset_test(const struct pidle_cpuset *s, long cpu)
{
	return cpu >= 0 && cpu < PIDLE_CPUSET_BITS &&
	       (s->bit[cpu / 8] & (1u << (cpu % 8)));
}

int pidle_cpulist_add(struct pidle_cpuset *s, const char *list)
{
	const char *p = list;

	while (*p) {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;

		if (end == p || lo < 0)
			return -1;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		if (hi < lo || hi >= PIDLE_CPUSET_BITS)
			return -1;
		for (; lo <= hi; lo++)
			pidle_cpuset_set(s, lo);
		if (*end && *end != ',')
			return -1;
		p = *end ? end + 1 : end;
	}
	return 0;
}

void pidle_cpulist_print(const struct pidle_cpuset *s, char *buf, size_t size)
{
	size_t len = 0;
	long lo, hi;

	buf[0] = '\0';
	for (lo = 0; lo < PIDLE_CPUSET_BITS; lo = hi + 1) {
		if (!pidle_cpuset_test(s, lo)) {
			hi = lo;
			continue;
		}
		for (hi = lo; pidle_cpuset_test(s, hi + 1); hi++)
			;
		if (len < size)
			len += snprintf(buf + len, size - len, hi > lo ?
					"%s%ld-%ld" : "%s%ld", len ? "," : "", lo, hi);
	}
}

int pidle_format_opt(const char **chosen, int c, int *fmt)
{
	if (pidle_exclusive(chosen, c == 'C' ? "--csv" : "--json", "pick one format"))
		return PIDLE_EXIT_USAGE;
	*fmt = c == 'C' ? PIDLE_OUT_CSV : PIDLE_OUT_JSON;
	return 0;
}

int pidle_pin_arg(const char *prog, const char *arg)
{
	cpu_set_t set;
	long cpu;

	if (!pidle_parse_long(arg, 0, CPU_SETSIZE - 1, &cpu)) {
		fprintf(stderr, "%s: CPU \"%s\": not a CPU number\n", prog, arg);
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		fprintf(stderr, "%s: cpu%ld: %s\n", prog, cpu, strerror(errno));
		return 1;
	}
	return 0;
}

/* Add @name to the '/'-joined title @title unless it is there already. */
void pidle_name_join(char *title, size_t size, const char *name)
{
	size_t n = strlen(name), len = strlen(title);
	const char *p = title;

	if (!len) {
		snprintf(title, size, "%s", name);
		return;
	}
	while (p) {
		if (!strncmp(p, name, n) && (p[n] == '/' || !p[n]))
			return;
		p = strchr(p, '/');
		if (p)
			p++;
	}
	if (len + 1 + n < size)
		snprintf(title + len, size - len, "/%s", name);
}
