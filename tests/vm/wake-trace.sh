# wake-trace.sh: the wake suite's cross-check against the kernel's own
# tracepoints: the three workloads at once, traced; each pidle_exit's
# wake field against the CPU's next interrupt event; above and below
# by source against cpuidle's. Sourced by suites/wake.sh, as /wake-trace.sh.

# The tracepoint cross-check, over the run of every workload above.
# Switching an event on or off patches kernel text, which sends every
# other CPU a burst of function-call IPIs (text_poke_sync()): the
# kernel's events go on first and off last, pidle_exit last and first,
# so that every pidle_exit traced has its interrupt events on. Every
# event is on from before the counters' first snapshot to after the
# second, and each CPU's reads in both are bracketed by trace markers:
# the exits the counters' growth holds are exactly the CPU's pidle_exit
# events between its two brackets (an exit inside a bracket may be on
# either side: counted apart, xcheck's "amb").
trace_on() {
	echo > $TR/trace
	echo 4096 > $TR/buffer_size_kb
	for _e in $EV; do
		[ $_e = pseudo_cpuidle/pidle_exit ] && continue
		echo 1 > $TR/events/$_e/enable || return 1
	done
	echo 1 > $TR/events/pseudo_cpuidle/pidle_exit/enable || return 1
	wsnap /tmp/trace.0 0
}

trace_off() {
	wsnap /tmp/trace.1 1
	echo 0 > $TR/events/pseudo_cpuidle/pidle_exit/enable
	for _e in $EV; do echo 0 > $TR/events/$_e/enable; done
	cat $TR/trace > /tmp/trace.txt
}

# Per CPU, each pidle_exit with a known source against the interrupts
# the CPU then takes before its next pidle_exit: the vector pending when
# the wait ended must be among them (its handler runs once the cpuidle
# core unmasks interrupts; another vector that arrived during the exit
# latency, of higher priority, may run first: counted as "first" or not).
# Prints "SRC matched missing first" per source, "exits cpuN SRC COUNT"
# per CPU and source between the CPU's two snapshot brackets, "amb cpuN
# COUNT" (its exits inside a bracket), "wrongcpu N" (events whose cpu=
# field is not the CPU that recorded them).
xcheck() {
	awk '
	function cls(ev) {
		if (ev == "local_timer_entry") return "timer"
		if (ev == "reschedule_entry" || ev == "call_function_entry" ||
		    ev == "call_function_single_entry") return "ipi"
		return "device"
	}
	function close_period(c) {
		if (!(c in pend)) return
		if (index(seen[c], " " pend[c] " ")) ok[pend[c]]++
		else { miss[pend[c]]++; if (nmiss++ < 4) printf "missing %s on cpu%s, seen:%s\n", pend[c], c, seen[c] }
		if (first[c] == pend[c]) firstok[pend[c]]++
		delete pend[c]
	}
	{
		cpu = ""
		for (i = 1; i <= NF; i++) if ($i ~ /^\[[0-9]+\]$/) { cpu = substr($i, 2, length($i) - 2) + 0; break }
		if (cpu == "") next
		for (j = i + 1; j <= NF; j++) if ($j ~ /:$/ && $j !~ /^[0-9.]+:$/) break
		ev = substr($j, 1, length($j) - 1)
		if (ev == "tracing_mark_write" && $(j + 1) == "pidle-snap") {
			# win: 0 before snapshot 0 ends, 1 between, 2 after 1 begins
			mc = substr($(j + 4), 4)
			if ($(j + 2) == "0") { inb[mc] = ($(j + 3) == "begin"); if ($(j + 3) == "end") win[mc] = 1 }
			else { inb[mc] = ($(j + 3) == "begin"); if ($(j + 3) == "begin") win[mc] = 2 }
			next
		}
		if (ev == "pidle_exit") {
			w = ""; fc = ""
			for (k = j + 1; k <= NF; k++) { if ($k ~ /^wake=/) w = substr($k, 6); if ($k ~ /^cpu=/) fc = substr($k, 5) }
			if (fc != cpu "") wrongcpu++
			if (inb[cpu]) amb["cpu" cpu]++
			else if (win[cpu] == 1) exits["cpu" cpu " " w]++
			close_period(cpu)
			if (w == "timer" || w == "ipi" || w == "device") { pend[cpu] = w; seen[cpu] = " "; first[cpu] = "" }
			next
		}
		if (ev !~ /_entry$/ || !(cpu in pend)) next
		if (first[cpu] == "") first[cpu] = cls(ev)
		seen[cpu] = seen[cpu] cls(ev) " "
	}
	END {
		for (c in pend) close_period(c)
		split("timer ipi device", s, " ")
		for (i = 1; i <= 3; i++) printf "%s %d %d %d\n", s[i], ok[s[i]], miss[s[i]], firstok[s[i]]
		for (e in exits) printf "exits %s %d\n", e, exits[e]
		for (e in amb) printf "amb %s %d\n", e, amb[e]
		printf "wrongcpu %d\n", wrongcpu
	}' /tmp/trace.txt > /tmp/xcheck
}

trace_agrees() {
	[ -s /tmp/trace.txt ] || { why "no trace"; return 1; }
	grep -q "lost events\|LOST" /tmp/trace.txt && { why "the trace lost events: $(grep -m1 -i lost /tmp/trace.txt)"; return 1; }
	xcheck
	sed 's/^/# xcheck: /' /tmp/xcheck
	_err=
	for _w in timer ipi device; do
		set -- $(grep "^$_w " /tmp/xcheck)
		_ok=$2 _miss=$3 _first=$4
		_n=$((_ok + _miss))
		diag "$_w: $_n exits; that kind of interrupt taken before the next entry after $_ok ($(pct $_ok $_n) %), first after $_first ($(pct $_first $_n) %)"
		# device exits come from the disk; without it (a skip above) none
		[ $_w = device ] && [ -n "$DISK" ] && continue
		[ $_n -ge 20 ] || { _err="$_err $_w: only $_n exits;"; continue; }
		at_least $(pct $_ok $_n) 97 || _err="$_err $_w: $(pct $_ok $_n) % agree (< 97 %);"
	done
	# the counters' growth over the trace against the traced exits
	for _c in $(online_cpus); do
		for _w in timer ipi device unknown; do
			_s=$(wdiff /tmp/trace.0 /tmp/trace.1 $_c $_w)
			_t=$(awk -v k="cpu$_c" -v w=$_w '$1 == "exits" && $2 == k && $3 == w { print $4 }' /tmp/xcheck)
			_t=${_t:-0}
			_a=$(awk -v k="cpu$_c" '$1 == "amb" && $2 == k { print $3 }' /tmp/xcheck)
			_a=${_a:-0}
			diag "cpu$_c $_w: counters +$_s, pidle_exit events $_t (and $_a of the CPU's inside its snapshots' reads)"
			_d=$((_s - _t)); [ $_d -lt 0 ] && _d=$((-_d))
			# the same exits: only those inside a read may differ
			[ $_d -le $_a ] || _err="$_err cpu$_c $_w: counters +$_s vs $_t traced ($_a inside the reads);"
		done
	done
	reasons "$_err"
}

# The module's above/below by source, summed, against cpuidle's own over
# the traced run, every CPU: below alike; above, cpuidle's also counts an
# aborted entry into a state with a shallower one enabled (its time is
# ~0), which the module counts as aborted, not as a period. cpuidle times
# the period from outside ->enter, a few microseconds longer: a period at
# a target residency's edge may fall on either side, always the same way
# (the module's above at least cpuidle's, its below at most).
misses_add_up() {
	_err=; _any=0
	for _c in $(online_cpus); do
		_a=$(wdiff /tmp/trace.0 /tmp/trace.1 $_c above)
		_ca=$(wdiff /tmp/trace.0 /tmp/trace.1 $_c cpuidle_above)
		_b=$(wdiff /tmp/trace.0 /tmp/trace.1 $_c below)
		_cb=$(wdiff /tmp/trace.0 /tmp/trace.1 $_c cpuidle_below)
		_ab=$(wdiff /tmp/trace.0 /tmp/trace.1 $_c aborted)
		diag "cpu$_c: above by source $_a (+ $_ab aborted), cpuidle's $_ca; below by source $_b, cpuidle's $_cb"
		_any=$((_any + _ca + _cb))
		# The module times a period from inside ->enter, cpuidle from
		# before it (cpuidle_enter_state()'s time_start): the module's
		# period is shorter by the entry path, so it finds every
		# period cpuidle calls above (or aborted it), and may find
		# more near the target residency (TCG makes the entry path
		# long: 6.12, merged tree, cpu1 50 against cpuidle's 27).
		_tol=$((5 + _ca / 20))
		[ $_ca -le $((_a + _ab + _tol)) ] ||
			_err="$_err cpu$_c above: $_a + $_ab aborted vs cpuidle's $_ca;"
		[ $_a -le $((_ca + _tol)) ] ||
			diag "cpu$_c: $((_a - _ca)) more above than cpuidle's (periods timed from inside ->enter)"
		# below, alike: the module's shorter period reaches a deeper
		# state's residency less often, so it finds at most
		# cpuidle's below, and most of them (CI, 6.12: cpu1 45
		# against cpuidle's 53).
		_tol=$((5 + _cb / 20))
		[ $_b -le $((_cb + _tol)) ] ||
			_err="$_err cpu$_c below: $_b, more than cpuidle's $_cb;"
		[ $((_b * 4)) -ge $((_cb * 3 - _tol * 4)) ] ||
			_err="$_err cpu$_c below: $_b, under 3/4 of cpuidle's $_cb;"
	done
	[ $_any -ge 20 ] || _err="$_err only $_any above and below in all: nothing to compare;"
	reasons "$_err"
}

# The traced run: the three workloads at once, the timer sleeps on CPU 3.
traced_run() {
	trace_on || { why "cannot switch the events on"; return 1; }
	/pidle-wakeload timer -c 3 -p 1000 -n 300 > /tmp/t1.csv 2>&1 &
	_p1=$!
	/pidle-wakeload pingpong -a 0 -b 2 -n 300 -w 300 > /tmp/t2.csv 2>&1 &
	_p2=$!
	_p3=
	if [ -z "$DISK" ]; then
		/pidle-wakeload dio -f /dev/vda -c 1 -n 300 -g 300 > /tmp/t3.csv 2>&1 &
		_p3=$!
	fi
	wait $_p1 $_p2 $_p3
	trace_off
	diag "traced run: $(wc -l < /tmp/trace.txt) trace lines"
}
