/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the libFuzzer targets: splitting an input into the
 * NUL-terminated strings the parsers take, and a check that aborts, so
 * libFuzzer saves the input that broke it.
 */
#ifndef _PIDLE_FUZZ_H
#define _PIDLE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond, fmt, ...) do {					\
	if (!(cond)) {							\
		fprintf(stderr, "fuzz: %s:%d: %s: " fmt "\n", __FILE__,	\
			__LINE__, #cond, ##__VA_ARGS__);		\
		abort();						\
	}								\
} while (0)

/*
 * The first @nr lines of @data, each NUL-terminated in one copy (free it
 * with free(*copy)); missing lines are "". Whatever follows the @nr-th
 * newline is returned in @rest, unterminated: binary for the model target.
 */
static inline void fuzz_split(const uint8_t *data, size_t size, char **copy,
			      const char **line, unsigned int nr,
			      const uint8_t **rest, size_t *rest_len)
{
	char *buf = malloc(size + 1);
	size_t pos = 0;
	unsigned int i;

	if (!buf)
		abort();
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (i = 0; i < nr; i++) {
		char *nl;

		line[i] = buf + pos;
		if (pos == size)
			continue;
		nl = memchr(buf + pos, '\n', size - pos);
		if (!nl) {
			pos = size;
			continue;
		}
		*nl = '\0';
		pos = nl - buf + 1;
	}
	*copy = buf;
	if (rest) {
		*rest = data + pos;
		*rest_len = size - pos;
	}
}

#endif /* _PIDLE_FUZZ_H */
