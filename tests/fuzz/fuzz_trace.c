// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: pidle-replay's trace reader (tools/replay/
 * pidle_rp_parse.c, text lines to events; pidle_rp_trace.c, events to
 * idle periods), on both kinds of trace it reads: trace-cmd report's
 * text of the standard events (power:cpu_idle, the hrtimer, irq and
 * sched events) and a module trace (pseudo_cpuidle's pidle_enter,
 * pidle_exit, pidle_domain_down beside cpu_idle).
 *
 * The input is the trace's text. It is read three ways: as it is (a
 * last line without its newline is "cut short"), with a newline added
 * when it lacks one, under the replay's defaults (HZ 250, PM QoS from
 * the trace); and so again under other options (HZ 1000, PM QoS fixed
 * at 20 us, a topology of 4 CPUs, CPU 2 declared busy and CPU 3 offline,
 * the recorded machine's exit latencies given). And:
 *
 * - refused: -1, with one printable line that starts with the trace's
 *   name, and nothing left allocated in the result (ASan's leak check);
 * - read: what the replay relies on without checking it again:
 *   1 to PIDLE_MAX_CPUS CPUs (the topology's count when one is given),
 *   a mode for each, at least one period; each period on a CPU of the
 *   trace that idles, selected at or before its entry, woken at or after
 *   it, its recorded states and wake source within their tables; a CPU's
 *   periods one after the other, never overlapping; the order a
 *   permutation of every entry and exit, in time, each period's entry
 *   before its exit, start_ns and end_ns its first and last times;
 * - nothing is read or written outside what was allocated, no undefined
 *   behaviour (ASan, UBSan).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/types.h>
#include <pidle/limits.h>
#include "fuzz.h"
#include "../../tools/replay/pidle_rp.h"

static const char fuzz_trace_name[] = "fuzz.trace";

static bool fuzz_trace_one_line(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if ((unsigned char)*s < ' ' && *s != '\t')
			return false;
	return true;
}

/* The reader's promises on a trace it read (see the top of the file). */
static void fuzz_trace_check(const struct pidle_rp_trace *t,
			     const struct pidle_rp_load_opts *o)
{
	u64 *last_wake;
	uint8_t *seen;
	size_t i, n;

	FUZZ_CHECK(t->nr_cpus >= 1 && t->nr_cpus <= PIDLE_MAX_CPUS, "%u CPUs",
		   t->nr_cpus);
	FUZZ_CHECK(!o->topo_cpus || t->nr_cpus == o->topo_cpus,
		   "%u CPUs, topology %u", t->nr_cpus, o->topo_cpus);
	FUZZ_CHECK(t->nr_periods >= 1 && t->period && t->order && t->cpu_mode &&
		   t->span, "%zu periods", t->nr_periods);
	/* the complete periods, then those the trace's end cut */
	n = t->nr_periods + t->nr_cut;
	FUZZ_CHECK(t->nr_cut <= t->nr_cpus, "%zu cut periods", t->nr_cut);
	last_wake = calloc(t->nr_cpus, sizeof(*last_wake));
	seen = calloc(2 * n, 1);
	if (!last_wake || !seen)
		abort();
	for (i = 0; i < t->nr_cpus; i++)
		FUZZ_CHECK(t->cpu_mode[i] <= PIDLE_RP_CPU_OFFLINE &&
			   t->span[i].state <= PIDLE_RP_MAX_STATES,
			   "cpu %zu mode %u span state %u", i, t->cpu_mode[i],
			   t->span[i].state);
	for (i = 0; i < n; i++) {
		const struct pidle_rp_period *p = &t->period[i];

		FUZZ_CHECK(p->cpu < t->nr_cpus &&
			   t->cpu_mode[p->cpu] == PIDLE_RP_CPU_IDLES,
			   "period %zu on cpu %u of %u", i, p->cpu, t->nr_cpus);
		FUZZ_CHECK(p->select_ns <= p->enter_ns && p->enter_ns <= p->wake_ns &&
			   p->wake_ns != PIDLE_RP_NO_TIME,
			   "period %zu: select %llu enter %llu wake %llu", i,
			   p->select_ns, p->enter_ns, p->wake_ns);
		FUZZ_CHECK(p->rec_state < PIDLE_RP_MAX_STATES &&
			   p->rec_achieved < PIDLE_RP_MAX_STATES &&
			   p->src < PIDLE_RP_SRC_NR,
			   "period %zu: state %u achieved %u src %u", i,
			   p->rec_state, p->rec_achieved, p->src);
		/* periods are kept per CPU in time order */
		FUZZ_CHECK(p->enter_ns >= last_wake[p->cpu],
			   "period %zu: cpu %u enters at %llu, before its last wake-up at %llu",
			   i, p->cpu, p->enter_ns, last_wake[p->cpu]);
		last_wake[p->cpu] = p->wake_ns;
	}
	for (i = 0; i < 2 * n; i++) {
		uint32_t k = t->order[i];
		const struct pidle_rp_period *p = &t->period[k / 2];
		u64 at = k & 1 ? p->enter_ns : p->wake_ns;

		FUZZ_CHECK(k < 2 * n && !seen[k], "order[%zu] = %u", i, k);
		seen[k] = 1;
		/* an exit after its own entry, even in the same nanosecond */
		FUZZ_CHECK(k & 1 || seen[k | 1], "period %u leaves before it enters",
			   k / 2);
		if (!i)
			FUZZ_CHECK(at == t->start_ns, "starts at %llu, not %llu",
				   t->start_ns, at);
		else
			FUZZ_CHECK(at >= t->start_ns && at <= t->end_ns,
				   "order[%zu] at %llu, outside %llu-%llu", i, at,
				   t->start_ns, t->end_ns);
		if (i + 1 == 2 * n)
			FUZZ_CHECK(at == t->end_ns, "ends at %llu, not %llu",
				   t->end_ns, at);
		if (i) {
			uint32_t j = t->order[i - 1];
			const struct pidle_rp_period *q = &t->period[j / 2];

			FUZZ_CHECK((j & 1 ? q->enter_ns : q->wake_ns) <= at,
				   "order[%zu] goes back in time", i);
		}
	}
	FUZZ_CHECK(t->end_ns > t->start_ns, "the trace spans %llu-%llu",
		   t->start_ns, t->end_ns);
	free(seen);
	free(last_wake);
}

static void fuzz_trace_load(const char *text, size_t len,
			    const struct pidle_rp_load_opts *o)
{
	struct pidle_rp_trace t;
	char err[512];
	FILE *f;
	int ret;

	f = fmemopen((void *)text, len, "r");
	if (!f)
		abort();
	err[0] = '\0';
	ret = pidle_rp_load(f, fuzz_trace_name, o, &t, err, sizeof(err));
	fclose(f);
	if (ret) {
		FUZZ_CHECK(ret == -1, "returned %d", ret);
		FUZZ_CHECK(!strncmp(err, fuzz_trace_name, sizeof(fuzz_trace_name) - 1) &&
			   !strncmp(err + sizeof(fuzz_trace_name) - 1, ": ", 2),
			   "message \"%s\" does not name the trace", err);
		FUZZ_CHECK(fuzz_trace_one_line(err + sizeof(fuzz_trace_name) + 1),
			   "message \"%s\"", err);
		FUZZ_CHECK(!t.period && !t.order && !t.cpu_mode && !t.span,
			   "a refused trace keeps its tables");
		return;
	}
	fuzz_trace_check(&t, o);
	pidle_rp_free(&t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct pidle_rp_load_opts std = { .hz = 250, .qos_ns = -1 };
	static const struct pidle_rp_load_opts other = {
		.hz = 1000, .qos_ns = 20000, .topo_cpus = 4,
		.busy_cpus = "2", .offline_cpus = "3", .nr_rec_latency = 3,
		.rec_latency_ns = { 0, 2000, 100000 },
	};
	char *text;

	if (!size)
		return 0;
	/* fmemopen() wants a buffer; the text also ends with its newline */
	text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	fuzz_trace_load(text, size, &std);
	if (text[size - 1] != '\n') {
		text[size] = '\n';
		fuzz_trace_load(text, size + 1, &std);
		fuzz_trace_load(text, size + 1, &other);
	} else {
		fuzz_trace_load(text, size, &other);
	}
	free(text);
	return 0;
}
