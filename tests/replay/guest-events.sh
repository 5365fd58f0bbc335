# guest-events.sh: the trace events every guest that records a trace for
# pidle-replay switches on, sourced by tests/replay/guest-record.sh (the
# replay tests' recordings) and experiments/guest/exp.sh (exp_trace=1:
# the corpus), so that both record what the replay reads
# (tools/replay/pidle_rp_trace.c). Busybox sh.
REPLAY_EVENTS="power/cpu_idle timer/hrtimer_start timer/hrtimer_cancel
timer/hrtimer_expire_entry irq_vectors/local_timer_entry
irq_vectors/reschedule_entry irq_vectors/call_function_entry
irq_vectors/call_function_single_entry irq/irq_handler_entry
sched/sched_wakeup sched/sched_switch pseudo_cpuidle/pidle_enter
pseudo_cpuidle/pidle_exit pseudo_cpuidle/pidle_domain_down
pseudo_cpuidle/pidle_domain_up"

# replay_events ON: every event of the list on (1) or off (0) in
# tracefs $TR; the first that cannot be switched is printed, status 1
replay_events() {
	for _e in $REPLAY_EVENTS; do
		echo $1 > $TR/events/$_e/enable 2>/dev/null || { echo $_e; return 1; }
	done
}
