/* SPDX-License-Identifier: GPL-2.0 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM pseudo_cpuidle

#if !defined(_PIDLE_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _PIDLE_TRACE_H

#include <linux/tracepoint.h>

/*
 * enter_ns and next_timer_ns (the CPU's next hrtimer event, U64_MAX when
 * none) are on the model's clock, ktime_get_ns(): what pidle-replay needs
 * to give a governor the same inputs (Documentation/pidle-replay.rst).
 */
TRACE_EVENT(pidle_enter,
	TP_PROTO(unsigned int cpu, unsigned int state, u64 enter_ns,
		 u64 next_timer_ns),
	TP_ARGS(cpu, state, enter_ns, next_timer_ns),
	TP_STRUCT__entry(
		__field(unsigned int, cpu)
		__field(unsigned int, state)
		__field(u64, enter_ns)
		__field(u64, next_timer_ns)
	),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->state = state;
		__entry->enter_ns = enter_ns;
		__entry->next_timer_ns = next_timer_ns;
	),
	TP_printk("cpu=%u state=%u enter_ns=%llu next_timer_ns=%llu",
		  __entry->cpu, __entry->state, __entry->enter_ns,
		  __entry->next_timer_ns)
);

TRACE_EVENT(pidle_exit,
	TP_PROTO(unsigned int cpu, unsigned int requested, unsigned int achieved,
		 u64 idle_ns, u64 latency_ns, unsigned int wake),
	TP_ARGS(cpu, requested, achieved, idle_ns, latency_ns, wake),
	TP_STRUCT__entry(
		__field(unsigned int, cpu)
		__field(unsigned int, requested)
		__field(unsigned int, achieved)
		__field(u64, idle_ns)
		__field(u64, latency_ns)
		__field(unsigned int, wake)
	),
	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->requested = requested;
		__entry->achieved = achieved;
		__entry->idle_ns = idle_ns;
		__entry->latency_ns = latency_ns;
		__entry->wake = wake;
	),
	/* wake: enum pidle_wake_src (pidle_wake.h), in its order */
	TP_printk("cpu=%u requested=%u achieved=%u idle_ns=%llu latency_ns=%llu wake=%s",
		  __entry->cpu, __entry->requested, __entry->achieved,
		  __entry->idle_ns, __entry->latency_ns,
		  __print_symbolic(__entry->wake, { 0, "timer" }, { 1, "ipi" },
				   { 2, "device" }, { 3, "unknown" },
				   { 4, "aborted" }))
);

TRACE_EVENT(pidle_domain_down,
	TP_PROTO(const char *level, unsigned int domain, unsigned int state),
	TP_ARGS(level, domain, state),
	TP_STRUCT__entry(
		__string(level, level)
		__field(unsigned int, domain)
		__field(unsigned int, state)
	),
	TP_fast_assign(
		pidle_assign_str(level, level);
		__entry->domain = domain;
		__entry->state = state;
	),
	TP_printk("level=%s domain=%u state=%u", __get_str(level),
		  __entry->domain, __entry->state)
);

TRACE_EVENT(pidle_domain_up,
	TP_PROTO(const char *level, unsigned int domain, unsigned int state,
		 u64 residency_ns, u64 latency_ns),
	TP_ARGS(level, domain, state, residency_ns, latency_ns),
	TP_STRUCT__entry(
		__string(level, level)
		__field(unsigned int, domain)
		__field(unsigned int, state)
		__field(u64, residency_ns)
		__field(u64, latency_ns)
	),
	TP_fast_assign(
		pidle_assign_str(level, level);
		__entry->domain = domain;
		__entry->state = state;
		__entry->residency_ns = residency_ns;
		__entry->latency_ns = latency_ns;
	),
	TP_printk("level=%s domain=%u state=%u residency_ns=%llu latency_ns=%llu",
		  __get_str(level), __entry->domain, __entry->state,
		  __entry->residency_ns, __entry->latency_ns)
);

#endif /* _PIDLE_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE pidle_trace
#include <trace/define_trace.h>
