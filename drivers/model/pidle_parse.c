// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: tokenizer, number and name checks shared by the
 * states=, topology=, wait= and domain_policy= parsers.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/string.h>
#include "pidle_parse.h"

int pidle_err(struct pidle_err *err, const char *param, const char *fmt, ...)
{
	va_list args;
	int n;

	if (err) {
		err->param = param;
		n = scnprintf(err->msg, sizeof(err->msg), "%s: ", param);
		va_start(args, fmt);
		/* vsnprintf(): the length it wanted, to tell a cut. */
		if (vsnprintf(err->msg + n, sizeof(err->msg) - n, fmt, args) >=
		    (int)(sizeof(err->msg) - n))
			/* Cut: say so, never a silently shorter sentence. */
			strcpy(err->msg + sizeof(err->msg) - sizeof("..."),
			       "...");
		va_end(args);
	}
	return -EINVAL;
}

bool pidle_tok_next(struct pidle_tok *rest, char sep, struct pidle_tok *tok)
{
	size_t i;

	if (!rest->s)
		return false;
	for (i = 0; i < rest->len && rest->s[i] != sep; i++)
		;
	tok->s = rest->s;
	tok->len = i;
	if (i == rest->len) {
		/* Last token: mark the rest consumed. */
		rest->s = NULL;
		rest->len = 0;
	} else {
		rest->s += i + 1;
		rest->len -= i + 1;
	}
	return true;
}

bool pidle_tok_eq(const struct pidle_tok *tok, const char *str)
{
	return strlen(str) == tok->len && !memcmp(tok->s, str, tok->len);
}

static bool pidle_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

struct pidle_tok pidle_tok_trim(const char *str)
{
	struct pidle_tok tok = { .s = str, .len = strlen(str) };

	while (tok.len && pidle_is_space(tok.s[0])) {
		tok.s++;
		tok.len--;
	}
	while (tok.len && pidle_is_space(tok.s[tok.len - 1]))
		tok.len--;
	return tok;
}

int pidle_tok_u64(const struct pidle_tok *tok, u64 max, u64 *out,
		  const char **why)
{
	u64 val = 0;
	size_t i;

	if (!tok->len) {
		*why = "empty";
		return -EINVAL;
	}
	for (i = 0; i < tok->len; i++) {
		char c = tok->s[i];

		if (c < '0' || c > '9') {
			*why = "not a decimal number";
			return -EINVAL;
		}
		/* Checked before the multiply, so val never wraps. */
		if (val > div_u64(max - (u64)(c - '0'), 10)) {
			*why = "too large";
			return -EINVAL;
		}
		val = val * 10 + (u64)(c - '0');
	}
	*out = val;
	return 0;
}

static bool pidle_is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '-';
}

const char *pidle_tok_name_invalid(const struct pidle_tok *tok)
{
	size_t i;

	if (!tok->len)
		return "empty";
	if (tok->len >= PIDLE_NAME_LEN)
		return "longer than 15 characters";
	for (i = 0; i < tok->len; i++)
		if (!pidle_is_name_char(tok->s[i]))
			return "has a character outside [A-Za-z0-9_.-]";
	return NULL;
}

void pidle_tok_quote(const struct pidle_tok *tok, char *buf, size_t size)
{
	/*
	 * Long enough to recognise, short enough for one log line; a token
	 * cut short ends in "..." so that the message does not quote a
	 * prefix as if it were what was written.
	 */
	size_t n = min(tok->len, min(size - 1, (size_t)PIDLE_TOK_QUOTE_MAX));
	bool cut = n < tok->len && size > 4;
	size_t i;

	if (cut)
		n = min(n, size - 4);
	for (i = 0; i < n; i++) {
		unsigned char c = tok->s[i];

		buf[i] = (c >= 0x20 && c < 0x7f) ? c : '?';
	}
	if (cut) {
		memcpy(buf + n, "...", 3);
		n += 3;
	}
	buf[n] = '\0';
}
