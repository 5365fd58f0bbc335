// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-bench: the trace lines of the interrupt side, and the latencies
 * they give.
 *
 * A line of tracefs' "trace" file reads
 *
 *   COMM-PID [CPU] FLAGS SECONDS.MICROSECONDS: EVENT: FIELDS
 *
 * (COMM may hold blanks and dashes, FLAGS is absent with the irq-info
 * option off). FIELDS are "name=value" pairs whose order the kernel has
 * changed between versions (hrtimer_expire_entry put now= before
 * function= in 6.1 and after it later), so they are looked up by name.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pidle_bench_trace.h"

static const struct {
	const char *name;
	enum pidle_trace_kind kind;
} pidle_trace_events[] = {
	{ "hrtimer_start", PIDLE_TEV_HRT_START },
	{ "hrtimer_expire_entry", PIDLE_TEV_HRT_EXPIRE },
	{ "reschedule_entry", PIDLE_TEV_IPI },
	{ "call_function_single_entry", PIDLE_TEV_IPI },
};

/* The value of " NAME=" in @fields, up to the next blank, in @out. */
static int pidle_trace_field(const char *fields, const char *name, char *out,
			     size_t size)
{
	size_t len = strlen(name), n;
	const char *p = fields;

	while ((p = strstr(p, name))) {
		if ((p == fields || p[-1] == ' ') && p[len] == '=')
			break;
		p += len;
	}
	if (!p)
		return -1;
	p += len + 1;
	n = strcspn(p, " \t\n");
	if (!n || n >= size)
		return -1;
	memcpy(out, p, n);
	out[n] = '\0';
	return 0;
}

static int pidle_trace_ull(const char *fields, const char *name,
			   long long *out)
{
	char buf[32], *end;

	if (pidle_trace_field(fields, name, buf, sizeof(buf)))
		return -1;
	*out = strtoll(buf, &end, 10);
	return *end || *out < 0 ? -1 : 0;
}

/* "SECONDS.FRACTION" (the ns clocks) or a bare count, as nanoseconds. */
static int pidle_trace_ts(const char *s, size_t len, long long *ns)
{
	long long sec = 0, frac = 0, scale = 1000000000LL;
	size_t i = 0;

	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		sec = sec * 10 + (s[i] - '0');
	if (!i)
		return -1;
	if (i == len) {
		*ns = sec;
		return 0;
	}
	if (s[i++] != '.' || i == len)
		return -1;
	for (; i < len && s[i] >= '0' && s[i] <= '9' && scale > 1; i++) {
		frac = frac * 10 + (s[i] - '0');
		scale /= 10;
	}
	if (i != len)
		return -1;
	*ns = sec * 1000000000LL + frac * scale;
	return 0;
}

int pidle_trace_parse(const char *line, struct pidle_trace_event *ev)
{
	const char *br, *p, *q, *colon, *ts, *name, *fields;
	size_t i, len;

	memset(ev, 0, sizeof(*ev));
	ev->kind = PIDLE_TEV_OTHER;
	if (line[0] == '#')
		return 0;
	/* The event name sits between the timestamp's ": " and the next. */
	for (br = strstr(line, " ["); br; br = strstr(br + 2, " [")) {
		p = br + 2;
		while (*p >= '0' && *p <= '9')
			p++;
		if (p > br + 2 && *p == ']')
			break;
	}
	if (!br)
		return 0;
	colon = strstr(p, ": ");
	if (!colon)
		return 0;
	name = colon + 2;
	fields = strstr(name, ": ");
	if (!fields)
		return 0;
	len = fields - name;
	fields += 2;
	for (i = 0; i < sizeof(pidle_trace_events) / sizeof(pidle_trace_events[0]); i++)
		if (strlen(pidle_trace_events[i].name) == len &&
		    !strncmp(name, pidle_trace_events[i].name, len))
			break;
	if (i == sizeof(pidle_trace_events) / sizeof(pidle_trace_events[0]))
		return 0;
	ev->kind = pidle_trace_events[i].kind;

	/* The pid: the digits after the last dash before " [" (and blanks). */
	for (q = br; q > line && q[-1] == ' '; q--)
		;
	for (p = q; p > line && p[-1] >= '0' && p[-1] <= '9'; p--)
		;
	if (p == q || p == line || p[-1] != '-')
		return -1;
	ev->pid = atoi(p);
	/* The timestamp: the blank-separated word that ends at the colon. */
	for (ts = colon; ts > br && ts[-1] != ' '; ts--)
		;
	if (pidle_trace_ts(ts, colon - ts, &ev->ts_ns))
		return -1;

	switch (ev->kind) {
	case PIDLE_TEV_HRT_START:
	case PIDLE_TEV_HRT_EXPIRE: {
		char fn[64];

		if (pidle_trace_field(fields, "hrtimer", ev->hrtimer,
				      sizeof(ev->hrtimer)) ||
		    pidle_trace_field(fields, "function", fn, sizeof(fn)))
			return -1;
		ev->wakeup = !strcmp(fn, "hrtimer_wakeup");
		if (ev->kind == PIDLE_TEV_HRT_START)
			return pidle_trace_ull(fields, "expires", &ev->expires_ns);
		return pidle_trace_ull(fields, "now", &ev->now_ns);
	}
	default:
		return 0;
	}
}

int pidle_trace_timer_feed(struct pidle_trace_timer *t,
			   const struct pidle_trace_event *ev,
			   long long *lat_ns)
{
	switch (ev->kind) {
	case PIDLE_TEV_HRT_START:
		/* Only the measuring task's sleeps; a re-arm replaces. */
		if (ev->pid != t->tid || !ev->wakeup)
			return PIDLE_TRACE_NONE;
		t->armed = true;
		snprintf(t->hrtimer, sizeof(t->hrtimer), "%s", ev->hrtimer);
		t->expires_ns = ev->expires_ns;
		return PIDLE_TRACE_NONE;
	case PIDLE_TEV_HRT_EXPIRE: {
		bool shared = t->last_hrtimer[0] && ev->now_ns == t->last_now_ns &&
			      strcmp(ev->hrtimer, t->last_hrtimer);

		snprintf(t->last_hrtimer, sizeof(t->last_hrtimer), "%s", ev->hrtimer);
		t->last_now_ns = ev->now_ns;
		if (!t->armed || strcmp(ev->hrtimer, t->hrtimer))
			return PIDLE_TRACE_NONE;
		t->armed = false;
		*lat_ns = ev->now_ns - t->expires_ns;
		return shared ? PIDLE_TRACE_SHARED : PIDLE_TRACE_OWN;
	}
	default:
		return PIDLE_TRACE_NONE;
	}
}

int pidle_trace_ipi_match(const long long *sig_ns, const long long *recv_ns,
			  int n, const long long *ipi_ns, int nr_ipi,
			  long long *lat_ns)
{
	int i, j = 0, got = 0;

	for (i = 0; i < n; i++) {
		/*
		 * The text's timestamps are truncated to the microsecond:
		 * the entry happened within [ts, ts + 1 us), taken as its
		 * middle.
		 */
		while (j < nr_ipi && ipi_ns[j] + 1000 <= sig_ns[i])
			j++;
		if (j < nr_ipi && ipi_ns[j] <= recv_ns[i])
			lat_ns[got++] = ipi_ns[j] + 500 - sig_ns[i];
	}
	return got;
}
