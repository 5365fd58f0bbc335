// SPDX-License-Identifier: GPL-2.0
/**
 * DOC: Reading trace.dat
 *
 * ``trace-cmd record`` writes ``trace.dat``: the event formats of the
 * recorded kernel, its symbols, and each CPU's ring-buffer pages as the
 * kernel filled them. pidle-replay reads it through libtracecmd (the
 * pages, merged in time order as ``trace-cmd report`` merges them) and
 * libtraceevent (the formats), into the same events the text reader
 * (pidle_rp_parse.c) makes of ``trace-cmd report -t``'s lines, for the
 * same periods (pidle_rp_trace.c): the two readers of one recording give
 * the same replay, to the byte (tests/replay/run.sh checks it).
 *
 * Nothing is formatted: each event the replay reads is looked up once by
 * system and name (tep_find_event_by_name()), each of its fields once by
 * name (tep_find_field()), into a table indexed by the event's id; a
 * record is then its id, a lookup, and a few numbers read at known
 * offsets. The one name a record needs, the hrtimer callback's (is it
 * the tick?), comes from the file's kallsyms once per address.
 *
 * What the text reader refuses, this one refuses too, by the record's
 * number in the file (``record N``, counted from 1 over every record,
 * the events the replay skips included): lost events, a time going
 * backwards, a number beyond what the reader keeps. Besides: a file
 * whose first bytes are not trace-cmd's magic, one libtracecmd cannot
 * open (cut in its headers), one whose CPU data ends before the sizes
 * its header gives (cut in its pages), and an event whose format lacks
 * a field the replay reads.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <trace-cmd.h>
#include <pidle/limits.h>
#include "pidle_rp_priv.h"

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define RP_KTIME_MAX	((u64)LLONG_MAX)
#define RP_DAT_FIELDS	4

/* trace-cmd's magic: trace-cmd/lib/trace-cmd/trace-output.c */
static const char rp_dat_magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c',
				     'i', 'n', 'g' };

/* One event the replay reads: where it is, what it becomes. */
struct rp_dat_spec {
	const char *sys, *name;
	enum rp_ev_type type;
	int need;		/* enum rp_need it counts for, or -1 */
	const char *field[RP_DAT_FIELDS];
};

/* The names as pidle_rp_parse.c matches them; the systems as x86 has them. */
static const struct rp_dat_spec rp_dat_specs[] = {
	{ "power", "cpu_idle", EV_IDLE, NEED_CPU_IDLE, { "state", "cpu_id" } },
	{ "timer", "hrtimer_start", EV_HRT_START, NEED_HRT_START,
	  { "hrtimer", "expires", "function" } },
	{ "timer", "hrtimer_cancel", EV_HRT_CANCEL, NEED_HRT_CANCEL, { "hrtimer" } },
	{ "timer", "hrtimer_expire_entry", EV_HRT_EXPIRE, NEED_HRT_EXPIRE,
	  { "hrtimer", "now", "function" } },
	{ "irq_vectors", "local_timer_entry", EV_SRC_TIMER, NEED_WAKE_SRC },
	{ "irq_vectors", "reschedule_entry", EV_SRC_IPI, NEED_WAKE_SRC },
	{ "irq_vectors", "call_function_entry", EV_SRC_IPI, NEED_WAKE_SRC },
	{ "irq_vectors", "call_function_single_entry", EV_SRC_IPI, NEED_WAKE_SRC },
	{ "ipi", "ipi_entry", EV_SRC_IPI, NEED_WAKE_SRC },
	{ "irq", "irq_handler_entry", EV_SRC_IRQ, NEED_WAKE_SRC },
	{ "irq_vectors", "x86_platform_ipi_entry", EV_SRC_IRQ, NEED_WAKE_SRC },
	{ "irq_vectors", "irq_work_entry", EV_SRC_IRQ, NEED_WAKE_SRC },
	{ "irq_vectors", "thermal_apic_entry", EV_SRC_IRQ, NEED_WAKE_SRC },
	{ "irq_vectors", "error_apic_entry", EV_SRC_IRQ, NEED_WAKE_SRC },
	{ "irq_vectors", "spurious_apic_entry", EV_SRC_IRQ, NEED_WAKE_SRC },
	{ "sched", "sched_wakeup", EV_WAKEUP, NEED_WAKEUP, { "target_cpu" } },
	{ "sched", "sched_switch", EV_SWITCH, -1, { "next_pid" } },
	{ "power", "pm_qos_add_request", EV_QOS, -1, { "value" } },
	{ "power", "pm_qos_update_request", EV_QOS, -1, { "value" } },
	{ "power", "pm_qos_remove_request", EV_QOS, -1, { "value" } },
	{ "pseudo_cpuidle", "pidle_enter", EV_P_ENTER, NEED_P_ENTER,
	  { "state", "enter_ns", "next_timer_ns" } },
	{ "pseudo_cpuidle", "pidle_exit", EV_P_EXIT, NEED_P_EXIT,
	  { "requested", "achieved", "idle_ns", "latency_ns" } },
	{ "pseudo_cpuidle", "pidle_domain_down", EV_P_DOWN, -1,
	  { "level", "domain", "state" } },
	/* a write to trace_marker (the text's tracing_mark_write) */
	{ "ftrace", "print", EV_RESET, -1, { "buf" } },
};

/* An event id of the file, resolved. */
struct rp_dat_id {
	const struct rp_dat_spec *spec;	/* NULL: an event the replay skips */
	struct tep_format_field *f[RP_DAT_FIELDS];
};

/* Function address -> is it the tick's handler, for the few there are. */
struct rp_dat_fn {
	u64 addr;
	bool tick;
};

struct rp_dat {
	struct rp_load *l;
	struct tep_handle *tep;
	struct rp_dat_id *id;
	int nr_id;
	struct tep_format_field *type;	/* common_type */
	struct rp_dat_fn fn[16];
	unsigned int nr_fn, next_fn;
	size_t nr;			/* records read */
	u64 last_t;
	bool swap;		/* the file's byte order is not the host's */
	int ret;
};

/*
 * libtracecmd 3.1's tracecmd_parse_trace_clock() keeps the string its
 * sscanf("%ms") allocated, a few bytes per version 6 file opened: not the
 * replay's to free. LeakSanitizer's hook (the sanitizer build, make
 * tools-san) leaves it out; its default unwinder stops at sscanf, without
 * frame pointers in libc, so the pattern is sscanf's, which no code of
 * pidle-replay calls with %m.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:__isoc99_vsscanf\n";
}

bool pidle_rp_is_tracedat(FILE *f, const char *name)
{
	size_t n = strlen(name);
	int c = getc(f);

	if (c == EOF)
		return false;
	ungetc(c, f);
	/* the magic's first byte, which no text trace starts with */
	return c == rp_dat_magic[0] ||
	       (n > 4 && !strcmp(name + n - 4, ".dat"));
}

/*
 * @size bytes at @p as a number: of the host's byte order, loaded as it
 * is (a record's fields are read by the million; tep_read_number() is a
 * call and a switch on the two orders each), else through libtraceevent.
 */
static u64 rp_dat_raw(const struct rp_dat *d, const void *p, int size)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	u64 u64v;

	if (d->swap)
		return tep_read_number(d->tep, p, size);
	switch (size) {
	case 1:
		memcpy(&u8, p, 1);
		return u8;
	case 2:
		memcpy(&u16, p, 2);
		return u16;
	case 4:
		memcpy(&u32, p, 4);
		return u32;
	case 8:
		memcpy(&u64v, p, 8);
		return u64v;
	default:
		return tep_read_number(d->tep, p, size);
	}
}

static u64 rp_dat_num(const struct rp_dat *d, const struct tep_record *r,
		      const struct tep_format_field *f)
{
	u64 x = rp_dat_raw(d, (char *)r->data + f->offset, f->size);

	/* a signed field (an int target_cpu): its value, not its bits */
	if ((f->flags & TEP_FIELD_IS_SIGNED) && f->size < 8 &&
	    (x >> (8 * f->size - 1) & 1))
		x |= ~0ULL << (8 * f->size);
	return x;
}

/* A string field (__string, the print event's buf): bounded by the record. */
static int rp_dat_str(const struct rp_dat *d, const struct tep_record *r,
		      const struct tep_format_field *f, char *buf, size_t size)
{
	unsigned int off = f->offset, len = f->size, size_b = r->size;
	const char *p;

	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		unsigned int loc;

		if (f->offset + 4 > r->size)
			return -1;
		loc = tep_read_number(d->tep, (char *)r->data + f->offset, 4);
		off = loc & 0xffff;
		len = loc >> 16;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			off += f->offset + f->size;
	} else if (!len) {
		/* char buf[]: to the record's end */
		len = size_b > off ? size_b - off : 0;
	}
	if (off > size_b || len > size_b - off)
		return -1;
	p = (const char *)r->data + off;
	len = strnlen(p, len);
	if (len >= size)
		len = size - 1;
	memcpy(buf, p, len);
	buf[len] = '\0';
	return 0;
}

static bool rp_dat_tick(struct rp_dat *d, u64 addr)
{
	unsigned int i;
	const char *fn;

	for (i = 0; i < d->nr_fn; i++)
		if (d->fn[i].addr == addr)
			return d->fn[i].tick;
	fn = tep_find_function(d->tep, addr);
	i = d->nr_fn < ARRAY_SIZE(d->fn) ? d->nr_fn++ :
	    d->next_fn++ % ARRAY_SIZE(d->fn);
	d->fn[i] = (struct rp_dat_fn){ addr, pidle_rp_is_tick_fn(fn) };
	return d->fn[i].tick;
}

/* Why a number is refused, as pidle_rp_parse.c says it. */
static const char rp_why_state[] = "beyond cpuidle's states (CPUIDLE_STATE_MAX)";
static const char rp_why_cpu[] = "beyond the module's limit of CPUs (PIDLE_MAX_CPUS)";
static const char rp_why_qos[] = "not a PM QoS latency of 0 to 2147483647 us";
static const char rp_why_lat[] = "beyond 4294967295 ns, an exit latency no table has";
static const char rp_why_time[] = "not a time of 0 to 9223372036854775807 ns (KTIME_MAX)";

/* Field @what of the record is @x, refused for @why; 1: the iteration stops. */
static int rp_dat_fail(struct rp_dat *d, const struct rp_dat_spec *s,
		       const char *what, u64 x, const char *why)
{
	d->ret = pidle_rp_fail(d->l, "record %zu: %s:%s: %s=%lld: %s",
			       d->nr, s->sys, s->name, what, (long long)x, why);
	return 1;
}

/* One record into l->ev, as rp_line() makes one line; 1 stops. */
static int rp_dat_record(struct tracecmd_input *h, struct tep_record *r,
			 int cpu, void *data)
{
	struct rp_dat *d = data;
	struct rp_load *l = d->l;
	struct rp_ev e = { .cpu = cpu };
	const struct rp_dat_id *ri;
	const struct rp_dat_spec *s;
	u64 x, y;
	char str[64];
	int id, lv;

	d->nr++;
	if (r->missed_events) {
		d->ret = pidle_rp_fail(l, "record %zu: the trace lost events on cpu %d before it: a hole in the periods; record again with a larger buffer (trace-cmd record -b)",
				       d->nr, cpu);
		return 1;
	}
	if (r->ts < d->last_t) {
		d->ret = pidle_rp_fail(l, "record %zu: time %llu.%09llu is before the record before's %llu.%09llu: events out of order",
				       d->nr, r->ts / 1000000000, r->ts % 1000000000,
				       d->last_t / 1000000000, d->last_t % 1000000000);
		return 1;
	}
	d->last_t = r->ts;
	if (d->type->offset + d->type->size > r->size)
		return 0;	/* padding, or a record with no event */
	id = rp_dat_raw(d, (char *)r->data + d->type->offset, d->type->size);
	if (id < 0 || id >= d->nr_id || !d->id[id].spec)
		return 0;
	ri = &d->id[id];
	s = ri->spec;
	/* every field inside the record: a cut or foreign one is refused */
	for (lv = 0; lv < RP_DAT_FIELDS && ri->f[lv]; lv++)
		if (ri->f[lv]->offset + ri->f[lv]->size > r->size) {
			d->ret = pidle_rp_fail(l, "record %zu: %s:%s: %u bytes, shorter than its format's field %s",
					       d->nr, s->sys, s->name, r->size,
					       ri->f[lv]->name);
			return 1;
		}
	if (r->ts > RP_KTIME_MAX)
		return rp_dat_fail(d, s, "time", r->ts, rp_why_time);
	if ((unsigned int)cpu >= PIDLE_MAX_CPUS)
		return rp_dat_fail(d, s, "cpu", cpu, rp_why_cpu);
	e.t = r->ts;
	e.line = d->nr;
	e.type = s->type;
	switch (s->type) {
	case EV_IDLE:
		x = rp_dat_num(d, r, ri->f[0]);
		y = rp_dat_num(d, r, ri->f[1]);
		/* the exit: PWR_EVENT_EXIT, (u32)-1 */
		if (x != 4294967295ULL && x >= PIDLE_RP_MAX_STATES)
			return rp_dat_fail(d, s, "state", x, rp_why_state);
		if (y >= PIDLE_MAX_CPUS)
			return rp_dat_fail(d, s, "cpu_id", y, rp_why_cpu);
		e.cpu = y;
		e.c = x < PIDLE_RP_MAX_STATES ? x : EV_IDLE_EXIT;
		break;
	case EV_HRT_START:
	case EV_HRT_EXPIRE:
		e.a = rp_dat_num(d, r, ri->f[0]);
		e.b = rp_dat_num(d, r, ri->f[1]);
		if (s->type == EV_HRT_EXPIRE && e.b > RP_KTIME_MAX)
			return rp_dat_fail(d, s, "now", e.b, rp_why_time);
		e.c = rp_dat_tick(d, rp_dat_num(d, r, ri->f[2]));
		break;
	case EV_HRT_CANCEL:
		e.a = rp_dat_num(d, r, ri->f[0]);
		break;
	case EV_WAKEUP:
		x = rp_dat_num(d, r, ri->f[0]);
		if (x >= PIDLE_MAX_CPUS)
			return rp_dat_fail(d, s, "target_cpu", x, rp_why_cpu);
		e.c = x;
		if (x > l->max_cpu)
			l->max_cpu = x;
		break;
	case EV_SWITCH:
		e.c = rp_dat_num(d, r, ri->f[0]) != 0;
		break;
	case EV_QOS:
		e.a = rp_dat_num(d, r, ri->f[0]);
		if (e.a > INT32_MAX)
			return rp_dat_fail(d, s, "value", e.a, rp_why_qos);
		e.c = !strcmp(s->name, "pm_qos_remove_request");
		break;
	case EV_P_ENTER:
		x = rp_dat_num(d, r, ri->f[0]);
		e.a = rp_dat_num(d, r, ri->f[1]);
		e.b = rp_dat_num(d, r, ri->f[2]);
		if (x >= PIDLE_RP_MAX_STATES)
			return rp_dat_fail(d, s, "state", x, rp_why_state);
		if (e.a > RP_KTIME_MAX || e.b > RP_KTIME_MAX)
			return e.a > RP_KTIME_MAX ?
			       rp_dat_fail(d, s, "enter_ns", e.a, rp_why_time) :
			       rp_dat_fail(d, s, "next_timer_ns", e.b, rp_why_time);
		e.c = x;
		break;
	case EV_P_EXIT:
		x = rp_dat_num(d, r, ri->f[0]);
		y = rp_dat_num(d, r, ri->f[1]);
		e.a = rp_dat_num(d, r, ri->f[2]);
		e.b = rp_dat_num(d, r, ri->f[3]);
		if (x >= PIDLE_RP_MAX_STATES || y >= PIDLE_RP_MAX_STATES)
			return rp_dat_fail(d, s, "state", x > y ? x : y, rp_why_state);
		if (e.a > RP_KTIME_MAX)
			return rp_dat_fail(d, s, "idle_ns", e.a, rp_why_time);
		if (e.b > UINT32_MAX)
			return rp_dat_fail(d, s, "latency_ns", e.b, rp_why_lat);
		e.c = x | y << 8;
		break;
	case EV_P_DOWN:
		if (rp_dat_str(d, r, ri->f[0], str, sizeof(str)))
			goto bad_str;
		e.a = rp_dat_num(d, r, ri->f[1]);
		x = rp_dat_num(d, r, ri->f[2]);
		if (x >= PIDLE_RP_MAX_STATES)
			return rp_dat_fail(d, s, "state", x, rp_why_state);
		lv = pidle_rp_level(l, str);
		if (lv < 0) {
			d->ret = pidle_rp_fail(l, "record %zu: more than %d domain levels",
					       d->nr, PIDLE_RP_MAX_LEVELS);
			return 1;
		}
		e.b = lv;
		e.c = x;
		break;
	case EV_RESET:
		if (rp_dat_str(d, r, ri->f[0], str, sizeof(str)))
			goto bad_str;
		if (!strstr(str, "pidle-replay: governor reset"))
			return 0;
		break;
	default:
		break;
	}
	if (s->need >= 0)
		l->need[s->need]++;
	if (e.cpu > l->max_cpu)
		l->max_cpu = e.cpu;
	lv = pidle_rp_push(l, &e);
	if (lv) {
		/* streaming stops: read again (pidle_rp_trace.c) */
		d->ret = lv == PIDLE_RP_AGAIN ? lv :
			 pidle_rp_fail(l, "out of memory at record %zu", d->nr);
		return 1;
	}
	return 0;
bad_str:
	d->ret = pidle_rp_fail(l, "record %zu: %s:%s: its string field reaches beyond the record",
			       d->nr, s->sys, s->name);
	return 1;
}

/* The table of event ids: each event of rp_dat_specs the file has. */
static int rp_dat_resolve(struct rp_dat *d)
{
	struct tep_event **all = tep_list_events(d->tep, TEP_EVENT_SORT_ID);
	const struct rp_dat_spec *s;
	struct tep_event *ev;
	unsigned int i, k;

	if (!all || !all[0])
		return pidle_rp_fail(d->l, "no event format in the file: not a trace of events");
	for (i = 0; all[i]; i++)
		if (all[i]->id >= d->nr_id)
			d->nr_id = all[i]->id + 1;
	d->id = calloc(d->nr_id, sizeof(*d->id));
	if (!d->id)
		return pidle_rp_fail(d->l, "out of memory");
	d->type = tep_find_common_field(all[0], "common_type");
	if (!d->type)
		return pidle_rp_fail(d->l, "the event formats have no common_type: not a trace.dat of a kernel's events");
	for (i = 0; i < ARRAY_SIZE(rp_dat_specs); i++) {
		s = &rp_dat_specs[i];
		ev = tep_find_event_by_name(d->tep, s->sys, s->name);
		if (!ev || ev->id < 0 || ev->id >= d->nr_id)
			continue;
		for (k = 0; k < RP_DAT_FIELDS && s->field[k]; k++) {
			d->id[ev->id].f[k] = tep_find_field(ev, s->field[k]);
			if (d->id[ev->id].f[k])
				continue;
			if (s->type == EV_P_ENTER)
				return pidle_rp_fail(d->l, "pidle_enter without enter_ns and next_timer_ns: a module older than pidle-replay's; rebuild it");
			return pidle_rp_fail(d->l, "%s:%s: its format has no field %s, which the replay reads",
					     s->sys, s->name, s->field[k]);
		}
		d->id[ev->id].spec = s;
	}
	return 0;
}

/* @n bytes at *@off of @fd, read as a number of the file's endianness. */
static int rp_dat_num_at(int fd, struct tep_handle *tep, u64 *off, int n,
			 u64 *x)
{
	char b[8];

	if (pread(fd, b, n, *off) != n)
		return -1;
	*off += n;
	*x = tep_read_number(tep, b, n);
	return 0;
}

/*
 * The file's size against where its CPU data should end: libtracecmd
 * reads a version 6 file (trace-cmd record --file-version 6) cut in its
 * pages past its end. Its sections, by the sizes they begin with
 * (trace-cmd.dat.v6(5)): the magic, version, endianness, long and page
 * sizes (18 bytes), "header_page" and "header_event" (name, u64 size),
 * the ftrace formats (u32 count, u64 size each), the event systems (u32
 * count; name, u32 count, u64 size each), kallsyms and printk (u32
 * size), cmdlines (u64 size), the CPU count (u32), the options (10
 * bytes, then u16 id and u32 size each to an id 0), then "flyrecord"
 * and per CPU the u64 offset and size of its pages. Version 7 keeps
 * sizes in its section headers, which libtracecmd checks itself.
 */
static int rp_dat_check_size(struct rp_load *l, int fd, struct tep_handle *tep)
{
	u64 off = 18, x, nr, nr_ev, data_off, data_size, cpus;
	char name[16], version[2];
	struct stat st;
	unsigned int i, k;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    pread(fd, version, 2, sizeof(rp_dat_magic)) != 2 ||
	    memcmp(version, "6", 2))
		return 0;
	for (i = 0; i < 2; i++) {
		off += i ? 13 : 12;	/* "header_page", "header_event" */
		if (rp_dat_num_at(fd, tep, &off, 8, &x))
			goto cut;
		off += x;
	}
	if (rp_dat_num_at(fd, tep, &off, 4, &nr))
		goto cut;
	for (i = 0; i < nr; i++)
		if (rp_dat_num_at(fd, tep, &off, 8, &x) || (off += x) > (u64)st.st_size)
			goto cut;
	if (rp_dat_num_at(fd, tep, &off, 4, &nr))
		goto cut;
	for (i = 0; i < nr; i++) {
		/* the system's name: to its NUL */
		do {
			if (pread(fd, name, 1, off++) != 1)
				goto cut;
		} while (name[0]);
		if (rp_dat_num_at(fd, tep, &off, 4, &nr_ev))
			goto cut;
		for (k = 0; k < nr_ev; k++)
			if (rp_dat_num_at(fd, tep, &off, 8, &x) || (off += x) > (u64)st.st_size)
				goto cut;
	}
	if (rp_dat_num_at(fd, tep, &off, 4, &x) || (off += x, rp_dat_num_at(fd, tep, &off, 4, &x)) ||
	    (off += x, rp_dat_num_at(fd, tep, &off, 8, &x)) ||
	    (off += x, rp_dat_num_at(fd, tep, &off, 4, &cpus)))
		goto cut;
	if (pread(fd, name, 10, off) != 10 || memcmp(name, "options  ", 10))
		return 0;	/* not the layout above: libtracecmd's word */
	off += 10;
	for (;;) {
		if (rp_dat_num_at(fd, tep, &off, 2, &x))
			goto cut;
		if (!x)
			break;
		if (rp_dat_num_at(fd, tep, &off, 4, &x))
			goto cut;
		off += x;
	}
	if (pread(fd, name, 10, off) != 10 || memcmp(name, "flyrecord", 10))
		return 0;	/* a latency trace: no per-CPU table */
	off += 10;
	for (i = 0; i < cpus; i++) {
		if (rp_dat_num_at(fd, tep, &off, 8, &data_off) ||
		    rp_dat_num_at(fd, tep, &off, 8, &data_size))
			goto cut;
		/* as two checks: a crafted header's sum could wrap */
		if (data_size > (u64)st.st_size || data_off > (u64)st.st_size - data_size)
			return pidle_rp_fail(l, "cpu %u's data ends at byte %llu, beyond the file's %lld bytes: the trace.dat is truncated",
					     i, data_off + data_size, (long long)st.st_size);
	}
	return 0;
cut:
	return pidle_rp_fail(l, "its headers end at byte %llu, beyond the file's %lld bytes: the trace.dat is truncated",
			     off, (long long)st.st_size);
}

/*
 * The event array at its largest at once, from the file's size: a record
 * is 16 bytes at least (its header, the common fields, one of its own),
 * and the pages the array does not reach are never touched. One
 * allocation, on huge pages, instead of doublings copied and faulted in
 * 4 kB at a time.
 */
static int rp_dat_reserve(struct rp_load *l, int fd)
{
	struct stat st;
	size_t n;

	if (fstat(fd, &st) || st.st_size < 16)
		return 0;
	n = st.st_size / 16;
	if (n <= l->cap_ev)
		return 0;
	l->ev = pidle_rp_grow(l->ev, &l->cap_ev, n, sizeof(*l->ev));
	if (!l->ev)
		return pidle_rp_fail(l, "out of memory for %zu events", n);
	pidle_rp_hugepages(l->ev, l->cap_ev * sizeof(*l->ev));
	return 0;
}

int pidle_rp_read_dat(struct rp_load *l, FILE *f, size_t *nr_records)
{
	struct rp_dat d = { .l = l };
	struct tracecmd_input *h;
	char magic[sizeof(rp_dat_magic)];
	int fd = fileno(f);
	ssize_t n;

	*nr_records = 0;
	n = pread(fd, magic, sizeof(magic), 0);
	if (n < 0 && errno == ESPIPE)
		return pidle_rp_fail(l, "a trace.dat from a pipe: libtracecmd seeks in it; give the file's name");
	if (n < 0)
		return pidle_rp_fail(l, "a trace.dat that cannot be read as a file: %s", strerror(errno));
	if (n >= 0 && n < (ssize_t)sizeof(magic) && !memcmp(magic, rp_dat_magic, n))
		return pidle_rp_fail(l, "%zd bytes, cut short in trace-cmd's magic: the trace.dat is truncated", n);
	if (n != (ssize_t)sizeof(magic) || memcmp(magic, rp_dat_magic, sizeof(magic)))
		return pidle_rp_fail(l, "not a trace.dat: its first bytes are not trace-cmd's magic (\\027\\010Dtracing)%s",
				     n > 0 && magic[0] != rp_dat_magic[0] ?
				     "; a text trace is read from a name not ending in .dat" : "");
	/* our own messages, one line each, not libtracecmd's */
	tracecmd_set_loglevel(TEP_LOG_NONE);
	/*
	 * The headers first: a version 6 file cut in its pages is found
	 * before libtracecmd reads its CPU data (tracecmd_init_data(), which
	 * does not check the sizes against the file)
	 */
	h = tracecmd_open_head(strcmp(l->name, "-") ? l->name : "/dev/stdin",
			       TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!h)
		return pidle_rp_fail(l, "a trace.dat libtracecmd cannot open: truncated or corrupt in its headers");
	d.tep = tracecmd_get_tep(h);
	d.swap = tep_is_file_bigendian(d.tep) != tep_is_local_bigendian(d.tep);
	tep_set_loglevel(TEP_LOG_NONE);
	l->hdr_cpus = tep_get_cpus(d.tep);
	if (l->hdr_cpus > PIDLE_MAX_CPUS) {
		d.ret = pidle_rp_fail(l, "cpus=%u: not a CPU count of 1 to %u (PIDLE_MAX_CPUS)",
				      l->hdr_cpus, PIDLE_MAX_CPUS);
		goto out;
	}
	d.ret = rp_dat_check_size(l, fd, d.tep);
	if (d.ret)
		goto out;
	if (tracecmd_init_data(h) < 0) {
		d.ret = pidle_rp_fail(l, "a trace.dat whose CPU data libtracecmd cannot read: truncated or corrupt");
		goto out;
	}
	/* streamed (l->bld), no event is kept */
	d.ret = rp_dat_resolve(&d) ?: l->bld ? 0 : rp_dat_reserve(l, fd);
	if (d.ret)
		goto out;
	if (tracecmd_iterate_events(h, NULL, 0, rp_dat_record, &d) < 0 && !d.ret)
		d.ret = pidle_rp_fail(l, "libtracecmd could not read the records");
out:
	*nr_records = d.nr;
	free(d.id);
	tracecmd_close(h);
	return d.ret;
}
