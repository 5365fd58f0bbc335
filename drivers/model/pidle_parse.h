/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudo-cpuidle: helpers private to the configuration parsers. Tokens are
 * (pointer, length) slices of the caller's string, which is never written:
 * the same code parses a module parameter in the kernel and a command-line
 * argument in userspace.
 */
#ifndef _PIDLE_PARSE_H
#define _PIDLE_PARSE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <pidle/config.h>

struct pidle_tok {
	const char *s;
	size_t len;
};

/* Fill @err: "@param: " and the reason; returns -EINVAL. */
__printf(3, 4) int pidle_err(struct pidle_err *err, const char *param,
			     const char *fmt, ...);

/* Split @*rest at the first @sep: the token is returned, @*rest advances. */
bool pidle_tok_next(struct pidle_tok *rest, char sep, struct pidle_tok *tok);
bool pidle_tok_eq(const struct pidle_tok *tok, const char *str);
/* Strip surrounding spaces and one trailing newline (from "echo > file"). */
struct pidle_tok pidle_tok_trim(const char *str);

/*
 * Parse a decimal number no larger than @max. On error, writes into @why a
 * reason fit to follow "...: " in a message, and returns -EINVAL.
 */
int pidle_tok_u64(const struct pidle_tok *tok, u64 max, u64 *out,
		  const char **why);

/*
 * Check a name: 1..PIDLE_NAME_LEN-1 characters of [A-Za-z0-9_.-]. Returns
 * NULL when valid, or the reason.
 */
const char *pidle_tok_name_invalid(const struct pidle_tok *tok);

/*
 * A token for a message, in @buf: @tok printable (at most PIDLE_TOK_QUOTE_MAX characters of it,
 * then "..." when it was longer; a non-printable byte as '?').
 */
#define PIDLE_TOK_QUOTE_MAX	24
void pidle_tok_quote(const struct pidle_tok *tok, char *buf, size_t size);

/*
 * pidle_states.c: one table (NAME:...,NAME:...) into @state; and its print.
 * pidle_config_sets.c: CPUS=TABLE;CPUS=TABLE... into @out, and its print.
 */
int pidle_states_table_parse(struct pidle_tok rest,
			     struct pidle_state_desc *state,
			     unsigned int *nr_states, struct pidle_err *err);
int pidle_states_table_print(const struct pidle_state_desc *state,
			     unsigned int nr_states, char *buf, size_t size);
int pidle_states_sets_parse(struct pidle_tok rest, struct pidle_states *out,
			    struct pidle_err *err);
int pidle_states_sets_print(const struct pidle_states *st, char *buf,
			    size_t size);
int pidle_config_check_sets(const struct pidle_states *st,
			    const struct pidle_topology *topo,
			    struct pidle_err *err);

/*
 * pidle_config_sets.c: the CPUS of a CPUS=VALUE;CPUS=VALUE item, shared by
 * states= and power=. @syn names the parameter and its grammar for the
 * messages ("want CPUS=TABLE;CPUS=TABLE"); @k is the set's index.
 */
struct pidle_set_syntax {
	const char *param;
	const char *want;
};
extern const struct pidle_set_syntax pidle_states_set_syntax;
int pidle_cpu_list_parse(const struct pidle_set_syntax *syn,
			 struct pidle_tok cpus, unsigned int k,
			 struct pidle_cpu_list *set, struct pidle_err *err);
/* "PARAM: set K (CPUS): INNER", INNER without its own "PARAM: ". */
int pidle_set_err(const struct pidle_set_syntax *syn, struct pidle_err *err,
		  unsigned int k, const struct pidle_tok *cpus,
		  const char *inner);
/* The @k-th CPUS=VALUE item: its CPUS into @list, @item left as VALUE. */
int pidle_set_item(const struct pidle_set_syntax *syn, unsigned int k,
		   struct pidle_tok *item, struct pidle_tok *cpus,
		   struct pidle_cpu_list *list, struct pidle_err *err);
/* "CPU N is in set J too" when set @k's @list meets set @j's @prev. */
int pidle_set_disjoint(const struct pidle_set_syntax *syn, unsigned int k,
		       const struct pidle_tok *cpus,
		       const struct pidle_cpu_list *list, unsigned int j,
		       const struct pidle_cpu_list *prev, struct pidle_err *err);
bool pidle_cpu_list_has(const struct pidle_cpu_list *set, unsigned int cpu);
/* The first CPU of @a also in @b, or -1. */
int pidle_cpu_lists_overlap(const struct pidle_cpu_list *a,
			    const struct pidle_cpu_list *b);
bool pidle_cpu_list_equal(const struct pidle_cpu_list *a,
			  const struct pidle_cpu_list *b);

/* pidle_power_sets.c: power= per CPU set, its print and its check. */
int pidle_power_sets_parse(struct pidle_tok rest, struct pidle_states *out,
			   struct pidle_err *err);
int pidle_power_sets_print(const struct pidle_states *st, char *buf,
			   size_t size);
int pidle_power_list_parse(struct pidle_tok rest, struct pidle_level_power *up,
			   unsigned int *nr_up, struct pidle_err *err);
int pidle_power_list_print(const struct pidle_level_power *up,
			   unsigned int nr_up, char *buf, size_t size);
int pidle_config_check_power(const struct pidle_states *st,
			     const struct pidle_topology *topo,
			     struct pidle_err *err);

#endif /* _PIDLE_PARSE_H */
