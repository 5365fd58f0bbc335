// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-replay: a trace's text, line by line, into events (see the DOC
 * block of pidle_rp_trace.c for what they are for). Reads trace-cmd
 * report's text, with or without -t, and the tracefs trace file; refuses
 * a line cut short, a time going backwards, lost events, a line that is
 * not an event, an event without its fields.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "pidle_rp_priv.h"

int pidle_rp_fail(struct rp_load *l, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(l->err, l->errlen, "%s: ", l->name);
	va_start(ap, fmt);
	vsnprintf(l->err + n, l->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
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

	if (!v || !(isdigit((unsigned char)*v) || *v == '-'))
		return false;
	errno = 0;
	if (*v == '-') {
		long long x = strtoll(v, &end, 0);

		*out = (u64)x;
	} else {
		*out = strtoull(v, &end, 0);
	}
	return !errno && end != v && (!*end || isspace((unsigned char)*end) ||
				     *end == ',' || *end == ')');
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

static bool rp_is_tick_fn(const char *f)
{
	return f && (!strncmp(f, "tick_nohz_handler", 17) ||
		     !strncmp(f, "tick_sched_timer", 16) ||
		     !strncmp(f, "tick_nohz_highres_handler", 25));
}

static int rp_level(struct rp_load *l, const char *v)
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

/*
 * One line: "COMM-PID [CPU] [FLAGS] SECS.FRAC: EVENT: FIELDS". 1 when it
 * is an event, 0 when it is a line to skip, -1 on error.
 */
static int rp_line(struct rp_load *l, char *s, size_t lineno,
		   u64 *last_t)
{
	struct rp_ev e = { .line = lineno };
	char *p, *q, *ev, *f;
	unsigned long cpu;
	u64 secs, frac = 0, x;
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
		l->hdr_cpus = strtoul(s + 5, NULL, 10);
		return 0;
	}
	if (!strncmp(s, "CPU ", 4) && strstr(s, "is empty"))
		return 0;
	if (!strncmp(s, "version", 7) || !strncmp(s, "trace-cmd", 9))
		return 0;
	/* the CPU: the first " [digits]" */
	for (p = s; (p = strchr(p, '[')); p++) {
		if (!isdigit((unsigned char)p[1]))
			continue;
		cpu = strtoul(p + 1, &q, 10);
		if (*q == ']')
			break;
	}
	if (!p)
		goto bad;
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
	secs = strtoull(p, NULL, 10);
	for (q++; isdigit((unsigned char)*q); q++, digits++)
		if (digits < 9)
			frac = frac * 10 + (*q - '0');
	if (*q != ':' || digits < 6)
		goto bad;
	for (; digits < 9; digits++)
		frac *= 10;
	e.t = secs * 1000000000ULL + frac;
	e.cpu = cpu;
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
		if (!rp_u64(rp_field(f, "state"), &x) ||
		    !rp_u64(rp_field(f, "cpu_id"), &e.a))
			goto fields;
		e.type = EV_IDLE;
		e.cpu = e.a;
		e.c = x == 4294967295ULL || x == ULLONG_MAX ? EV_IDLE_EXIT :
		      (x < PIDLE_RP_MAX_STATES ? x : EV_IDLE_EXIT - 1);
		l->need[NEED_CPU_IDLE]++;
	} else if (!strcmp(ev, "hrtimer_start")) {
		if (!rp_ptr(rp_field(f, "hrtimer"), &e.a) ||
		    !rp_u64(rp_field(f, "expires"), &e.b))
			goto fields;
		e.type = EV_HRT_START;
		e.c = rp_is_tick_fn(rp_field(f, "function"));
		l->need[NEED_HRT_START]++;
	} else if (!strcmp(ev, "hrtimer_cancel")) {
		if (!rp_ptr(rp_field(f, "hrtimer"), &e.a))
			goto fields;
		e.type = EV_HRT_CANCEL;
		l->need[NEED_HRT_CANCEL]++;
	} else if (!strcmp(ev, "hrtimer_expire_entry")) {
		if (!rp_ptr(rp_field(f, "hrtimer"), &e.a) ||
		    !rp_u64(rp_field(f, "now"), &e.b))
			goto fields;
		e.type = EV_HRT_EXPIRE;
		e.c = rp_is_tick_fn(rp_field(f, "function"));
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
		if (!rp_u64(rp_field(f, "target_cpu"), &x))
			goto fields;
		e.type = EV_WAKEUP;
		e.c = x;
		if (x > l->max_cpu && x < 65535)
			l->max_cpu = x;
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
		if (!rp_u64(rp_field(f, "value"), &e.a))
			goto fields;
		e.type = EV_QOS;
		e.c = !strcmp(ev, "pm_qos_remove_request");
	} else if (!strcmp(ev, "pidle_enter")) {
		if (!rp_u64(rp_field(f, "state"), &x) ||
		    !rp_u64(rp_field(f, "enter_ns"), &e.a) ||
		    !rp_u64(rp_field(f, "next_timer_ns"), &e.b)) {
			if (rp_field(f, "state") && !rp_field(f, "enter_ns"))
				return pidle_rp_fail(l, "line %zu: pidle_enter without enter_ns and next_timer_ns: a module older than pidle-replay's; rebuild it",
					       lineno);
			goto fields;
		}
		if (x >= PIDLE_RP_MAX_STATES)
			goto fields;
		e.type = EV_P_ENTER;
		e.c = x;
		l->need[NEED_P_ENTER]++;
	} else if (!strcmp(ev, "pidle_exit")) {
		u64 req, ach;

		if (!rp_u64(rp_field(f, "requested"), &req) ||
		    !rp_u64(rp_field(f, "achieved"), &ach) ||
		    !rp_u64(rp_field(f, "idle_ns"), &e.a) ||
		    !rp_u64(rp_field(f, "latency_ns"), &e.b) ||
		    req >= PIDLE_RP_MAX_STATES || ach >= PIDLE_RP_MAX_STATES)
			goto fields;
		e.type = EV_P_EXIT;
		e.c = req | ach << 8;
		l->need[NEED_P_EXIT]++;
	} else if (!strcmp(ev, "tracing_mark_write")) {
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
		lv = rp_level(l, v);
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
	l->ev = pidle_rp_grow(l->ev, &l->cap_ev, l->nr_ev + 1, sizeof(*l->ev));
	if (!l->ev)
		return pidle_rp_fail(l, "out of memory at line %zu", lineno);
	l->ev[l->nr_ev++] = e;
	return 1;
fields:
	return pidle_rp_fail(l, "line %zu: %s event without the fields it should have ('%.80s')",
		       lineno, ev, f);
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
