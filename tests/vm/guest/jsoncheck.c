// SPDX-License-Identifier: GPL-2.0
/*
 * jsoncheck: is stdin JSON Lines (one JSON value per non-empty line, RFC
 * 8259)? Exit 0 if so; else print where it is not and exit 1. The guests
 * have no jq or python: this checks pidle-stat --json there, and in the
 * host's golden tests.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *p, *line_start;
static int line_no, depth;

static int fail(const char *what)
{
	fprintf(stderr, "jsoncheck: line %d, column %d: %s\n", line_no,
		(int)(p - line_start) + 1, what);
	return -1;
}

static void ws(void)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
}

static int value(void);

static int string(void)
{
	if (*p++ != '"')
		return fail("expected a string");
	while (*p != '"') {
		if ((unsigned char)*p < 0x20)
			return fail("unterminated string or control character in it");
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				int i;

				for (i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
						return fail("bad \\u escape");
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return fail("bad escape");
			}
		}
		p++;
	}
	p++;
	return 0;
}

static int digits(void)
{
	const char *s = p;

	while (*p >= '0' && *p <= '9')
		p++;
	return p > s ? 0 : fail("expected a digit");
}

static int number(void)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (digits())
		return -1;
	if (*p == '.') {
		p++;
		if (digits())
			return -1;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (digits())
			return -1;
	}
	return 0;
}

static int word(const char *w)
{
	size_t n = strlen(w);

	if (strncmp(p, w, n))
		return fail("expected a value");
	p += n;
	return 0;
}

/* '{' members '}' or '[' elements ']'; @obj picks which. */
static int container(int obj)
{
	char close = obj ? '}' : ']';

	if (++depth > 64)
		return fail("nested too deeply");
	p++;
	ws();
	if (*p == close) {
		p++;
		depth--;
		return 0;
	}
	for (;;) {
		ws();
		if (obj) {
			if (string())
				return -1;
			ws();
			if (*p++ != ':')
				return fail("expected ':'");
		}
		if (value())
			return -1;
		ws();
		if (*p == close) {
			p++;
			depth--;
			return 0;
		}
		if (*p++ != ',')
			return fail(obj ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static int value(void)
{
	ws();
	switch (*p) {
	case '{':
		return container(1);
	case '[':
		return container(0);
	case '"':
		return string();
	case 't':
		return word("true");
	case 'f':
		return word("false");
	case 'n':
		return word("null");
	default:
		if (*p == '-' || (*p >= '0' && *p <= '9'))
			return number();
		return fail("expected a value");
	}
}

int main(void)
{
	char *buf = NULL;
	size_t size = 0;
	int values = 0;

	while (getline(&buf, &size, stdin) >= 0) {
		line_no++;
		buf[strcspn(buf, "\n")] = '\0';
		p = line_start = buf;
		ws();
		if (!*p)
			continue;
		if (value())
			return 1;
		ws();
		if (*p) {
			fail("text after the value");
			return 1;
		}
		values++;
	}
	if (!values) {
		fprintf(stderr, "jsoncheck: no JSON value on stdin\n");
		return 1;
	}
	printf("jsoncheck: ok, %d %s\n", values, values == 1 ? "value" : "values");
	return 0;
}
