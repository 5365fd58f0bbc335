// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-replay: a trace's text, line by line, into events (see the DOC
 * block of pidle_rp_trace.c for what they are for). Reads trace-cmd
 * report's text, with or without -t, and the tracefs trace file; refuses
 * a line cut short, a time going backwards, lost events, a line that is
 * not an event, an event without its fields, and a number beyond what
 * the reader keeps: a CPU beyond the module's PIDLE_MAX_CPUS (the tables
 * are sized from it), a time beyond ktime_t's range (the clocks' offset
 * is a difference of two), a state beyond cpuidle's.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <pidle/limits.h>
#include "pidle_rp_priv.h"

#define RP_HUGE_PAGE	((uintptr_t)2 << 20)	/* x86-64's PMD page */

/* ktime_t's range: a time (ns) the recorded kernel could print */
#define RP_KTIME_MAX	((u64)LLONG_MAX)

int pidle_rp_fail(struct rp_load *l, const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	n = snprintf(l->err, l->errlen, "%s: ", l->name);
	va_start(ap, fmt);
	vsnprintf(l->err + n, l->errlen - n, fmt, ap);
	va_end(ap);
	/* one line on a terminal, whatever bytes of the trace it quotes */
	for (p = l->err; *p; p++)
		if (((unsigned char)*p < ' ' && *p != '\t') || *p == 0x7f)
			*p = '?';
	return -1;
}

/*
 * A large array on huge pages where the kernel gives them for the asking
 * (transparent_hugepage "madvise"): the events of a million periods are
 * some 200 MB, and faulting them in 4 kB at a time cost a fifth of the
 * replay's time end to end (perf, bench/replay.sh's trace.dat row). Only
 * on an array that is not realloc()ed after: glibc moves a huge-page one
 * by copying.
 */
void pidle_rp_hugepages(void *p, size_t bytes)
{
	uintptr_t a = ((uintptr_t)p + RP_HUGE_PAGE - 1) & ~(RP_HUGE_PAGE - 1);
	uintptr_t end = ((uintptr_t)p + bytes) & ~(RP_HUGE_PAGE - 1);

	if (p && end > a)
		madvise((void *)a, end - a, MADV_HUGEPAGE);	/* a hint */
}

void *pidle_rp_grow(void *p, size_t *cap, size_t want, size_t size)
{
	size_t n = *cap ? *cap : 1024;
	void *q;

	if (want <= *cap)
		return p;
	while (n < want)
		n *= 2;
	q = realloc(p, n * size);
	if (!q)
		return NULL;
	*cap = n;
	return q;
}

/* The value of "KEY=VALUE" in @s (the event's fields), or NULL. */
static const char *rp_field(const char *s, const char *key)
{
	size_t kl = strlen(key);
	const char *p = s;

	while ((p = strstr(p, key))) {
		if ((p == s || p[-1] == ' ' || p[-1] == '\t') && p[kl] == '=')
			return p + kl + 1;
		p += kl;
	}
	return NULL;
}

static bool rp_u64(const char *v, u64 *out)
{
	char *end;

	/* errno: ERANGE when the number did not fit, 0 otherwise */
	errno = 0;
	if (!v || !(isdigit((unsigned char)*v) || *v == '-'))
		return false;
	if (*v == '-') {
		long long x = strtoll(v, &end, 0);

		*out = (u64)x;
	} else {
		*out = strtoull(v, &end, 0);
	}
	return !errno && end != v && (!*end || isspace((unsigned char)*end) ||
				     *end == ',' || *end == ')');
}

/*
 * The token at @v (up to a blank, a comma or a parenthesis), for a
 * message: "%.*s" with rp_tok_len().
 */
static int rp_tok_len(const char *v)
{
	size_t n = strcspn(v, " \t,)");

	return n > 40 ? 40 : (int)n;
}

/*
 * A CPU number of the trace, the line's [CPU] or a field: the module
 * numbers at most PIDLE_MAX_CPUS CPUs, and every table of the reader is
 * sized from the largest number seen. @shown names it in the message
 * ("cpu_id=70000"); @range_err: it did not even fit 64 bits. 0, or -1
 * with the message.
 */
static int rp_cpu_num(struct rp_load *l, size_t lineno, const char *shown,
		      u64 x, bool range_err, uint32_t *cpu)
{
	if (range_err || x >= PIDLE_MAX_CPUS)
		return pidle_rp_fail(l, "line %zu: %s: beyond the module's limit of %u CPUs (PIDLE_MAX_CPUS: CPUs 0-%u)",
				     lineno, shown, PIDLE_MAX_CPUS,
				     PIDLE_MAX_CPUS - 1);
	*cpu = x;
	return 0;
}

/*
 * The CPU in field @key of @f. 1 when the field is missing or not a
 * number (the caller's "without the fields"), 0, or -1 with the message.
 */
static int rp_cpu_field(struct rp_load *l, size_t lineno, const char *f,
			const char *key, uint32_t *cpu)
{
	const char *v = rp_field(f, key);
	char shown[64];
	char *end;
	u64 x;

	if (!v || !(isdigit((unsigned char)*v) || *v == '-'))
		return 1;
	errno = 0;
	x = strtoull(v, &end, 10);
	if (end == v || (*end && !isspace((unsigned char)*end) && *end != ','))
		return 1;
	snprintf(shown, sizeof(shown), "%s=%.*s", key, rp_tok_len(v), v);
	/* "-1": strtoull() negates it, a CPU beyond any limit */
	return rp_cpu_num(l, lineno, shown, x, errno == ERANGE || *v == '-',
			  cpu) ? -1 : 0;
}

/*
 * A ktime_t field (ns) of @f: 0 to KTIME_MAX, as the kernel prints it;
 * what is beyond would overflow the clocks' offset. 1 when missing or
 * not a number, 0, or -1 with the message.
 */
static int rp_ktime_field(struct rp_load *l, size_t lineno, const char *f,
			  const char *key, u64 *out)
{
	const char *v = rp_field(f, key);

	if (!v)
		return 1;
	if (!rp_u64(v, out)) {
		if (errno != ERANGE)
			return 1;
	} else if (*v != '-' && *out <= RP_KTIME_MAX) {
		return 0;
	}
	return pidle_rp_fail(l, "line %zu: %s=%.*s: not a time of 0 to %llu ns (KTIME_MAX)",
			     lineno, key, rp_tok_len(v), v, RP_KTIME_MAX);
}

/* A pointer printed by %p or %px (hex with or without 0x): its bits. */
static bool rp_ptr(const char *v, u64 *out)
{
	char *end;

	if (!v)
		return false;
	*out = strtoull(v, &end, 16);
	return end != v;
}

bool pidle_rp_is_tick_fn(const char *f)
{
	return f && (!strncmp(f, "tick_nohz_handler", 17) ||
		     !strncmp(f, "tick_sched_timer", 16) ||
		     !strncmp(f, "tick_nohz_highres_handler", 25));
}

int pidle_rp_level(struct rp_load *l, const char *v)
{
	char name[16];
	unsigned int i;
	size_t n = strcspn(v, " \t");

	if (n >= sizeof(name))
		n = sizeof(name) - 1;
	memcpy(name, v, n);
	name[n] = '\0';
	for (i = 0; i < l->nr_levels; i++)
		if (!strcmp(l->level_name[i], name))
			return i;
	if (l->nr_levels == PIDLE_RP_MAX_LEVELS)
		return -1;
	strcpy(l->level_name[l->nr_levels], name);
	return l->nr_levels++;
}

static int rp_fields(struct rp_load *l, size_t lineno, const char *ev,
		     const char *f)
{
	return pidle_rp_fail(l, "line %zu: %s event without the fields it should have ('%.80s')",
			     lineno, ev, f);
}

/*
 * One line: "COMM-PID [CPU] [FLAGS] SECS.FRAC: EVENT: FIELDS". 1 when it
 * is an event, 0 when it is a line to skip, -1 on error.
 */
static int rp_line(struct rp_load *l, char *s, size_t lineno,
		   u64 *last_t)
{
	struct rp_ev e = { .line = lineno };
	char *p, *q, *ev, *f;
	u64 cpu, secs, frac = 0, x;
	uint32_t cpu_id;
	bool range_err;
	int ret;
	int digits = 0;
	const char *v;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || *s == '#')
		return 0;
	if (strstr(s, "[LOST") || strstr(s, "LOST EVENTS"))
		return pidle_rp_fail(l, "line %zu: the trace lost events ('%.60s'): a hole in the periods; record again with a larger buffer (trace-cmd record -b)",
			       lineno, s);
	if (!strncmp(s, "cpus=", 5)) {
		errno = 0;
		x = strtoull(s + 5, &q, 10);
		if (!isdigit((unsigned char)s[5]) || errno || !x ||
		    (*q && !isspace((unsigned char)*q)) || x > PIDLE_MAX_CPUS)
			return pidle_rp_fail(l, "line %zu: %.*s: not a CPU count of 1 to %u (PIDLE_MAX_CPUS)",
					     lineno, rp_tok_len(s), s, PIDLE_MAX_CPUS);
		l->hdr_cpus = x;
		return 0;
	}
	if (!strncmp(s, "CPU ", 4) && strstr(s, "is empty"))
		return 0;
	/* headers; not the events of the recorder, "trace-cmd-PID [CPU]" */
	if (!strncmp(s, "version", 7) ||
	    (!strncmp(s, "trace-cmd", 9) &&
	     !(s[9] == '-' && isdigit((unsigned char)s[10]))))
		return 0;
	/* the CPU: the first " [digits]" */
	for (p = s; (p = strchr(p, '[')); p++) {
		if (!isdigit((unsigned char)p[1]))
			continue;
		errno = 0;
		cpu = strtoull(p + 1, &q, 10);
		if (*q == ']')
			break;
	}
	if (!p)
		goto bad;
	range_err = errno == ERANGE;
	if (range_err || cpu >= PIDLE_MAX_CPUS) {
		char shown[64];

		snprintf(shown, sizeof(shown), "CPU [%.*s]",
			 (int)(q - p - 1 > 40 ? 40 : q - p - 1), p + 1);
		return rp_cpu_num(l, lineno, shown, cpu, range_err, &cpu_id);
	}
	e.cpu = cpu;
	p = q + 1;
	/* the flags (tracefs: "d..1."), then the time */
	for (;;) {
		while (*p == ' ')
			p++;
		q = p;
		while (isdigit((unsigned char)*q))
			q++;
		if (q > p && *q == '.' && isdigit((unsigned char)q[1]))
			break;
		if (!*p || isdigit((unsigned char)*p))
			goto bad;
		p += strcspn(p, " ");
	}
	errno = 0;
	secs = strtoull(p, NULL, 10);
	range_err = errno == ERANGE;
	for (q++; isdigit((unsigned char)*q); q++, digits++)
		if (digits < 9)
			frac = frac * 10 + (*q - '0');
	if (*q != ':' || digits < 6)
		goto bad;
	for (; digits < 9; digits++)
		frac *= 10;
	/* a ktime_t, as the kernel's clocks: the offset between them fits */
	if (range_err || secs > RP_KTIME_MAX / 1000000000ULL ||
	    secs * 1000000000ULL > RP_KTIME_MAX - frac)
		return pidle_rp_fail(l, "line %zu: time %.*s: beyond %llu.%09llu s (KTIME_MAX)",
				     lineno, (int)(q - p > 40 ? 40 : q - p), p,
				     RP_KTIME_MAX / 1000000000ULL,
				     RP_KTIME_MAX % 1000000000ULL);
	e.t = secs * 1000000000ULL + frac;
	if (e.t < *last_t)
		return pidle_rp_fail(l, "line %zu: time %llu.%09llu is before the line above's %llu.%09llu: events out of order (a trace is sorted by time; do not concatenate traces)",
			       lineno, e.t / 1000000000, e.t % 1000000000,
			       *last_t / 1000000000, *last_t % 1000000000);
	*last_t = e.t;
	ev = q + 1;
	while (*ev == ' ')
		ev++;
	f = strchr(ev, ':');
	if (!f)
		goto bad;
	*f++ = '\0';
	/* "system:event" in some outputs: the event's own name */
	if ((q = strrchr(ev, ':')))
		ev = q + 1;

	if (!strcmp(ev, "cpu_idle")) {
		if (!rp_u64(rp_field(f, "state"), &x))
			goto fields;
		ret = rp_cpu_field(l, lineno, f, "cpu_id", &cpu_id);
		if (ret)
			return ret < 0 ? -1 : rp_fields(l, lineno, ev, f);
		e.cpu = cpu_id;
		/* the exit: PWR_EVENT_EXIT, (u32)-1, printed either way */
		if (x != 4294967295ULL && x != ULLONG_MAX && x >= PIDLE_RP_MAX_STATES)
			return pidle_rp_fail(l, "line %zu: state=%.*s: beyond cpuidle's %d states (CPUIDLE_STATE_MAX)",
					     lineno, rp_tok_len(rp_field(f, "state")),
					     rp_field(f, "state"), PIDLE_RP_MAX_STATES);
		e.type = EV_IDLE;
		e.c = x < PIDLE_RP_MAX_STATES ? x : EV_IDLE_EXIT;
		l->need[NEED_CPU_IDLE]++;
	} else if (!strcmp(ev, "hrtimer_start")) {
		if (!rp_ptr(rp_field(f, "hrtimer"), &e.a) ||
		    !rp_u64(rp_field(f, "expires"), &e.b))
			goto fields;
		e.type = EV_HRT_START;
		e.c = pidle_rp_is_tick_fn(rp_field(f, "function"));
		l->need[NEED_HRT_START]++;
	} else if (!strcmp(ev, "hrtimer_cancel")) {
		if (!rp_ptr(rp_field(f, "hrtimer"), &e.a))
			goto fields;
		e.type = EV_HRT_CANCEL;
		l->need[NEED_HRT_CANCEL]++;
	} else if (!strcmp(ev, "hrtimer_expire_entry")) {
		if (!rp_ptr(rp_field(f, "hrtimer"), &e.a))
			goto fields;
		ret = rp_ktime_field(l, lineno, f, "now", &e.b);
		if (ret)
			return ret < 0 ? -1 : rp_fields(l, lineno, ev, f);
		e.type = EV_HRT_EXPIRE;
		e.c = pidle_rp_is_tick_fn(rp_field(f, "function"));
		l->need[NEED_HRT_EXPIRE]++;
	} else if (!strcmp(ev, "local_timer_entry")) {
		e.type = EV_SRC_TIMER;
		l->need[NEED_WAKE_SRC]++;
	} else if (!strcmp(ev, "reschedule_entry") ||
		   !strcmp(ev, "call_function_entry") ||
		   !strcmp(ev, "call_function_single_entry") ||
		   !strcmp(ev, "ipi_entry")) {
		e.type = EV_SRC_IPI;
		l->need[NEED_WAKE_SRC]++;
	} else if (!strcmp(ev, "irq_handler_entry") ||
		   !strcmp(ev, "x86_platform_ipi_entry") ||
		   !strcmp(ev, "irq_work_entry") ||
		   !strcmp(ev, "thermal_apic_entry") ||
		   !strcmp(ev, "error_apic_entry") ||
		   !strcmp(ev, "spurious_apic_entry")) {
		e.type = EV_SRC_IRQ;
		l->need[NEED_WAKE_SRC]++;
	} else if (!strcmp(ev, "sched_wakeup")) {
		uint32_t target;

		ret = rp_cpu_field(l, lineno, f, "target_cpu", &target);
		if (ret)
			return ret < 0 ? -1 : rp_fields(l, lineno, ev, f);
		e.type = EV_WAKEUP;
		e.c = target;	/* below PIDLE_MAX_CPUS: fits */
		if (target > l->max_cpu)
			l->max_cpu = target;
		l->need[NEED_WAKEUP]++;
	} else if (!strcmp(ev, "sched_switch")) {
		v = rp_field(f, "next_pid");
		if (!rp_u64(v, &x))
			goto fields;
		e.type = EV_SWITCH;
		e.c = x != 0;
	} else if (!strcmp(ev, "pm_qos_add_request") ||
		   !strcmp(ev, "pm_qos_update_request") ||
		   !strcmp(ev, "pm_qos_remove_request")) {
		v = rp_field(f, "value");
		if (!rp_u64(v, &e.a) && (!v || errno != ERANGE))
			goto fields;
		/* cpu_latency_qos values are s32, in us */
		if (errno == ERANGE || *v == '-' || e.a > INT32_MAX)
			return pidle_rp_fail(l, "line %zu: value=%.*s: not a PM QoS latency of 0 to %d us",
					     lineno, rp_tok_len(v), v, INT32_MAX);
		e.type = EV_QOS;
		e.c = !strcmp(ev, "pm_qos_remove_request");
	} else if (!strcmp(ev, "pidle_enter")) {
		if (rp_field(f, "state") && !rp_field(f, "enter_ns"))
			return pidle_rp_fail(l, "line %zu: pidle_enter without enter_ns and next_timer_ns: a module older than pidle-replay's; rebuild it",
				       lineno);
		if (!rp_u64(rp_field(f, "state"), &x))
			goto fields;
		ret = rp_ktime_field(l, lineno, f, "enter_ns", &e.a);
		if (!ret)
			ret = rp_ktime_field(l, lineno, f, "next_timer_ns", &e.b);
		if (ret)
			return ret < 0 ? -1 : rp_fields(l, lineno, ev, f);
		if (x >= PIDLE_RP_MAX_STATES)
			goto fields;
		e.type = EV_P_ENTER;
		e.c = x;
		l->need[NEED_P_ENTER]++;
	} else if (!strcmp(ev, "pidle_exit")) {
		u64 req, ach;

		if (!rp_u64(rp_field(f, "requested"), &req) ||
		    !rp_u64(rp_field(f, "achieved"), &ach) ||
		    req >= PIDLE_RP_MAX_STATES || ach >= PIDLE_RP_MAX_STATES)
			goto fields;
		ret = rp_ktime_field(l, lineno, f, "idle_ns", &e.a);
		if (ret)
			return ret < 0 ? -1 : rp_fields(l, lineno, ev, f);
		v = rp_field(f, "latency_ns");
		if (!rp_u64(v, &e.b) && (!v || errno != ERANGE))
			goto fields;
		/* kept in the period's 32 bits (the module's are 20 ms a state) */
		if (errno == ERANGE || *v == '-' || e.b > UINT32_MAX)
			return pidle_rp_fail(l, "line %zu: latency_ns=%.*s: beyond %u ns, an exit latency no table has",
					     lineno, rp_tok_len(v), v, UINT32_MAX);
		e.type = EV_P_EXIT;
		e.c = req | ach << 8;
		l->need[NEED_P_EXIT]++;
	} else if (!strcmp(ev, "tracing_mark_write") || !strcmp(ev, "print")) {
		/* trace-cmd report: "print: tracing_mark_write: TEXT" */
		if (!strstr(f, "pidle-replay: governor reset"))
			return 0;
		e.type = EV_RESET;
	} else if (!strcmp(ev, "pidle_domain_down")) {
		int lv;

		v = rp_field(f, "level");
		if (!v || !rp_u64(rp_field(f, "domain"), &e.a) ||
		    !rp_u64(rp_field(f, "state"), &x) ||
		    x >= PIDLE_RP_MAX_STATES)
			goto fields;
		lv = pidle_rp_level(l, v);
		if (lv < 0)
			return pidle_rp_fail(l, "line %zu: more than %d domain levels",
				       lineno, PIDLE_RP_MAX_LEVELS);
		e.type = EV_P_DOWN;
		e.b = lv;
		e.c = x;
	} else {
		return 0;	/* an event the replay does not use */
	}
	if (e.cpu > l->max_cpu)
		l->max_cpu = e.cpu;
	if (pidle_rp_push(l, &e))
		return pidle_rp_fail(l, "out of memory at line %zu", lineno);
	return 1;
fields:
	return rp_fields(l, lineno, ev, f);
bad:
	return pidle_rp_fail(l, "line %zu: not a trace line (want 'COMM-PID [CPU] TIME: EVENT: FIELDS', as trace-cmd report prints): '%.80s'",
		       lineno, s);
}

int pidle_rp_read(struct rp_load *l, FILE *f, size_t *nr_lines)
{
	char *line = NULL;
	size_t cap = 0, lineno = 0;
	u64 last_t = 0;
	ssize_t n;
	int ret = 0;

	while ((n = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (line[n - 1] != '\n') {
			ret = pidle_rp_fail(l, "line %zu: cut short (no end of line): the trace is truncated", lineno);
			break;
		}
		line[n - 1] = '\0';
		if (rp_line(l, line, lineno, &last_t) < 0) {
			ret = -1;
			break;
		}
	}
	if (!ret && ferror(f))
		ret = pidle_rp_fail(l, "read error: %s", strerror(errno));
	free(line);
	*nr_lines = lineno;
	return ret;
}
