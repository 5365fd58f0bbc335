// SPDX-License-Identifier: GPL-2.0
/**
 * DOC: Recorded workload
 *
 * A trace in text form (``trace-cmd report``, with or without ``-t``, or
 * the tracefs ``trace`` file) becomes, per CPU, the sequence of its idle
 * periods: the entry, what the governor could know then (the CPU's next
 * timer event, the next tick, the PM QoS limit, whether a task ran since
 * the last period), the wake-up and what caused it.
 *
 * The lines are read into an array of events first; as each is appended
 * (pidle_rp_push()), the clock offset (trace clock to the hrtimers'
 * CLOCK_MONOTONIC, or to the module's ktime: the largest difference) is
 * kept, and the look-ahead of periodic hrtimers resolved (a timer
 * restarted from its own callback, HRTIMER_RESTART, gets no hrtimer_start
 * event: its next hrtimer_expire_entry says when it was due). Then the
 * periods, in one pass, and their entries and exits merged in time order
 * (rp_order()). A standard trace.dat skips the array (Streaming a
 * trace.dat, below).
 *
 * Two kinds of trace are read. A *standard* trace (any machine):
 * power:cpu_idle gives the periods, the hrtimer events the next timer, the
 * irq_vectors/irq/ipi events the wake source, sched:sched_wakeup whether
 * a task ran. A *module* trace (pseudo_cpuidle loaded in a guest): the
 * pidle_enter and pidle_exit events give each period exactly (entry time,
 * next hrtimer, idle time) on the model's own clock, and what the recorded
 * run chose and achieved; power:cpu_idle then shows the entries the driver
 * left at once (a wake-up pending: no pidle_enter).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "pidle_rp_priv.h"
#include "pidle_common.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

const char *const pidle_rp_src_name[PIDLE_RP_SRC_NR] = {
	[PIDLE_RP_SRC_UNKNOWN] = "unknown",
	[PIDLE_RP_SRC_TIMER] = "timer",
	[PIDLE_RP_SRC_TICK] = "tick",
	[PIDLE_RP_SRC_IPI] = "ipi",
	[PIDLE_RP_SRC_IRQ] = "irq",
	[PIDLE_RP_SRC_ABORTED] = "aborted",
};

struct rp_cpu {
	/* pending hrtimers of this CPU: indexes into the timer table */
	uint32_t *tmr;
	unsigned int nr_tmr, cap_tmr;
	bool in_idle, task_ran, pidle_in, pre_idle;
	/*
	 * For PIDLE_RP_F_GOT_TICK: running a task (its last switch was to
	 * one), left a period and not yet past its ->reflect (no switch,
	 * no entry since), a tick in the idle loop for the next period
	 */
	bool task, exited, tick_idle;
	u64 entry_t;		/* ts->idle_entrytime; 0 unknown */
	bool seen;		/* a cpu_idle event of it in the window */
	unsigned int idle_line;	/* its last entry's line */
	uint16_t idle_state;
	u64 idle_t;
	size_t open;		/* period being classified, or SIZE_MAX */
	size_t last;		/* the CPU's latest period */
	int cls;		/* 0 nothing yet, 1 local timer seen */
	size_t nr_periods;
};

/* The timer table, indexed by an open-addressing hash of the ids. */
static int rp_rehash(struct rp_load *l)
{
	size_t n = l->hash_size ? 2 * l->hash_size : 1024, i, h;
	uint32_t *tab = malloc(n * sizeof(*tab));

	if (!tab)
		return -1;
	memset(tab, 0xff, n * sizeof(*tab));
	for (i = 0; i < l->nr_tmr; i++) {
		h = (l->tmr[i].id * 0x9e3779b97f4a7c15ULL) >> 20;
		while (tab[h & (n - 1)] != UINT32_MAX)
			h++;
		tab[h & (n - 1)] = i;
	}
	free(l->hash);
	l->hash = tab;
	l->hash_size = n;
	return 0;
}

static struct rp_timer *rp_timer(struct rp_load *l, u64 id)
{
	size_t h;

	if (2 * (l->nr_tmr + 1) > l->hash_size && rp_rehash(l))
		return NULL;
	for (h = (id * 0x9e3779b97f4a7c15ULL) >> 20;; h++) {
		uint32_t i = l->hash[h & (l->hash_size - 1)];

		if (i == UINT32_MAX)
			break;
		if (l->tmr[i].id == id)
			return &l->tmr[i];
	}
	l->tmr = pidle_rp_grow(l->tmr, &l->cap_tmr, l->nr_tmr + 1, sizeof(*l->tmr));
	if (!l->tmr)
		return NULL;
	memset(&l->tmr[l->nr_tmr], 0, sizeof(*l->tmr));
	l->tmr[l->nr_tmr].id = id;
	l->tmr[l->nr_tmr].last_ev = SIZE_MAX;
	l->hash[h & (l->hash_size - 1)] = l->nr_tmr;
	return &l->tmr[l->nr_tmr++];
}

/*
 * The clock offsets: the largest of (model clock - trace clock) over the
 * events that carry both, the one written closest to its clock's read.
 */
static void rp_push_off(struct rp_load *l, const struct rp_ev *e)
{
	int k = e->type == EV_P_ENTER;
	s64 d;

	if (e->type != EV_HRT_EXPIRE && e->type != EV_P_ENTER)
		return;
	d = (s64)(k ? e->a : e->b) - (s64)e->t;
	/* hrtimers on CLOCK_REALTIME/TAI: not the monotonic base */
	if (!k && d > (s64)(1000000000LL * 3600 * 24 * 365))
		return;
	l->nr_off[k]++;
	if (d > l->off[k])
		l->off[k] = d;
}

static int rp_push_stream(struct rp_load *l, const struct rp_ev *e);

int pidle_rp_push(struct rp_load *l, const struct rp_ev *e)
{
	struct rp_timer *tm;
	struct rp_ev *x;

	if (l->bld)
		return rp_push_stream(l, e);

	if (l->nr_ev == l->cap_ev) {
		l->ev = pidle_rp_grow(l->ev, &l->cap_ev, l->nr_ev + 1, sizeof(*l->ev));
		if (!l->ev)
			return -1;
	}
	x = &l->ev[l->nr_ev];
	*x = *e;
	/* before the look-ahead below overwrites an expiry's now */
	rp_push_off(l, x);
	if (x->type == EV_HRT_START || x->type == EV_HRT_CANCEL ||
	    x->type == EV_HRT_EXPIRE) {
		tm = rp_timer(l, x->a);
		if (!tm)
			return -1;
		/*
		 * The timer's previous event, an expiry, learns whether its
		 * callback restarted it (HRTIMER_RESTART: no hrtimer_start,
		 * its next event is the next expiry, whose now says when it
		 * was due): the periods are then built in one pass forward.
		 */
		if (tm->last_ev != SIZE_MAX &&
		    l->ev[tm->last_ev].type == EV_HRT_EXPIRE)
			l->ev[tm->last_ev].b = x->type == EV_HRT_EXPIRE ?
					       x->b : PIDLE_RP_NO_TIME;
		tm->last_ev = l->nr_ev;
		x->a = tm - l->tmr;
	}
	l->nr_ev++;
	return 0;
}

static void rp_cpu_del(struct rp_cpu *c, uint32_t ti)
{
	unsigned int i;

	for (i = 0; i < c->nr_tmr; i++)
		if (c->tmr[i] == ti) {
			c->tmr[i] = c->tmr[--c->nr_tmr];
			return;
		}
}

static int rp_cpu_add(struct rp_cpu *c, uint32_t ti)
{
	unsigned int i;

	for (i = 0; i < c->nr_tmr; i++)
		if (c->tmr[i] == ti)
			return 0;
	if (c->nr_tmr == c->cap_tmr) {
		unsigned int n = c->cap_tmr ? 2 * c->cap_tmr : 16;
		uint32_t *p = realloc(c->tmr, n * sizeof(*p));

		if (!p)
			return -1;
		c->tmr = p;
		c->cap_tmr = n;
	}
	c->tmr[c->nr_tmr++] = ti;
	return 0;
}

/* The earliest of the CPU's pending hrtimers but the tick, and the tick. */
static void rp_timers_min(const struct rp_load *l, const struct rp_cpu *rc,
			  u64 *next, u64 *tick)
{
	unsigned int k;

	*next = *tick = PIDLE_RP_NO_TIME;
	for (k = 0; k < rc->nr_tmr; k++) {
		const struct rp_timer *tm = &l->tmr[rc->tmr[k]];

		if (tm->tick) {
			if (tm->expires < *tick)
				*tick = tm->expires;
		} else if (tm->expires < *next) {
			*next = tm->expires;
		}
	}
}

/*
 * The CPU's next events from its pending hrtimers at @now: *@next, the
 * earliest that is not the tick (the sleep length's end, as
 * tick_nohz_get_sleep_length() computes it), and *@tick, the tick's. A
 * tick armed beyond one tick period was stopped and re-armed for the next
 * event (a timer-wheel one, say): that is the sleep's end.
 */
static void rp_next_events(const struct rp_load *l, const struct rp_cpu *rc,
			   u64 now, unsigned int hz, u64 *next, u64 *tick)
{
	rp_timers_min(l, rc, next, tick);
	if (*tick != PIDLE_RP_NO_TIME && *tick > now + 1000000000ULL / hz &&
	    *tick < *next)
		*next = *tick;
}

struct rp_sort {
	u64 t;
	uint32_t code;
	bool late;	/* an entry, or the exit of a period of 0 ns */
};

/*
 * Time order; at one time the exits of periods that took time first (a
 * CPU leaves its period before it enters the next), then entries and
 * the exits of periods of 0 ns (an entry and exit in one tick of a
 * microsecond trace) by period, each entry before its own exit: a CPU's
 * periods are in time order, so its own stay in order.
 */
static int rp_sort_cmp(const void *a, const void *b)
{
	const struct rp_sort *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if (x->late != y->late)
		return x->late ? 1 : -1;
	if (x->code == y->code)
		return 0;
	/* one period's entry (odd) and exit */
	if (x->code >> 1 == y->code >> 1)
		return x->code & 1 ? -1 : 1;
	return x->code < y->code ? -1 : 1;
}

/* Entry (odd @code) or exit of a period as the order sorts it. */
static struct rp_sort rp_sort_key(const struct pidle_rp_period *per,
				  uint32_t code)
{
	const struct pidle_rp_period *p = &per[code >> 1];

	if (code & 1)
		return (struct rp_sort){ p->enter_ns, code, true };
	return (struct rp_sort){ p->wake_ns, code, p->wake_ns == p->enter_ns };
}

/* The heap's element @i sifted down to its place among @n. */
static void rp_heap_down(struct rp_sort *h, size_t n, size_t i)
{
	struct rp_sort x = h[i];
	size_t k;

	while ((k = 2 * i + 1) < n) {
		if (k + 1 < n && rp_sort_cmp(&h[k + 1], &h[k]) < 0)
			k++;
		if (rp_sort_cmp(&h[k], &x) >= 0)
			break;
		h[i] = h[k];
		i = k;
	}
	h[i] = x;
}

/* Every entry and exit sorted outright, for rp_order()'s fallback. */
static int rp_order_sort(const struct pidle_rp_period *per, size_t nr_p,
			 uint32_t *order)
{
	struct rp_sort *srt = malloc(2 * nr_p * sizeof(*srt));
	size_t i;

	if (!srt)
		return -1;
	for (i = 0; i < 2 * nr_p; i++)
		srt[i] = rp_sort_key(per, i);
	qsort(srt, 2 * nr_p, sizeof(*srt), rp_sort_cmp);
	for (i = 0; i < 2 * nr_p; i++)
		order[i] = srt[i].code;
	free(srt);
	return 0;
}

/*
 * Every entry and exit in rp_sort_cmp()'s order, into @order (2 * @nr_p).
 * Each CPU's own already are: its periods follow each other (rp_build()
 * refuses one entered before the last wake-up) and are numbered in time
 * order. So the CPUs' sequences are merged, through a heap of their next
 * items, instead of sorted: no sort's buffers, n log(CPUs) comparisons
 * instead of n log(n). Should a CPU's sequence not be in order after all,
 * the merge's output shows it, and the whole is sorted instead.
 */
static int rp_order(const struct pidle_rp_period *per, size_t nr_p,
		    unsigned int nr_cpus, uint32_t *order)
{
	uint32_t *nx = malloc(nr_p * sizeof(*nx));
	uint32_t *last = malloc(nr_cpus * sizeof(*last));
	struct rp_sort *h = malloc(nr_cpus * sizeof(*h)), x;
	size_t i, n = 0, k = 0;
	int ret = -1;

	if (!nx || !last || !h)
		goto out;
	/* each CPU's periods chained, its first on the heap */
	memset(last, 0xff, nr_cpus * sizeof(*last));
	for (i = 0; i < nr_p; i++) {
		unsigned int c = per[i].cpu;

		if (last[c] == UINT32_MAX)
			h[n++] = rp_sort_key(per, 2 * i + 1);
		else
			nx[last[c]] = i;
		last[c] = i;
		nx[i] = UINT32_MAX;
	}
	for (i = n / 2; i-- > 0;)
		rp_heap_down(h, n, i);
	while (n) {
		x = h[0];
		if (k) {
			struct rp_sort prev = rp_sort_key(per, order[k - 1]);

			if (rp_sort_cmp(&prev, &x) > 0)
				break;
		}
		order[k++] = x.code;
		/* the CPU's next: its period's exit, or its next period's entry */
		if (x.code & 1)
			h[0] = rp_sort_key(per, x.code - 1);
		else if (nx[x.code >> 1] != UINT32_MAX)
			h[0] = rp_sort_key(per, 2 * nx[x.code >> 1] + 1);
		else
			h[0] = h[--n];
		rp_heap_down(h, n, 0);
	}
	ret = k == 2 * nr_p ? 0 : rp_order_sort(per, nr_p, order);
out:
	free(nx);
	free(last);
	free(h);
	return ret;
}

/* The lines each period's entry and wake-up came from, for messages. */
struct rp_lines {
	uint32_t enter, wake;
};

static int rp_cpus_arg(struct rp_load *l, struct pidle_rp_trace *t,
		       const char *list, uint8_t mode, const char *opt)
{
	struct pidle_cpuset set = { 0 };
	unsigned int cpu;

	if (!list)
		return 0;
	if (pidle_cpulist_add(&set, list))
		return pidle_rp_fail(l, "%s '%s': not a CPU list", opt, list);
	for (cpu = 0; cpu < t->nr_cpus; cpu++)
		if (pidle_cpuset_test(&set, cpu))
			t->cpu_mode[cpu] = mode;
	return 0;
}

/*
 * The periods being built: the loop's state, fed one event at a time
 * (rp_step()) from the event array, or as the trace.dat reader reads
 * them (streamed, pidle_rp_push()).
 */
struct rp_bld {
	struct rp_load *l;
	const struct pidle_rp_load_opts *o;
	struct pidle_rp_trace *t;
	struct rp_cpu *cpu;
	unsigned int nr_cpu;		/* cpu[]'s size */
	struct pidle_rp_period *per;
	struct rp_lines *pl;
	size_t nr_p, cap_p, cap_pl;
	s64 off, qos_ns;
	u64 live_t;
	bool module;
	/*
	 * Streamed (a standard trace.dat, read once, no event kept): the
	 * times on the trace clock until the offset is known, at the end;
	 * np_gap, the least expires - time of an hrtimer_start taken for
	 * not pending (see rp_stream_pending())
	 */
	bool stream;
	__int128 np_gap;
};

/* A timer armed this far ahead (or more) is not waited for. */
#define RP_FAR_NS	(1000000000ULL * 3600 * 24 * 365)

/*
 * Streamed, whether hrtimer_start @e left its timer pending: at the
 * offset known so far. Pending is expires < now + RP_FAR_NS, now the
 * time plus the offset; the offset only grows (a maximum), so pending
 * stays so; the least margin of the others is checked at the end
 * against the final offset (rp_stream_end()).
 */
static bool rp_stream_pending(struct rp_bld *b, const struct rp_ev *e)
{
	const struct rp_load *l = b->l;
	__int128 now = l->nr_off[0] ? (__int128)e->t + l->off[0] : 0;

	if (now < 0)
		now = 0;	/* the final now is not below 0 (rp_build_begin()) */
	if ((__int128)e->b < now + RP_FAR_NS)
		return true;
	if ((__int128)e->b - e->t < b->np_gap)
		b->np_gap = (__int128)e->b - e->t;
	return false;
}

/*
 * Streamed: the expiry @tm's callback restarted it for (@e, its next
 * event, is its next expiry): pending since its last expiry, it was a
 * next event of each period its CPU entered since.
 */
static void rp_stream_restart(struct rp_bld *b, struct rp_timer *tm,
			      const struct rp_ev *e)
{
	size_t i;

	tm->await = false;
	if (e->type != EV_HRT_EXPIRE)
		return;
	for (i = tm->from_p; i < b->nr_p; i++) {
		struct pidle_rp_period *p = &b->per[i];

		if (p->cpu != tm->cpu)
			continue;
		if (tm->tick && e->b < p->next_tick_ns)
			p->next_tick_ns = e->b;
		else if (!tm->tick && e->b < p->next_timer_ns)
			p->next_timer_ns = e->b;
	}
}

/*
 * The tick's hrtimer expired (@e) on @rc's CPU: if it was in the idle
 * loop, whose period's ->reflect reads it (PIDLE_RP_F_GOT_TICK). In a
 * period, or in the interrupts right after its exit (cpuidle_enter_state()
 * enables them before cpuidle_reflect()), that period's; between a
 * ->reflect and the next entry, the next period's.
 */
static void rp_got_tick(struct rp_bld *b, struct rp_cpu *rc,
			const struct rp_ev *e)
{
	if (!e->c || rc->task || e->t < b->live_t)
		return;
	if (rc->nr_periods && (rc->exited ||
			       (rc->in_idle && (!b->module || rc->pidle_in))))
		b->per[rc->last].flags |= PIDLE_RP_F_GOT_TICK;
	else
		rc->tick_idle = true;
}

/* One event into the periods: 0, -1 with the message, 1 streaming stops. */
static int rp_step(struct rp_bld *b, const struct rp_ev *e)
{
	struct rp_load *l = b->l;
	const struct pidle_rp_load_opts *o = b->o;
	struct pidle_rp_trace *t = b->t;
	struct rp_cpu *rc = &b->cpu[e->cpu];
	u64 now = e->t + b->off;
	struct pidle_rp_period *p;
	struct rp_timer *tm;
	struct rp_lines *gl;
	size_t prev;
	void *gp;

	if (b->stream) {
		/*
		 * a module trace's events, a reset mark: the periods depend
		 * on the whole trace (its kind, the mark's time); read again
		 * into the array
		 */
		if (e->type == EV_P_ENTER || e->type == EV_P_EXIT ||
		    e->type == EV_P_DOWN || e->type == EV_RESET)
			return 1;
		if ((e->type == EV_HRT_START || e->type == EV_HRT_CANCEL ||
		     e->type == EV_HRT_EXPIRE) && l->tmr[e->a].await)
			rp_stream_restart(b, &l->tmr[e->a], e);
	}
	switch (e->type) {
	case EV_HRT_START:
		tm = &l->tmr[e->a];
		if (tm->pending)
			rp_cpu_del(&b->cpu[tm->cpu], tm - l->tmr);
		tm->cpu = e->cpu;
		tm->tick = e->c;
		tm->expires = e->b;
		tm->pending = b->stream ? rp_stream_pending(b, e) :
			      e->b - now < RP_FAR_NS || e->b < now;
		if (tm->pending && rp_cpu_add(rc, tm - l->tmr))
			return pidle_rp_fail(l, "out of memory");
		break;
	case EV_HRT_CANCEL:
	case EV_HRT_EXPIRE:
		tm = &l->tmr[e->a];
		if (tm->pending)
			rp_cpu_del(&b->cpu[tm->cpu], tm - l->tmr);
		tm->pending = false;
		if (e->type == EV_HRT_EXPIRE) {
			tm->tick = e->c;
			rp_got_tick(b, rc, e);
			if (!rc->task && rc->entry_t)
				rc->entry_t = now;	/* tick_nohz_irq_exit() */
			/* restarted from its callback: due at its next expiry */
			if (b->stream) {
				tm->await = true;
				tm->cpu = e->cpu;
				tm->from_p = b->nr_p;
			} else if (e->b != PIDLE_RP_NO_TIME) {
				tm->cpu = e->cpu;
				tm->expires = e->b;
				tm->pending = true;
				if (rp_cpu_add(rc, tm - l->tmr))
					return pidle_rp_fail(l, "out of memory");
			}
			if (rc->open != SIZE_MAX && rc->cls < 2) {
				b->per[rc->open].src = e->c ? PIDLE_RP_SRC_TICK :
							   PIDLE_RP_SRC_TIMER;
				rc->cls = 2;
			}
		}
		break;
	case EV_SRC_TIMER:
	case EV_SRC_IPI:
	case EV_SRC_IRQ:
		/*
		 * an interrupt in the idle loop: at its exit with no task
		 * to run, tick_nohz_irq_exit() restarts the idle entry time
		 * (with one to run, the switch comes next and sets it again)
		 */
		if (!rc->task && rc->entry_t)
			rc->entry_t = now;
		if (rc->open == SIZE_MAX || rc->cls)
			break;
		b->per[rc->open].src = e->type == EV_SRC_TIMER ? PIDLE_RP_SRC_TIMER :
				    e->type == EV_SRC_IPI ? PIDLE_RP_SRC_IPI :
				    PIDLE_RP_SRC_IRQ;
		/* a local timer interrupt: its hrtimer says which */
		rc->cls = e->type == EV_SRC_TIMER ? 1 : 2;
		break;
	case EV_WAKEUP:
		if (e->c < t->nr_cpus)
			b->cpu[e->c].task_ran = true;
		break;
	case EV_SWITCH:
		if (e->c)
			rc->task_ran = true;
		rc->task = e->c;
		rc->exited = false;
		/* tick_nohz_idle_enter(), at do_idle()'s start */
		rc->entry_t = e->c ? 0 : now;
		break;
	case EV_QOS:
		if (o->qos_ns < 0)
			b->qos_ns = e->c ? PIDLE_RP_NO_QOS_NS :
				 (s64)e->a * 1000;
		break;
	case EV_P_DOWN:
		if (e->b < PIDLE_RP_MAX_LEVELS && e->t >= b->live_t)
			t->rec.down[e->b][e->c]++;
		break;
	case EV_IDLE:
		if (e->t < b->live_t) {
			/* not every event on yet: only whether it idles */
			rc->pre_idle = e->c != EV_IDLE_EXIT;
			rc->idle_state = e->c;
			rc->idle_t = now;
			break;
		}
		if (e->c != EV_IDLE_EXIT) {
			if (rc->in_idle) {
				pidle_rp_fail(l, "%s %u: cpu %u enters idle again without an exit since its entry at %s %u: a hole in the trace",
					l->pos, e->line, e->cpu, l->pos, rc->idle_line);
				return -1;
			}
			rc->seen = true;
			rc->idle_line = e->line;
			rc->exited = false;
			rc->open = SIZE_MAX;	/* the window closes */
			rc->in_idle = true;
			rc->pidle_in = false;
			rc->idle_state = e->c;
			rc->idle_t = now;
			if (b->module)
				break;
		} else {
			if (!rc->in_idle && rc->seen) {
				pidle_rp_fail(l, "%s %u: cpu %u leaves idle without an entry since its exit before: a hole in the trace",
					l->pos, e->line, e->cpu);
				return -1;
			}
			if (!rc->in_idle) {
				rc->seen = true;
				/*
				 * idle since before the trace; since
				 * before the reset mark: the fresh
				 * governor still reflects it
				 */
				if (rc->pre_idle && b->live_t && !rc->nr_periods &&
				    rc->idle_state < PIDLE_RP_MAX_STATES) {
					t->span[e->cpu].state = rc->idle_state + 1;
					t->span[e->cpu].residency_ns = now - rc->idle_t;
				}
				rc->pre_idle = false;
				break;
			}
			rc->in_idle = false;
			if (!b->module) {
				u64 lat = 0;

				/* the period this CPU opened */
				p = &b->per[rc->last];
				if (p->rec_state < o->nr_rec_latency)
					lat = o->rec_latency_ns[p->rec_state];
				p->wake_ns = now - p->enter_ns > lat ? now - lat :
					     p->enter_ns;
				b->pl[rc->last].wake = e->line;
				rc->open = rc->last;
				rc->cls = 0;
				rc->exited = true;
				break;
			}
			if (rc->pidle_in) {
				p = &b->per[rc->last];
				if (p->wake_ns == PIDLE_RP_NO_TIME) {
					pidle_rp_fail(l, "%s %u: cpu %u leaves idle with no pidle_exit since its pidle_enter: a hole in the trace",
						l->pos, e->line, e->cpu);
					return -1;
				}
				if (
				    now - rc->idle_t > p->wake_ns - p->enter_ns +
						       p->rec_latency_ns)
					p->overhead_ns = now - rc->idle_t -
						(p->wake_ns - p->enter_ns) -
						p->rec_latency_ns;
				break;
			}
			/* module trace: an entry the driver left at once */
		}
		__attribute__((fallthrough));	/* a new period */
	case EV_P_ENTER:
		if (e->type == EV_P_ENTER) {
			if (!rc->in_idle && rc->seen) {
				pidle_rp_fail(l, "%s %u: cpu %u: pidle_enter outside a cpu_idle entry: a hole in the trace",
					l->pos, e->line, e->cpu);
				return -1;
			}
			if (!rc->in_idle)
				break;	/* its cpu_idle was before the trace */
			if (rc->pidle_in) {
				pidle_rp_fail(l, "%s %u: cpu %u: a second pidle_enter in one idle entry: a hole in the trace",
					l->pos, e->line, e->cpu);
				return -1;
			}
			rc->pidle_in = true;
		}
		gp = pidle_rp_grow(b->per, &b->cap_p, b->nr_p + 1, sizeof(*b->per));
		if (gp)
			b->per = gp;
		gl = pidle_rp_grow(b->pl, &b->cap_pl, b->nr_p + 1, sizeof(*b->pl));
		if (gl)
			b->pl = gl;
		if (!gp || !gl)
			return pidle_rp_fail(l, "out of memory");
		prev = rc->nr_periods ? rc->last : SIZE_MAX;
		rc->last = b->nr_p;
		/* an aborted entry's is its cpu_idle entry */
		b->pl[b->nr_p] = (struct rp_lines){
			e->type == EV_IDLE && b->module ? rc->idle_line : e->line,
			e->line };
		p = &b->per[b->nr_p++];
		memset(p, 0, sizeof(*p));
		p->cpu = e->cpu;
		p->latency_req_ns = b->qos_ns;
		p->flags = rc->task_ran ? PIDLE_RP_F_TASK_RAN : 0;
		if (rc->tick_idle)
			p->flags |= PIDLE_RP_F_GOT_TICK;
		rc->task_ran = rc->tick_idle = false;
		rc->nr_periods++;
		if (e->type == EV_P_ENTER) {
			u64 nt, tick;

			/*
			 * e->b is the clockevent's next event, the tick's
			 * included: what the governor's delta_next is
			 * measured to, and the sleep's end unless it is
			 * the tick's (a tick kept running), when the next
			 * other hrtimer is.
			 */
			rp_next_events(l, rc, e->a, o->hz, &nt, &tick);
			p->enter_ns = e->a;
			/*
			 * the governor ran before cpu_idle's entry event,
			 * which is the closer to it (the driver's entry is
			 * after the tick's stop and the tracing)
			 */
			p->select_ns = rc->idle_t < e->a ? rc->idle_t : e->a;
			p->wake_ns = PIDLE_RP_NO_TIME;
			p->next_tick_ns = e->b;
			p->next_timer_ns = e->b;
			if (tick != PIDLE_RP_NO_TIME && nt != PIDLE_RP_NO_TIME &&
			    tick + 2000 >= e->b && tick <= e->b + 2000 && nt > e->b)
				p->next_timer_ns = nt;
			if (tick != PIDLE_RP_NO_TIME &&
			    tick <= e->a + 1000000000ULL / o->hz)
				p->flags |= PIDLE_RP_F_TICK_RUNNING;
			p->rec_state = e->c;
		} else if (b->module) {
			u64 nt, tick;

			/*
			 * the aborted entry of a module trace: no
			 * pidle_enter gives its next events, the
			 * hrtimers do, as in a standard trace (a timer
			 * already due: the governor saw a sleep of 0)
			 */
			rp_next_events(l, rc, rc->idle_t, o->hz, &nt, &tick);
			p->enter_ns = rc->idle_t;
			p->select_ns = rc->idle_t;
			p->wake_ns = now;
			p->next_timer_ns = nt;
			p->next_tick_ns = tick;
			if (tick != PIDLE_RP_NO_TIME &&
			    tick <= rc->idle_t + 1000000000ULL / o->hz)
				p->flags |= PIDLE_RP_F_TICK_RUNNING;
			p->rec_state = rc->idle_state;
			p->rec_achieved = rc->idle_state;
			p->flags |= PIDLE_RP_F_ABORTED;
			p->src = PIDLE_RP_SRC_ABORTED;
			rc->exited = true;
			t->rec.requested[p->rec_state]++;
			t->rec.requested_aborted[p->rec_state]++;
		} else {
			u64 nt, tick;

			/* streamed: what depends on the offset, at the end */
			if (b->stream)
				rp_timers_min(l, rc, &nt, &tick);
			else
				rp_next_events(l, rc, now, o->hz, &nt, &tick);
			p->enter_ns = now;
			p->select_ns = now;
			p->wake_ns = PIDLE_RP_NO_TIME;
			p->next_timer_ns = nt;
			p->next_tick_ns = tick;
			if (!b->stream && tick != PIDLE_RP_NO_TIME &&
			    tick <= now + 1000000000ULL / o->hz)
				p->flags |= PIDLE_RP_F_TICK_RUNNING;
			p->rec_state = e->c;
			p->rec_achieved = e->c;
			t->rec.requested[p->rec_state < PIDLE_RP_MAX_STATES ?
					 p->rec_state : 0]++;
		}
		if (rc->entry_t && rc->entry_t <= p->select_ns &&
		    p->select_ns - rc->entry_t < UINT32_MAX)
			p->entry_lead_ns = p->select_ns - rc->entry_t;
		/*
		 * a CPU's periods one after the other: the model
		 * cannot enter a CPU that has not left (in a module
		 * trace an idle_ns beyond the next pidle_enter)
		 */
		if (prev != SIZE_MAX && b->per[prev].wake_ns != PIDLE_RP_NO_TIME &&
		    p->enter_ns < b->per[prev].wake_ns) {
			pidle_rp_fail(l, "%s %u: cpu %u enters idle at %llu ns, before its last wake-up at %llu ns (%s %u): time going backwards",
				l->pos, b->pl[b->nr_p - 1].enter, e->cpu, p->enter_ns,
				b->per[prev].wake_ns, l->pos, b->pl[prev].wake);
			return -1;
		}
		break;
	case EV_P_EXIT:
		if (!rc->pidle_in && rc->seen) {
			pidle_rp_fail(l, "%s %u: cpu %u: pidle_exit without its pidle_enter: a hole in the trace",
				l->pos, e->line, e->cpu);
			return -1;
		}
		if (!rc->pidle_in)
			break;
		p = &b->per[rc->last];
		if (p->wake_ns != PIDLE_RP_NO_TIME) {
			pidle_rp_fail(l, "%s %u: cpu %u: a second pidle_exit for one pidle_enter: a hole in the trace",
				l->pos, e->line, e->cpu);
			return -1;
		}
		p->wake_ns = p->enter_ns + e->a;
		b->pl[rc->last].wake = e->line;
		p->rec_achieved = e->c >> 8;
		p->rec_latency_ns = e->b;
		rc->exited = true;
		t->rec.requested[e->c & 0xff]++;
		t->rec.achieved[e->c >> 8]++;
		t->rec.latency_ns += e->b;
		rc->open = rc->last;
		rc->cls = 0;
		break;
	}
	return 0;
}

/*
 * The trace's CPUs: those of its events and its header, as many as the
 * topology's if one is given (not fewer).
 */
static int rp_build_cpus(struct rp_bld *b)
{
	struct rp_load *l = b->l;
	struct pidle_rp_trace *t = b->t;
	const struct pidle_rp_load_opts *o = b->o;

	t->nr_cpus = l->max_cpu + 1;
	if (l->hdr_cpus > t->nr_cpus)
		t->nr_cpus = l->hdr_cpus;
	if (o->topo_cpus && t->nr_cpus > o->topo_cpus)
		return pidle_rp_fail(l, "the trace has CPUs 0-%u, more than the %u of the topology: give a topology of the machine that was traced",
			       t->nr_cpus - 1, o->topo_cpus);
	if (o->topo_cpus)
		t->nr_cpus = o->topo_cpus;
	t->cpu_mode = calloc(t->nr_cpus, 1);
	t->span = calloc(t->nr_cpus, sizeof(*t->span));
	if (!t->cpu_mode || !t->span)
		return pidle_rp_fail(l, "out of memory");
	return 0;
}

/* The loop's state for b->nr_cpu CPUs and @cap periods at most. */
static int rp_build_begin(struct rp_bld *b, size_t cap)
{
	struct rp_load *l = b->l;
	unsigned int c;

	b->cpu = calloc(b->nr_cpu, sizeof(*b->cpu));
	if (!b->cpu)
		return pidle_rp_fail(l, "out of memory");
	for (c = 0; c < b->nr_cpu; c++)
		b->cpu[c].open = SIZE_MAX;
	/*
	 * The periods at their most (each is a cpu_idle entry's or a
	 * pidle_enter's), reserved at once on huge pages: grown by doubling
	 * and faulted in 4 kB at a time, they took a tenth of an end-to-end
	 * run (bench/replay.sh); the pages never reached are never touched
	 */
	b->per = pidle_rp_grow(NULL, &b->cap_p, cap, sizeof(*b->per));
	b->pl = pidle_rp_grow(NULL, &b->cap_pl, b->cap_p, sizeof(*b->pl));
	if (!b->per || !b->pl)
		return pidle_rp_fail(l, "out of memory");
	pidle_rp_hugepages(b->per, b->cap_p * sizeof(*b->per));
	pidle_rp_hugepages(b->pl, b->cap_pl * sizeof(*b->pl));
	b->qos_ns = b->o->qos_ns >= 0 ? b->o->qos_ns : PIDLE_RP_NO_QOS_NS;
	b->t->module = b->module;
	b->t->hz = b->o->hz;
	return 0;
}

/* The periods complete, checked against the options, and put in order. */
static int rp_build_end(struct rp_bld *b)
{
	struct rp_load *l = b->l;
	struct pidle_rp_trace *t = b->t;
	const struct pidle_rp_load_opts *o = b->o;
	struct pidle_rp_period *per = b->per;
	struct rp_lines *pl = b->pl;
	struct rp_cpu *cpu = b->cpu;
	struct pidle_rp_period *cut;
	struct rp_lines *cut_l;
	size_t i, k, n, nr_p, nr_cut = 0;
	u64 last_t = 0;
	unsigned int c;

	memcpy(t->rec.level_name, l->level_name, sizeof(l->level_name));
	t->rec.nr_levels = l->nr_levels;
	/*
	 * a period the trace's end cut (entered, never left): after the
	 * complete ones, its CPU idle to the trace's last time, which the
	 * guest's was too: dropping it would wake its CPU, and the domains
	 * it shares would stay up where the guest's went down
	 */
	for (i = 0; i < b->nr_p; i++) {
		if (per[i].wake_ns != PIDLE_RP_NO_TIME && per[i].wake_ns > last_t)
			last_t = per[i].wake_ns;
		if (per[i].enter_ns > last_t)
			last_t = per[i].enter_ns;
		nr_cut += per[i].wake_ns == PIDLE_RP_NO_TIME;
	}
	cut = malloc((nr_cut ? nr_cut : 1) * sizeof(*cut));
	cut_l = malloc((nr_cut ? nr_cut : 1) * sizeof(*cut_l));
	if (!cut || !cut_l) {
		free(cut);
		free(cut_l);
		return pidle_rp_fail(l, "out of memory");
	}
	for (i = 0, c = 0, k = 0; i < b->nr_p; i++) {
		if (per[i].wake_ns == PIDLE_RP_NO_TIME) {
			cpu[per[i].cpu].nr_periods--;
			cut_l[k] = pl[i];
			cut[k] = per[i];
			cut[k].wake_ns = last_t;
			cut[k++].flags |= PIDLE_RP_F_CUT;
			continue;
		}
		pl[c] = pl[i];
		per[c++] = per[i];
	}
	nr_p = b->nr_p = c;
	memcpy(per + nr_p, cut, nr_cut * sizeof(*cut));
	memcpy(pl + nr_p, cut_l, nr_cut * sizeof(*cut_l));
	free(cut);
	free(cut_l);
	if (rp_cpus_arg(l, t, o->busy_cpus, PIDLE_RP_CPU_BUSY, "--busy") ||
	    rp_cpus_arg(l, t, o->offline_cpus, PIDLE_RP_CPU_OFFLINE, "--offline"))
		return -1;
	for (c = 0; c < t->nr_cpus; c++) {
		if (t->cpu_mode[c] != PIDLE_RP_CPU_IDLES) {
			if (cpu[c].nr_periods)
				return pidle_rp_fail(l, "cpu %u: declared %s, but it idles %zu times in the trace",
					c, t->cpu_mode[c] == PIDLE_RP_CPU_BUSY ?
					"busy" : "offline", cpu[c].nr_periods);
			continue;
		}
		if (!cpu[c].nr_periods)
			return pidle_rp_fail(l, "cpu %u: no idle period in the trace: it was busy, or idle or offline all along, which the trace cannot tell; say which with --busy=%u or --offline=%u",
				c, c, c);
	}
	if (!nr_p)
		return pidle_rp_fail(l, "no complete idle period");

	/* 4. every entry and exit in time order */
	n = nr_p + nr_cut;
	t->order = malloc(2 * n * sizeof(*t->order));
	if (t->order)
		pidle_rp_hugepages(t->order, 2 * n * sizeof(*t->order));
	if (!t->order || rp_order(per, n, t->nr_cpus, t->order))
		return pidle_rp_fail(l, "out of memory");
	t->start_ns = rp_sort_key(per, t->order[0]).t;
	t->end_ns = rp_sort_key(per, t->order[2 * n - 1]).t;
	/* nothing to replay, and every rate of the report a division by 0 */
	if (t->end_ns == t->start_ns)
		return pidle_rp_fail(l, "%s %u: the last wake-up is at the time of the first idle entry (%s %u): no time passes in the trace (are its timestamps all equal?)",
			l->pos, pl[t->order[2 * n - 1] >> 1].wake,
			l->pos, pl[t->order[0] >> 1].enter);
	t->period = per;
	t->nr_periods = nr_p;
	t->nr_cut = nr_cut;
	b->per = NULL;
	return 0;
}

static void rp_build_free(struct rp_bld *b)
{
	unsigned int c;

	if (b->cpu)
		for (c = 0; c < b->nr_cpu; c++)
			free(b->cpu[c].tmr);
	free(b->cpu);
	free(b->per);
	free(b->pl);
	b->cpu = NULL;
	b->per = NULL;
	b->pl = NULL;
}

/* The periods of the events in l->ev. */
static int rp_build(struct rp_load *l, const struct pidle_rp_load_opts *o,
		    struct pidle_rp_trace *t)
{
	struct rp_bld b = { .l = l, .o = o, .t = t,
			    .module = l->need[NEED_P_ENTER] > 0 };
	bool module = b.module;
	u64 *enter_t;
	unsigned int seen = 0;
	size_t i;
	int ret = -1;
	/* 1. the offset from the trace clock to the model's (pidle_rp_push()) */
	b.off = l->off[module];
	if (!l->nr_off[module])
		return pidle_rp_fail(l, "no %s event to align the clocks with",
			       module ? "pidle_enter" : "hrtimer_expire_entry");
	/*
	 * a clock behind the trace's by more than its first event's time
	 * (a now= that went back): every time would wrap below 0 (found by
	 * tests/fuzz/fuzz_gov, corpus/fuzz_trace/found-clock-before-zero.trace);
	 * the events are in time order, the first is the earliest
	 */
	if (b.off < 0 && l->ev[0].t < (u64)-b.off)
		return pidle_rp_fail(l, "%s %u: at %llu ns on the trace clock, before the start of the %s clock (%s events put it %llu ns behind)",
				     l->pos, l->ev[0].line, l->ev[0].t,
				     module ? "module's" : "hrtimers'",
				     module ? "pidle_enter" : "hrtimer_expire_entry",
				     (unsigned long long)-b.off);

	/* 2. a timer's last expiry: no later event restarted it */
	for (i = 0; i < l->nr_tmr; i++)
		if (l->tmr[i].last_ev != SIZE_MAX &&
		    l->ev[l->tmr[i].last_ev].type == EV_HRT_EXPIRE)
			l->ev[l->tmr[i].last_ev].b = PIDLE_RP_NO_TIME;

	/*
	 * 3. the periods, in a module trace from the time its three events
	 * are all on (switched on one by one, they start at different
	 * times): cpu_idle's first occurrence and the cpu_idle entries of
	 * the first periods with a pidle_enter and a pidle_exit, the latest
	 * of them; in
	 * any trace from the recorder's mark of a governor reset, if any
	 */
	enter_t = calloc(l->max_cpu + 1, sizeof(*enter_t));
	if (!enter_t)
		return pidle_rp_fail(l, "out of memory");
	for (i = 0; i < l->nr_ev; i++) {
		const struct rp_ev *e = &l->ev[i];
		int k = !module ? -1 : e->type == EV_IDLE ? 0 :
			e->type == EV_P_ENTER ? 1 : e->type == EV_P_EXIT ? 2 : -1;

		/* a period starts at its cpu_idle entry */
		if (k == 0 && e->c != EV_IDLE_EXIT)
			enter_t[e->cpu] = e->t;
		if (k >= 0 && !(seen & 1u << k)) {
			u64 from = k ? enter_t[e->cpu] : e->t;

			seen |= 1u << k;
			if (from > b.live_t)
				b.live_t = from;
		}
		/* the recorder's mark: the governor's history starts here */
		if (e->type == EV_RESET && e->t > b.live_t)
			b.live_t = e->t;
	}
	free(enter_t);
	if (rp_build_cpus(&b))
		return -1;
	b.nr_cpu = t->nr_cpus;
	if (rp_build_begin(&b, l->need[NEED_CPU_IDLE] + l->need[NEED_P_ENTER] + 1))
		goto out;
	for (i = 0; i < l->nr_ev; i++)
		if (rp_step(&b, &l->ev[i]))
			goto out;
	ret = rp_build_end(&b);
out:
	rp_build_free(&b);
	return ret;
}

/**
 * DOC: Streaming a trace.dat
 *
 * A standard trace.dat is built into periods as libtracecmd reads it, no
 * event kept (the events' array, and the kernel zeroing its pages, was
 * the largest share of an end-to-end run). What the array gave the build
 * is had otherwise:
 *
 * - the clock offset (the largest difference over the trace): the periods
 *   are built on the trace clock, and what compares their times with a
 *   timer's expiry is done at the end, the offset known (rp_stream_fix());
 *   only whether an hrtimer_start armed its timer a year ahead or more
 *   (not waited for) is decided at once, at the offset so far, and checked
 *   against the final one at the end (rp_stream_pending());
 * - the look-ahead of a timer restarted from its callback: once its next
 *   expiry says when it was due, it becomes a next event of the periods
 *   its CPU entered meanwhile (rp_stream_restart());
 * - the trace's kind and its reset mark: at the first module event or
 *   mark, at any error, or when the check above fails, the streaming stops
 *   and the file is read again into the array, so that every message
 *   comes as the array's build gives it.
 */

/* Streamed: what depends on the offset, now known, of period @p. */
static void rp_stream_fix(const struct rp_bld *b, struct pidle_rp_period *p)
{
	u64 now = p->enter_ns + b->off, hz_ns = 1000000000ULL / b->o->hz;
	u64 tick = p->next_tick_ns;

	/* as rp_next_events() and the standard entry in rp_step() */
	if (tick != PIDLE_RP_NO_TIME && tick > now + hz_ns &&
	    tick < p->next_timer_ns)
		p->next_timer_ns = tick;
	if (tick != PIDLE_RP_NO_TIME && tick <= now + hz_ns)
		p->flags |= PIDLE_RP_F_TICK_RUNNING;
	p->enter_ns = now;
	p->select_ns = now;
	if (p->wake_ns != PIDLE_RP_NO_TIME)
		p->wake_ns += b->off;
}

int pidle_rp_stream_begin(struct rp_load *l, const struct pidle_rp_load_opts *o,
			  struct pidle_rp_trace *t, size_t max_periods)
{
	struct rp_bld *b = calloc(1, sizeof(*b));

	if (!b)
		return pidle_rp_fail(l, "out of memory");
	l->bld = b;
	*b = (struct rp_bld){ .l = l, .o = o, .t = t, .stream = true,
			      .nr_cpu = PIDLE_MAX_CPUS,
			      /* beyond any expires - time */
			      .np_gap = (__int128)1 << 100 };
	/* any CPU an event names, until the end says how many */
	t->nr_cpus = PIDLE_MAX_CPUS;
	return rp_build_begin(b, max_periods);
}

/* The streamed periods complete: 0, -1 with the message, 1 read again. */
static int rp_stream_end(struct rp_load *l)
{
	struct rp_bld *b = l->bld;
	size_t i;

	/* as rp_build()'s checks of a standard trace */
	b->off = l->off[0];
	if (!l->nr_off[0])
		return pidle_rp_fail(l, "no %s event to align the clocks with",
				     "hrtimer_expire_entry");
	if (b->off < 0 && l->first.t < (u64)-b->off)
		return pidle_rp_fail(l, "%s %u: at %llu ns on the trace clock, before the start of the %s clock (%s events put it %llu ns behind)",
				     l->pos, l->first.line, l->first.t,
				     "hrtimers'", "hrtimer_expire_entry",
				     (unsigned long long)-b->off);
	/* a timer taken for not pending that was (rp_stream_pending()) */
	if (b->np_gap < (__int128)b->off + RP_FAR_NS)
		return PIDLE_RP_AGAIN;
	for (i = 0; i < b->nr_p; i++)
		rp_stream_fix(b, &b->per[i]);
	if (rp_build_cpus(b))
		return -1;
	return rp_build_end(b);
}

void pidle_rp_stream_free(struct rp_load *l)
{
	if (!l->bld)
		return;
	rp_build_free(l->bld);
	free(l->bld);
	l->bld = NULL;
}

/* pidle_rp_push(), streamed: @e into the periods at once. */
static int rp_push_stream(struct rp_load *l, const struct rp_ev *e)
{
	struct rp_ev x = *e;
	struct rp_timer *tm;

	if (!l->nr_ev)
		l->first = x;
	l->nr_ev++;
	rp_push_off(l, &x);
	if (x.type == EV_HRT_START || x.type == EV_HRT_CANCEL ||
	    x.type == EV_HRT_EXPIRE) {
		tm = rp_timer(l, x.a);
		if (!tm)
			return PIDLE_RP_AGAIN;
		x.a = tm - l->tmr;
	}
	return rp_step(l->bld, &x) ? PIDLE_RP_AGAIN : 0;
}

static const char *const rp_need_what[NEED_NR] = {
	[NEED_CPU_IDLE] = "power:cpu_idle (the idle periods)",
	[NEED_HRT_START] = "timer:hrtimer_start (each CPU's next timer)",
	[NEED_HRT_CANCEL] = "timer:hrtimer_cancel (each CPU's next timer)",
	[NEED_HRT_EXPIRE] = "timer:hrtimer_expire_entry (each CPU's next timer, the clock)",
	[NEED_WAKE_SRC] = "irq_vectors:local_timer_entry, irq_vectors:reschedule_entry, irq:irq_handler_entry or ipi:ipi_entry (what woke each period)",
	[NEED_WAKEUP] = "sched:sched_wakeup (whether a task ran between periods)",
	[NEED_P_ENTER] = "pseudo_cpuidle:pidle_enter",
	[NEED_P_EXIT] = "pseudo_cpuidle:pidle_exit (the module trace's wake-ups)",
};

/*
 * The periods at their most in trace.dat @f (a record is 16 bytes at
 * least, a period two records): reserved, untouched beyond those built.
 */
static size_t rp_max_periods(FILE *f)
{
	struct stat st;

	if (fstat(fileno(f), &st) || st.st_size < 32)
		return 1024;
	return st.st_size / 32 + 1;
}

/* pidle_rp_load(), streamed or not: 0, -1, or PIDLE_RP_AGAIN. */
static int rp_load_once(FILE *f, const char *name,
			const struct pidle_rp_load_opts *o,
			struct pidle_rp_trace *t, bool stream, char *err,
			size_t errlen)
{
	struct rp_load l = { .name = name, .err = err, .errlen = errlen,
			     .off = { LLONG_MIN, LLONG_MIN } };
	static const enum rp_need std[] = { NEED_CPU_IDLE, NEED_HRT_START,
		NEED_HRT_CANCEL, NEED_HRT_EXPIRE, NEED_WAKE_SRC, NEED_WAKEUP };
	static const enum rp_need mod[] = { NEED_CPU_IDLE, NEED_P_EXIT,
		NEED_WAKE_SRC, NEED_WAKEUP };
	const enum rp_need *need;
	size_t nr_need, i, nr_lines = 0;
	bool dat = t->tracedat;
	int ret = -1, r;

	memset(t, 0, sizeof(*t));
	t->tracedat = dat;
	l.pos = t->tracedat ? "record" : "line";
	if (stream && pidle_rp_stream_begin(&l, o, t, rp_max_periods(f)))
		goto out;
	r = t->tracedat ? pidle_rp_read_dat(&l, f, &nr_lines) :
			  pidle_rp_read(&l, f, &nr_lines);
	if (r) {
		ret = r;
		goto out;
	}
	if (!l.nr_ev) {
		pidle_rp_fail(&l, "no event the replay reads in %zu %ss: not a trace of the events it needs (Documentation/pidle-replay.rst)",
			      nr_lines, l.pos);
		goto out;
	}
	need = l.need[NEED_P_ENTER] ? mod : std;
	nr_need = l.need[NEED_P_ENTER] ? ARRAY_SIZE(mod) : ARRAY_SIZE(std);
	for (i = 0; i < nr_need; i++)
		if (!l.need[need[i]]) {
			pidle_rp_fail(&l, "no %s event: record it (trace-cmd record -e ...; Documentation/pidle-replay.rst lists the events)",
				rp_need_what[need[i]]);
			goto out;
		}
	r = stream ? rp_stream_end(&l) : rp_build(&l, o, t);
	if (r) {
		ret = r;
		goto out;
	}
	t->nr_lines = nr_lines;
	t->nr_events = l.nr_ev;
	ret = 0;
out:
	if (ret)
		pidle_rp_free(t);
	pidle_rp_stream_free(&l);
	free(l.ev);
	free(l.tmr);
	free(l.hash);
	return ret;
}

int pidle_rp_load(FILE *f, const char *name,
		  const struct pidle_rp_load_opts *o,
		  struct pidle_rp_trace *t, char *err, size_t errlen)
{
	int ret;

	memset(t, 0, sizeof(*t));
	t->tracedat = pidle_rp_is_tracedat(f, name);
	/* a trace.dat streamed, unless it needs the whole trace first */
	ret = rp_load_once(f, name, o, t, t->tracedat, err, errlen);
	if (ret == PIDLE_RP_AGAIN)
		ret = rp_load_once(f, name, o, t, false, err, errlen);
	return ret;
}

void pidle_rp_free(struct pidle_rp_trace *t)
{
	free(t->period);
	free(t->order);
	free(t->cpu_mode);
	free(t->span);
	t->span = NULL;
	t->period = NULL;
	t->order = NULL;
	t->cpu_mode = NULL;
}
