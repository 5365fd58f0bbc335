#!/bin/busybox sh
# domains: core and package idle in a 2x2x2 guest. The idle system reaches
# every core's and package's deepest state; a busy CPU keeps its core and
# package up and demotes its sibling; CPU hotplug, idle and under load,
# keeps every counter consistent and offline CPUs keep nothing up.
# (topology= and domain_policy=: the domains-config suite.)
# kernels: rt eval kcsan lockdep
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 240
. /lib.sh
CORES="core0 core1 core2 core3" PKGS="package0 package1"
# Residency that counts as "most of the elapsed time" on an idle TCG guest,
# in percent; see the measured figures in the diagnostics. An instrumented
# kernel (run.sh: pidle_instrumented=1 on debug, kcsan and lockdep61)
# keeps its CPUs busier: on kcsan, 59-74% (6.12 kcsan@teo, 3.7 s idle);
# there the test asks for a clear majority, 50%.
MIN_IDLE_PCT=70
instrumented && MIN_IDLE_PCT=50

# 1
auto_topology() {
	load states=$DOMAINS_TABLE wait=halt || return 1
	topo=$(cat $SYS/topology)
	doms=$(ls $SYS/domains | tr '\n' ' ')
	diag "topology: $topo; domains: $doms"
	[ "$topo" = "core=0-1,2-3,4-5,6-7;package=0-3,4-7" ] &&
	[ "$doms" = "core0 core1 core2 core3 package0 package1 " ] ||
		{ why "topology '$topo', domains '$doms'"; return 1; }
}

# 2: (a) idle system. No reset: the consistency check (6) needs counters
# that start at the load. The window runs from before the first snapshot
# to after the second, so it is never shorter than the time measured.
idle_deepest() {
	t0=$(now_ns); snap_domains /tmp/a0; sleep $W; snap_domains /tmp/a1; t1=$(now_ns); el=$((t1 - t0))
	err=
	for d in $CORES $PKGS; do
		case $d in core*) deep=4 ;; *) deep=6 ;; esac
		r=$(($(res /tmp/a1 $d) - $(res /tmp/a0 $d)))
		rd=$(($(ssum /tmp/a1 "^domains/$d/state$deep/residency_ns\$") - $(ssum /tmp/a0 "^domains/$d/state$deep/residency_ns\$")))
		u=$(($(ssum /tmp/a1 "^domains/$d/state$deep/usage\$") - $(ssum /tmp/a0 "^domains/$d/state$deep/usage\$")))
		diag "idle ${el} ns: $d down $(pct $r $el)% of the time, $(pct $rd $el)% in its deepest state $(dval $d $deep name) ($u down periods ended)"
		[ "$rd" -gt 0 ] || err="$err [$d never reached $(dval $d $deep name)]"
		[ $((r * 100)) -ge $((el * MIN_IDLE_PCT)) ] || err="$err [$d down $(pct $r $el)%]"
	done
	reasons "$err"
}

# 3: (b) cpu5 busy: core2 (4-5) and package1 (4-7) stay up, package0 goes
# down, cpu5's sibling cpu4 is demoted and achieves no domain state.
# A demotion is counted when cpu4 leaves idle, and a tickless cpu4 with
# nothing to do can sleep through the whole window in the one entry it
# made before it (CI, stop 34: "cpu4 not demoted" on a loaded host), so
# a 20 Hz sleeper pinned to cpu4 makes it enter idle again and again.
one_busy() {
	spin_on 5
	taskset -c 4 sh -c 'while :; do sleep 0.05; done' & waker=$!
	sleep 0.3
	t0=$(now_ns); snap /tmp/b0; sleep $W; snap /tmp/b1; t1=$(now_ns); el=$((t1 - t0))
	down="$(cat $SYS/domains/core2/down) $(cat $SYS/domains/package1/down)"
	kill $waker; wait $waker 2>/dev/null
	spin_stop
	err=
	for d in core2 package1; do
		ua=$(use /tmp/b0 $d); ub=$(use /tmp/b1 $d); ra=$(res /tmp/b0 $d); rb=$(res /tmp/b1 $d)
		diag "cpu5 busy ${el} ns: $d usage $ua -> $ub, residency $ra -> $rb ns"
		stayed_up /tmp/b0 /tmp/b1 $d || err="$err [$d went down]"
	done
	for d in package0 core0 core1 core3; do
		ua=$(use /tmp/b0 $d); ub=$(use /tmp/b1 $d); r=$(($(res /tmp/b1 $d) - $(res /tmp/b0 $d)))
		diag "cpu5 busy: $d usage $ua -> $ub, down $(pct $r $el)% of the time"
		went_down /tmp/b0 /tmp/b1 $d || err="$err [$d never went down]"
	done
	re="^cpu4/state[$DEEP]/"
	dema=$(ssum /tmp/b0 "${re}demoted\$"); demb=$(ssum /tmp/b1 "${re}demoted\$")
	acha=$(ssum /tmp/b0 "${re}achieved\$"); achb=$(ssum /tmp/b1 "${re}achieved\$")
	diag "cpu5 busy: cpu4 demoted from core/package states $dema -> $demb, achieved core/package states $acha -> $achb; down now (core2 package1): $down"
	[ "$down" = "-1 -1" ] || err="$err [down: $down]"
	[ $demb -gt $dema ] || err="$err [cpu4 not demoted]"
	[ $achb -eq $acha ] || err="$err [cpu4 achieved a domain state]"
	reasons "$err"
}

# Hotplug: lib.sh's cpu_off; cpu_on as lib.sh's, and ONL counts the
# onlines per CPU since the load, for check_counters.
ONL="0:0 1:0 2:0 3:0 4:0 5:0 6:0 7:0"
cpu_on() {
	_e=0
	for c in "$@"; do
		echo 1 > /sys/devices/system/cpu/cpu$c/online || { why "online cpu$c failed"; _e=1; }
		ONL=$(echo $ONL | tr ' ' '\n' | awk -F: -v c=$c '{ n = $2; if ($1 == c) n++; print $1 ":" n }' | tr '\n' ' ')
	done
	return $_e
}

# 4: (e) cpu7 offline on an idle system: its counters stay put, its core3
# (cpu6) and package1 still go down; back online it idles again.
offline_idle() {
	err=
	cpu_off 7 || err="$err [hotplug]"
	sleep 0.3
	snap /tmp/e0; sleep $W; snap /tmp/e1
	cpu_on 7 || err="$err [hotplug]"
	sleep 0.3
	snap /tmp/e2; sleep 1; snap /tmp/e3
	c7a=$(grep '^cpu7/' /tmp/e0 | md5sum); c7b=$(grep '^cpu7/' /tmp/e1 | md5sum)
	diag "cpu7 offline: core3 usage $(use /tmp/e0 core3) -> $(use /tmp/e1 core3), package1 usage $(use /tmp/e0 package1) -> $(use /tmp/e1 package1), cpu7's counters frozen: $([ "$c7a" = "$c7b" ] && echo yes || echo no)"
	diag "cpu7 online again: cpu7 requested $(ssum /tmp/e1 '^cpu7/.*/requested$') (offline) -> $(ssum /tmp/e2 '^cpu7/.*/requested$') -> $(ssum /tmp/e3 '^cpu7/.*/requested$'), package1 usage $(use /tmp/e2 package1) -> $(use /tmp/e3 package1)"
	[ "$c7a" = "$c7b" ] || err="$err [offline cpu7's counters moved]"
	went_down /tmp/e0 /tmp/e1 core3 || err="$err [core3 stayed up with cpu7 offline]"
	went_down /tmp/e0 /tmp/e1 package1 || err="$err [package1 stayed up with cpu7 offline]"
	# Idling again is counted from the offline snapshot: requested counts
	# entries, and a tickless CPU with nothing to do can sleep through
	# the whole second after e2 in the one entry it made on coming up
	# (CI, stop 22: requested did not move between e2 and e3).
	[ $(ssum /tmp/e3 '^cpu7/.*/requested$') -gt $(ssum /tmp/e1 '^cpu7/.*/requested$') ] ||
		err="$err [cpu7 not idling after online]"
	went_down /tmp/e2 /tmp/e3 package1 || err="$err [package1 stayed up after cpu7 online]"
	reasons "$err"
}

# 5: (e) under load: cpu1 and cpu4 busy, cpu2 and cpu5 offline. core1
# (cpu3 idle) and core3 go down; core0, core2 and both packages stay up.
offline_load() {
	err=
	spin_on 1 4
	cpu_off 2 5 || err="$err [hotplug]"
	sleep 0.3
	snap /tmp/e0; sleep $W; snap /tmp/e1
	cpu_on 2 5 || err="$err [hotplug]"
	spin_stop
	u=
	for d in $CORES $PKGS; do
		u="$u $d $(use /tmp/e0 $d) -> $(use /tmp/e1 $d),"
		case $d in
		core1|core3) went_down /tmp/e0 /tmp/e1 $d || err="$err [$d stayed up]" ;;
		*) stayed_up /tmp/e0 /tmp/e1 $d || err="$err [$d went down]" ;;
		esac
	done
	diag "cpu1, cpu4 busy, cpu2, cpu5 offline: usage$u"
	reasons "$err"
}

# 6: (e) churn, then every counter consistent. Every online CPU busy while
# the snapshot is taken, so none moves; two snapshots must be equal.
churn_consistent() {
	t0=$(now_ns); hp=0
	for c in 3 6 1 7 2 5 4; do cpu_off $c || hp=1; cpu_on $c || hp=1; done
	spin_on 0 6
	cpu_off 1 4 7 || hp=1; sleep 0.2; cpu_on 7 4 1 || hp=1
	spin_stop
	cpu_off 3 5 6 || hp=1; cpu_on 5 3 6 || hp=1
	diag "hotplug churn: $(($(now_ns) - t0)) ns; onlines per CPU: $ONL"
	[ $hp -eq 0 ] || return 1
	spin_on 0 1 2 3 4 5 6 7
	snap /tmp/s1; sleep 0.5; snap /tmp/s2
	el=$(($(now_ns) - t_load))
	spin_stop
	if ! cmp -s /tmp/s1 /tmp/s2; then
		diff /tmp/s1 /tmp/s2 | head -n 5 | sed 's/^/# moved: /'
		why "counters moved with every CPU busy"; return 1
	fi
	diag "after hotplug: $(wc -l < /tmp/s1) counters, elapsed since load $el ns"
	v=$(check_counters /tmp/s1 $el "$ONL")
	[ -z "$v" ] && return 0
	echo "$v" | head -n 10 | sed 's/^/# /'
	why "$(echo "$v" | wc -l) violations"; return 1
}

ktap_header
diag "cpus: $(ncpus), governor $(cat $CPUIDLE/current_governor_ro 2>/dev/null || cat $CPUIDLE/current_governor)"
t_load=$(now_ns)
ktap_test "hierarchical table loads with topology=auto" auto_topology
loaded || ktap_finished
ktap_test "idle: every core and package reaches its deepest state, down >= ${MIN_IDLE_PCT}% of the time" idle_deepest
ktap_test "one CPU busy: its core and package stay up, the other package goes down, its sibling is demoted" one_busy
ktap_test "hotplug, idle: an offline CPU keeps neither its core nor its package up" offline_idle
ktap_test "hotplug under load: busy CPUs keep their domains up, offline ones do not" offline_load
ktap_test "hotplug churn: every counter consistent" churn_consistent
unload >/dev/null || diag "rmmod failed"
ktap_finished
