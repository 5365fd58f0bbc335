/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pidle-replay: a recorded workload (per-CPU idle periods, from a trace)
 * and its replay through a governor and the model core.
 */
#ifndef _PIDLE_RP_H
#define _PIDLE_RP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <stdio.h>

#define PIDLE_RP_MAX_STATES	10
#define PIDLE_RP_MAX_LEVELS	6
#define PIDLE_RP_NO_TIME	ULLONG_MAX
/* cpuidle_governor_latency_req() with no PM QoS request: 2000 s */
#define PIDLE_RP_NO_QOS_NS	(2000LL * 1000000000LL)

/* What ended an idle period, as the trace shows it. */
enum pidle_rp_src {
	PIDLE_RP_SRC_UNKNOWN,	/* no event named a cause */
	PIDLE_RP_SRC_TIMER,	/* an hrtimer of the CPU other than the tick */
	PIDLE_RP_SRC_TICK,	/* the scheduler tick */
	PIDLE_RP_SRC_IPI,	/* an IPI: reschedule, function call */
	PIDLE_RP_SRC_IRQ,	/* a device interrupt */
	PIDLE_RP_SRC_ABORTED,	/* a wake-up pending at entry (module trace) */
	PIDLE_RP_SRC_NR,
};
extern const char *const pidle_rp_src_name[PIDLE_RP_SRC_NR];

enum {
	PIDLE_RP_F_TASK_RAN = 1 << 0,	/* a task ran since the CPU's last period */
	PIDLE_RP_F_ABORTED = 1 << 1,	/* left at once: no vote (module trace) */
	/*
	 * The recorded kernel's tick at the entry, after its stop-or-retain
	 * decision: running (its timer armed within a tick period). Only
	 * with the tick's hrtimer in the trace.
	 */
	PIDLE_RP_F_TICK_RUNNING = 1 << 2,
	/*
	 * The tick fired while the CPU was in the idle loop, after the
	 * governor's last ->reflect and before this period's: what
	 * tick_nohz_idle_got_tick() answers at its ->reflect (the tick
	 * code sets got_idle_tick only with TS_FLAG_INIDLE, and only
	 * reading clears it).
	 */
	PIDLE_RP_F_GOT_TICK = 1 << 3,
	/*
	 * Entered, and the trace ends before its exit: its CPU idle to the
	 * end (the domains it shares stay down as in the guest), the period
	 * counted nowhere. Kept after the complete ones (pidle_rp_trace's
	 * nr_cut); its wake_ns is the trace's last time.
	 */
	PIDLE_RP_F_CUT = 1 << 4,
};

/*
 * One idle period: what the governor could know at the entry, and when
 * and by what the CPU was woken. Times on the replay's clock, ns.
 */
struct pidle_rp_period {
	u64 enter_ns;
	u64 select_ns;			/* the governor's time, at or before */
	u64 wake_ns;		/* the wake-up (exit latency not included) */
	u64 next_timer_ns;		/* sleep length's end, absolute */
	u64 next_tick_ns;		/* the next tick, absolute */
	s64 latency_req_ns;		/* PM QoS at the entry */
	/*
	 * Module traces: what the cpuidle core measured around ->enter
	 * (cpu_idle's exit - entry) beyond the idle time and the exit
	 * latency: its own and the tracing's cost, kept in the replay's
	 * measured residency, as the governor saw it. 0 elsewhere.
	 */
	uint32_t overhead_ns;
	uint32_t rec_latency_ns;	/* the recorded run's exit latency */
	/*
	 * How long before select_ns the tick code's idle entry time was
	 * (ts->idle_entrytime, which tick_nohz_get_sleep_length() measures
	 * from): set when the CPU entered the idle loop, and again at the
	 * exit of each interrupt it took there without a task to run (an
	 * IPI in a halt: before the exit latency was spun out)
	 */
	uint32_t entry_lead_ns;
	uint32_t cpu;
	uint8_t src;			/* enum pidle_rp_src */
	uint8_t flags;			/* PIDLE_RP_F_* */
	uint8_t rec_state;		/* the recorded run's state */
	uint8_t rec_achieved;		/* ... and what it achieved (module trace) */
};

/* The recorded run's own figures (module traces), for the agreement. */
struct pidle_rp_recorded {
	u64 requested[PIDLE_RP_MAX_STATES];
	u64 requested_aborted[PIDLE_RP_MAX_STATES];	/* of those, left at once */
	u64 achieved[PIDLE_RP_MAX_STATES];
	u64 latency_ns;		/* exit latency paid, summed */
	/* pidle_domain_down events per level name and state */
	unsigned int nr_levels;
	char level_name[PIDLE_RP_MAX_LEVELS][16];
	u64 down[PIDLE_RP_MAX_LEVELS][PIDLE_RP_MAX_STATES];
};

struct pidle_rp_trace {
	unsigned int nr_cpus;		/* CPUs 0 .. nr_cpus - 1 */
	struct pidle_rp_period *period;
	size_t nr_periods;
	size_t nr_cut;		/* after them: PIDLE_RP_F_CUT ones, one a CPU at most */
	/*
	 * Every entry and exit in time order: period index * 2, plus 1 for
	 * the entry; 2 * (nr_periods + nr_cut) of them. Exits sort before
	 * entries of the same time.
	 */
	uint32_t *order;
	u64 start_ns, end_ns;	/* the span replayed */
	size_t nr_lines, nr_events;	/* trace.dat: nr_lines counts records */
	bool tracedat;			/* read from trace.dat, not text */
	bool module;			/* periods from pseudo_cpuidle events */
	unsigned int hz;
	uint8_t *cpu_mode;		/* per CPU: PIDLE_RP_CPU_* */
	/*
	 * Per CPU: the period it was idle in across the governor-reset mark
	 * (state + 1, 0 when none), which the fresh governor reflects at its
	 * end as the kernel's does after a switch
	 */
	struct { uint8_t state; u64 residency_ns; } *span;
	struct pidle_rp_recorded rec;
};

enum { PIDLE_RP_CPU_IDLES, PIDLE_RP_CPU_BUSY, PIDLE_RP_CPU_OFFLINE };

/*
 * Which CPUs the caller declares busy, or offline, for the whole trace
 * (a CPU with no idle event: the trace cannot tell which).
 */
struct pidle_rp_load_opts {
	unsigned int hz;		/* the recorded kernel's HZ */
	s64 qos_ns;			/* -1: from the trace's pm_qos events */
	const char *busy_cpus;		/* CPU list, or NULL */
	const char *offline_cpus;
	unsigned int topo_cpus;		/* 0: any */
	/*
	 * Standard traces: the recorded machine's exit latency per state
	 * (ns; nr 0: unknown). cpu_idle's exit comes after it; the wake-up
	 * is that much earlier.
	 */
	unsigned int nr_rec_latency;
	u64 rec_latency_ns[PIDLE_RP_MAX_STATES];
};

/*
 * Reads a trace (trace-cmd report text, or the tracefs 'trace' file) from
 * @f, named @name in messages. 0, or -1 with one sentence in @err.
 */
int pidle_rp_load(FILE *f, const char *name,
		  const struct pidle_rp_load_opts *o,
		  struct pidle_rp_trace *t, char *err, size_t errlen);
void pidle_rp_free(struct pidle_rp_trace *t);

#endif
