// SPDX-License-Identifier: GPL-2.0
/* pidlecfg: "refuse", malformed values, each refused exactly when the parser refuses it. */
#define _GNU_SOURCE
#include "pidlecfg.h"

static int kmsg_fd = -1;

/* The module's log lines since the last call, \xNN escapes undone. */
static unsigned int kmsg_take(char lines[][512], unsigned int max)
{
	char rec[2048];
	unsigned int n = 0;
	ssize_t len;

	while ((len = read(kmsg_fd, rec, sizeof(rec) - 1)) > 0 || (len < 0 && errno == EPIPE)) {
		char *msg, *out;
		const char *s;

		if (len < 0)
			continue;	/* overwritten records: read on */
		rec[len] = '\0';
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		*strchrnul(msg, '\n') = '\0';
		if (strncmp(msg, "pseudo_cpuidle: ", 16))
			continue;
		if (n < max) {
			out = lines[n];
			for (s = msg; *s && out < lines[n] + 511; s++) {
				unsigned int b;

				if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &b) == 1) {
					*out++ = (char)b;
					s += 3;
				} else {
					*out++ = *s;
				}
			}
			*out = '\0';
		}
		n++;
	}
	return n;
}

/* Sum of the model's requested counters: only grows while a model lives. */
static unsigned long long requested_sum(const struct view *v)
{
	unsigned long long s = 0, x;
	unsigned int cpu, k;

	for (cpu = 0; cpu < nr_cpus; cpu++)
		for (k = 0; k < v->st.nr_states; k++)
			if (!pidle_read_u64f(&x, PSYS "/cpu%u/state%u/requested", cpu, k))
				s += x;
	return s;
}

/*
 * What the module must do with @val for parameter @p, given the
 * configuration in force @v: the parse and the model build it does
 * itself. Returns 0 and the canonical read-back in @canon, or the error.
 */
static int oracle(int p, const char *val, const struct view *v, char *canon,
		  size_t size, struct pidle_err *err)
{
	struct pidle_states st = v->st;
	struct pidle_topology topo;
	struct pidle_model *m;
	enum pidle_wait w;
	enum pidle_policy pol;
	int ret;

	switch (p) {
	case P_WAIT:
		ret = pidle_wait_parse(val, &w, err);
		if (!ret)
			snprintf(canon, size, "%s", pidle_wait_name(w));
		return ret;
	case P_POLICY:
		ret = pidle_policy_parse(val, &pol, err);
		if (!ret)
			snprintf(canon, size, "%s", pidle_policy_name(pol));
		return ret;
	case P_STATES:
		ret = pidle_states_parse(val, &st, err);
		if (ret)
			return ret;
		ret = pidle_model_create(&st, &v->topo, v->pol, &m, err);
		if (ret)
			return ret;
		pidle_model_destroy(m);
		return pidle_states_print(&st, canon, size) < 0 ? -ENOSPC : 0;
	default:
		ret = pidle_topology_parse(val, nr_cpus, &topo, err);
		if (ret)
			return ret;
		ret = pidle_model_create(&v->st, &topo, v->pol, &m, err);
		if (!ret) {
			pidle_model_destroy(m);
			ret = pidle_topology_print(&topo, canon, size) < 0 ? -ENOSPC : 0;
		}
		pidle_topology_free(&topo);
		return ret;
	}
}

static unsigned long n_refused, n_accepted, n_class[8];

/* Printable for a diagnostic: non-ASCII as \xNN. */
static const char *show(const char *s, size_t len)
{
	static char buf[600];
	size_t i, n = 0;

	for (i = 0; i < len && n < sizeof(buf) - 8; i++) {
		unsigned char c = s[i];

		if (c >= ' ' && c < 127)
			buf[n++] = c;
		else
			n += snprintf(buf + n, sizeof(buf) - n, "\\x%02x", c);
	}
	buf[n] = '\0';
	return buf;
}

/*
 * One candidate. Refused by the parser: the write must fail with EINVAL,
 * log exactly one line that carries the parser's message and names the
 * parameter, and leave everything as it was: the four parameters read back
 * the same, and the model in force keeps counting (its requested counters
 * did not restart). Accepted by the parser (a truncation that is still a
 * table, say): the write must succeed and read back canonical; then the
 * old value is written back.
 */
static void refuse_one(int p, int cls, const char *val, size_t len)
{
	char canon[PIDLE_PARAM_LEN], back[PIDLE_PARAM_LEN], lines[4][512];
	struct pidle_err err = { 0 };
	unsigned long long r0, r1;
	struct view v, after;
	unsigned int nl;
	char *cval;
	int e, want;

	/* sysfs hands the module no empty write: it never sees one. */
	if (!len || read_view(&v))
		return;
	cval = strndup(val, len);
	want = oracle(p, cval, &v, canon, sizeof(canon), &err);
	r0 = requested_sum(&v);
	kmsg_take(lines, 0);
	e = write_param(pname[p], val, len);
	nl = kmsg_take(lines, 4);
	if (want == 0) {
		n_accepted++;
		if (e)
			bad("%s=\"%s\": refused (%s), the parser accepts it", pname[p],
			    show(val, len), strerror(e));
		if (!e) {
			char path[128];
			const char *old = p == P_STATES ? v.states :
					  p == P_TOPOLOGY ? v.topology :
					  p == P_WAIT ? v.wait : v.policy;

			snprintf(path, sizeof(path), PARAMS "/%s", pname[p]);
			if (pidle_read_file(path, back, sizeof(back)) || strcmp(back, canon))
				bad("%s=\"%s\": reads back as \"%s\", want \"%s\"", pname[p],
				    show(val, len), back, canon);
			e = write_param(pname[p], old, strlen(old));
			if (e)
				bad("%s: cannot write back \"%s\": %s", pname[p], old, strerror(e));
		}
		goto out;
	}
	n_refused++;
	n_class[cls]++;
	if (e != EINVAL)
		bad("%s=\"%s\": write gave %s, want EINVAL (%s)", pname[p], show(val, len),
		    e ? strerror(e) : "success", err.msg);
	if (nl != 1)
		bad("%s=\"%s\": %u log lines, want 1", pname[p], show(val, len), nl);
	else if (!strstr(lines[0], err.msg) || !strstr(lines[0], pname[p]))
		bad("%s=\"%s\": log line \"%s\" lacks the parser's \"%s\"", pname[p],
		    show(val, len), lines[0], err.msg);
	if (read_view(&after) == 0) {
		if (!same_view(&v, &after))
			bad("%s=\"%s\": refused, but the configuration changed", pname[p],
			    show(val, len));
		r1 = requested_sum(&after);
		if (r1 < r0)
			bad("%s=\"%s\": refused, but the counters restarted (%llu -> %llu)",
			    pname[p], show(val, len), r0, r1);
		free_view(&after);
	}
out:
	free(cval);
	free_view(&v);
}

#define VS "POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package"
#define VT "core=0-1,2-3;package=0-3"

enum { C_TRUNC, C_NUMBER, C_SEP, C_BYTES, C_FIELD, C_WORD };
static const char *const class_name[] = {
	"truncations", "huge or malformed numbers", "wrong separators",
	"non-ASCII or control bytes", "one field broken", "bad words",
};

/* @base with [at, at + cut) replaced by @ins. */
static void variant(int p, int cls, const char *base, size_t at, size_t cut,
		   const char *ins)
{
	char buf[PIDLE_PARAM_LEN];
	size_t bl = strlen(base), il = strlen(ins);

	if (at + cut > bl || bl - cut + il >= sizeof(buf))
		return;
	memcpy(buf, base, at);
	memcpy(buf + at, ins, il);
	memcpy(buf + at + il, base + at + cut, bl - at - cut);
	refuse_one(p, cls, buf, bl - cut + il);
}

/* Each occurrence of a character class in @base, replaced by each of @subs. */
static void each_char(int p, int cls, const char *base, const char *chars,
		      const char *const *subs)
{
	size_t i;
	const char *const *s;

	for (i = 0; base[i]; i++)
		if (strchr(chars, base[i]))
			for (s = subs; *s; s++)
				variant(p, cls, base, i, 1, *s);
}

/* Each maximal run of digits in @base, replaced by each of @subs. */
static void each_number(int p, const char *base, const char *const *subs)
{
	size_t i = 0, j;
	const char *const *s;

	while (base[i]) {
		if (!isdigit((unsigned char)base[i])) {
			i++;
			continue;
		}
		for (j = i; isdigit((unsigned char)base[j]); j++)
			;
		for (s = subs; *s; s++)
			variant(p, C_NUMBER, base, i, j - i, *s);
		i = j;
	}
}

int refuse(void)
{
	static const char *const numbers[] = {
		"10000001", "18446744073709551615", "18446744073709551616",
		"99999999999999999999999999999", "-1", "+1", "0x10", "1e3", "1.5",
		"", " 1", "8192", NULL,
	};
	static const char *const table_seps[] = { ";", ".", " ", "|", ",,", "=", "::", "\t", NULL };
	static const char *const topo_seps[] = { ":", ",", ";", "+", "..", " ", "-", NULL };
	static const char *const bytes[] = {
		"\xff", "\x80", "\xc3\xa9", "\x01", "\x7f", "\xd9\xa3", "\xe2\x80\x8b", NULL,
	};
	static const char *const broken_states[] = {
		/* one field broken in a valid table */
		":0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,ABCDEFGHIJKLMNOP:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1!:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:nosuch,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:cpu",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:1:2",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:x",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:1000000001",
		"POLL:0:0,C1:2:2,C1E:10:1,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1E:1:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0:core,C1:2:2",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package,",
		",POLL:0:0",
		"POLL:0:0,,C1:2:2",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:",
		"POLL:0:0,A:1:1,B:2:2,C:3:3,D:4:4,E:5:5,F:6:6,G:7:7,H:8:8,I:9:9,J:10:10",
		"POLL:0:0,A:1:1:core,B:2:2:core,C:3:3:core,D:4:4:core,E:5:5:core",
		"POLL:0:0,C1:2:2:,C1E:10:20",
		"POLL:0:0,C1:2:2:core:5,C1E:10:20",
		",", ",,", " ", "\n", ":", "::", NULL,
	};
	static const char *const broken_topo[] = {
		"core=0-1,1-3;package=0-3",	/* overlap */
		"core=0-1,2;package=0-3",	/* a hole */
		"core=0-1,2-4;package=0-4",	/* a CPU the machine lacks */
		"core=0-1,2-3,8192;package=0-3",
		"core=1-0,2-3;package=0-3",
		"core=0-1,2-3;package=0-2,3",	/* does not nest */
		"core=0-1,2-3;package",
		"core=0-1,2-3;core=0-3",
		"cpu=0-1,2-3;package=0-3",
		"a=0-3;b=0-3;c=0-3;d=0-3;e=0-3;f=0-3",
		"core=0-1,2-3;;package=0-3",
		"core=;package=0-3",
		"core=0++1,2-3;package=0-3",
		"core=0-1,,2-3;package=0-3",
		"package=0-3",			/* no level core for C6 */
		"cluster=0-1,2-3;package=0-3",
		"none", "autox", "core=0-3-9;package=0-3",
		"core=0-1,2-3;package=0-3;", NULL,
	};
	static const char *const words[] = {
		"", " ", "Poll", "POLL", "halt2", "poll halt", "poll,halt", "h", "\xff",
		"halt\xc3\xa9", "auto ", "timer\t1", "1", "pollpollpollpollpollpollpollpollpollpollpollpollpollpollpollpollpoll",
		NULL,
	};
	const char *const *s;
	struct view v;
	size_t i;
	int c;

	if (read_view(&v))
		return 1;
	if (strcmp(v.states, VS) || strcmp(v.topology, VT)) {
		fprintf(stderr, "pidlecfg: refuse wants states=%s topology=%s in force\n",
			VS, VT);
		free_view(&v);
		return 2;
	}
	free_view(&v);
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd < 0) {
		fprintf(stderr, "pidlecfg: /dev/kmsg: %s\n", strerror(errno));
		return 2;
	}
	lseek(kmsg_fd, 0, SEEK_END);

	/* states=, against topology VT */
	for (i = 0; i < strlen(VS); i++)
		variant(P_STATES, C_TRUNC, VS, i, strlen(VS) - i, "");
	each_number(P_STATES, VS, numbers);
	each_char(P_STATES, C_SEP, VS, ",:", table_seps);
	for (s = bytes; *s; s++) {
		for (i = 0; VS[i]; i++)
			/* inside each name and level, and in a number */
			if (i && (VS[i - 1] == ',' || VS[i] == ':' || i == 5))
				variant(P_STATES, C_BYTES, VS, i, 0, *s);
	}
	for (s = broken_states; *s; s++)
		refuse_one(P_STATES, C_FIELD, *s, strlen(*s));

	/* topology=, against the states VS */
	for (i = 0; i < strlen(VT); i++)
		variant(P_TOPOLOGY, C_TRUNC, VT, i, strlen(VT) - i, "");
	each_number(P_TOPOLOGY, VT, numbers);
	each_char(P_TOPOLOGY, C_SEP, VT, ",;=-", topo_seps);
	for (s = bytes; *s; s++) {
		variant(P_TOPOLOGY, C_BYTES, VT, 2, 0, *s);
		variant(P_TOPOLOGY, C_BYTES, VT, 5, 0, *s);
		variant(P_TOPOLOGY, C_BYTES, VT, 8, 0, *s);
	}
	for (s = broken_topo; *s; s++)
		refuse_one(P_TOPOLOGY, C_FIELD, *s, strlen(*s));

	/* wait= and domain_policy= */
	for (s = words; *s; s++) {
		refuse_one(P_WAIT, C_WORD, *s, strlen(*s));
		refuse_one(P_POLICY, C_WORD, *s, strlen(*s));
	}

	printf("# pidlecfg: refuse: %lu values refused with the parser's message and nothing changed, %lu accepted by the parser and the module alike (then written back)\n",
	       n_refused, n_accepted);
	for (c = 0; c <= C_WORD; c++)
		printf("# pidlecfg:   %lu refused: %s\n", n_class[c], class_name[c]);
	printf("# pidlecfg: %lu failures\n", failures);
	return failures ? 1 : 0;
}

