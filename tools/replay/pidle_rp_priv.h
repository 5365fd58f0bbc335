/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-replay's trace reader, inside: the events a trace's lines become
 * (pidle_rp_parse.c) and the state the periods are built with
 * (pidle_rp_trace.c).
 */
#ifndef _PIDLE_RP_PRIV_H
#define _PIDLE_RP_PRIV_H

#include <pidle/limits.h>
#include "pidle_rp.h"

enum rp_ev_type {
	EV_IDLE,		/* c: state, or EV_IDLE_EXIT */
	/*
	 * The hrtimer events' a: the timer's id as the reader gives it, its
	 * index into rp_load.tmr once pushed (pidle_rp_push())
	 */
	EV_HRT_START,		/* a: timer, b: expires, c: tick */
	EV_HRT_CANCEL,		/* a: timer */
	/*
	 * b: now as read; once the timer's next event is pushed, the expiry
	 * it was restarted for from its callback (that next event is an
	 * expiry: HRTIMER_RESTART), or PIDLE_RP_NO_TIME
	 */
	EV_HRT_EXPIRE,		/* a: timer, b: now, c: tick */
	EV_SRC_TIMER,		/* local_timer_entry */
	EV_SRC_IPI,
	EV_SRC_IRQ,
	EV_WAKEUP,		/* c: target CPU */
	EV_SWITCH,		/* c: 1 when a task (not idle) runs next */
	EV_QOS,			/* a: value us, c: 1 when removed */
	EV_P_ENTER,		/* a: enter_ns, b: next_timer_ns, c: state */
	EV_P_EXIT,		/* a: idle_ns, b: latency_ns, c: req | ach << 8 */
	EV_P_DOWN,		/* a: domain, b: level, c: state */
	EV_RESET,		/* a trace_marker: the governor starts afresh */
	EV_NR,
};
#define EV_IDLE_EXIT	0x3fff		/* in rp_ev's 14 bits of c */

/* The events a trace needs, by what they are for; see pidle-replay.rst. */
enum rp_need {
	NEED_CPU_IDLE, NEED_HRT_START, NEED_HRT_CANCEL, NEED_HRT_EXPIRE,
	NEED_WAKE_SRC, NEED_WAKEUP, NEED_P_ENTER, NEED_P_EXIT, NEED_NR,
};

/*
 * One event, 32 bytes: a trace's events are kept until the periods are
 * built (they depend on the whole trace: its clock offset, its kind, its
 * reset mark), and the pages they fill are most of a run's cost. cpu is
 * below PIDLE_MAX_CPUS, c a state, a target CPU or two states of 8 bits.
 */
struct rp_ev {
	u64 t;
	u64 a, b;
	uint32_t cpu : 13, type : 5, c : 14;
	uint32_t line;
};
_Static_assert(PIDLE_MAX_CPUS <= 1 << 13, "rp_ev.cpu holds a CPU in 13 bits");
_Static_assert(EV_NR <= 1 << 5, "rp_ev.type holds an event type in 5 bits");
_Static_assert((PIDLE_RP_MAX_STATES - 1) << 8 < EV_IDLE_EXIT,
	       "rp_ev.c holds a pidle_exit's two states in 14 bits");

struct rp_timer {
	u64 id;
	u64 expires;
	size_t last_ev;		/* its latest event's index, or SIZE_MAX */
	size_t from_p;		/* streamed: the first period after its expiry */
	uint32_t cpu;
	bool tick, pending;
	bool await;		/* streamed: expired, restarted or not unknown */
};

struct rp_bld;

struct rp_load {
	const char *name;
	const char *pos;	/* what e->line counts: "line", "record" */
	char *err;
	size_t errlen;
	struct rp_ev *ev;
	size_t nr_ev, cap_ev;
	unsigned int hdr_cpus, max_cpu;
	size_t need[NEED_NR];
	struct rp_timer *tmr;
	size_t nr_tmr, cap_tmr;
	/*
	 * The clock offset (trace clock to the model's) as the events come:
	 * [0] a standard trace's (hrtimer_expire_entry's now), [1] a module
	 * trace's (pidle_enter's enter_ns), and the events each counts
	 */
	s64 off[2];
	size_t nr_off[2];
	uint32_t *hash;		/* timer id -> index into tmr */
	size_t hash_size;
	char level_name[PIDLE_RP_MAX_LEVELS][16];
	unsigned int nr_levels;
	/*
	 * Streamed (a trace.dat, pidle_rp_trace.c's DOC: Streaming): the
	 * periods being built, and the first event (its time and line)
	 */
	struct rp_bld *bld;
	struct rp_ev first;
};

/* "NAME: " and the message in l->err; returns -1. */
int pidle_rp_fail(struct rp_load *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* madvise(MADV_HUGEPAGE) over the huge pages inside @p's @bytes. */
void pidle_rp_hugepages(void *p, size_t bytes);
/* @p grown to hold @want elements of @size (doubling), or NULL. */
void *pidle_rp_grow(void *p, size_t *cap, size_t want, size_t size);
/* Every line of @f into l->ev; 0, or -1 with the message. */
int pidle_rp_read(struct rp_load *l, FILE *f, size_t *nr_lines);
/*
 * @e appended to l->ev, or streamed into the periods; its timer resolved,
 * its clock offset counted. 0; -1 when out of memory (the caller says
 * where); PIDLE_RP_AGAIN: streaming stops, the trace is to be read again
 * into the array.
 */
int pidle_rp_push(struct rp_load *l, const struct rp_ev *e);
#define PIDLE_RP_AGAIN	1
/* Streaming from here, into @t: 0, or -1 with the message. */
int pidle_rp_stream_begin(struct rp_load *l, const struct pidle_rp_load_opts *o,
			  struct pidle_rp_trace *t, size_t max_periods);
void pidle_rp_stream_free(struct rp_load *l);
/* Whether hrtimer callback @f (a name, or NULL) is the tick's. */
bool pidle_rp_is_tick_fn(const char *f);
/* The index of domain level @v (up to a blank), added if new; -1: full. */
int pidle_rp_level(struct rp_load *l, const char *v);

/* Whether @f (named @name) is a trace.dat: its first byte, or ".dat". */
bool pidle_rp_is_tracedat(FILE *f, const char *name);
/* Every record of trace.dat @f into l->ev (pidle_rp_tracedat.c). */
int pidle_rp_read_dat(struct rp_load *l, FILE *f, size_t *nr_records);

#endif
