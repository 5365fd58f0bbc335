#!/bin/busybox sh
# domains: core and package idle in a 2x2x2 guest. The idle system reaches
# every core's and package's deepest state; a busy CPU keeps its core and
# package up and demotes its sibling; CPU hotplug, idle and under load,
# keeps every counter consistent and offline CPUs keep nothing up; an
# explicit topology= is honoured and a wrong one refused;
# domain_policy=timer rejects a state its domain's next timer rules out.
# kernels: rt
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 240
. /lib.sh
echo "KTAP version 1"
echo "1..9"
diag "cpus: $(ncpus), governor $(cat $CPUIDLE/current_governor_ro 2>/dev/null || cat $CPUIDLE/current_governor)"

# Two states per domain level, so that "deepest" means something.
T=POLL:0:0,C1:2:2,C1E:10:20,CC3:50:100:core,CC6:100:300:core,PC3:200:600:package,PC6:300:900:package
CORE="3 4" PKG="5 6" DEEP=3-6
CORES="core0 core1 core2 core3" PKGS="package0 package1"
# Residency that counts as "most of the elapsed time" on an idle TCG guest,
# in percent; see the measured figures in the diagnostics.
MIN_IDLE_PCT=70
W=2	# measurement window, s

t_load=$(now_ns)
if ! load states=$T wait=halt; then
	nok "hierarchical table loads with topology=auto" "insmod failed: $OUT"
	exit 0
fi
# 1
topo=$(cat $SYS/topology)
doms=$(ls $SYS/domains | tr '\n' ' ')
diag "topology: $topo; domains: $doms"
if [ "$topo" = "core=0-1,2-3,4-5,6-7;package=0-3,4-7" ] &&
   [ "$doms" = "core0 core1 core2 core3 package0 package1 " ]; then
	ok "hierarchical table loads with topology=auto"
else
	nok "hierarchical table loads with topology=auto" "topology '$topo', domains '$doms'"
fi

# 2: (a) idle system. No reset: the consistency check (6) needs counters
# that start at the load. The window runs from before the first snapshot
# to after the second, so it is never shorter than the time measured.
t0=$(now_ns); snap /tmp/a0; sleep $W; snap /tmp/a1; t1=$(now_ns); el=$((t1 - t0))
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
if [ -z "$err" ]; then ok "idle: every core and package reaches its deepest state, down >= ${MIN_IDLE_PCT}% of the time"
else nok "idle: every core and package reaches its deepest state, down >= ${MIN_IDLE_PCT}% of the time" "$err"; fi

# 3: (b) cpu5 busy: core2 (4-5) and package1 (4-7) stay up, package0 goes
# down, cpu5's sibling cpu4 is demoted and achieves no domain state.
spin_on 5
sleep 0.3
t0=$(now_ns); snap /tmp/b0; sleep $W; snap /tmp/b1; t1=$(now_ns); el=$((t1 - t0))
down="$(cat $SYS/domains/core2/down) $(cat $SYS/domains/package1/down)"
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
if [ -z "$err" ]; then ok "one CPU busy: its core and package stay up, the other package goes down, its sibling is demoted"
else nok "one CPU busy: its core and package stay up, the other package goes down, its sibling is demoted" "$err"; fi

# hotplug helpers
ONL="0:0 1:0 2:0 3:0 4:0 5:0 6:0 7:0"
cpu_off() { for c in "$@"; do echo 0 > /sys/devices/system/cpu/cpu$c/online || HPERR="$HPERR [offline cpu$c failed]"; done; }
cpu_on() {
	for c in "$@"; do
		echo 1 > /sys/devices/system/cpu/cpu$c/online || HPERR="$HPERR [online cpu$c failed]"
		ONL=$(echo $ONL | tr ' ' '\n' | awk -F: -v c=$c '{ n = $2; if ($1 == c) n++; print $1 ":" n }' | tr '\n' ' ')
	done
}
HPERR=

# 4: (e) cpu7 offline on an idle system: its counters stay put, its core3
# (cpu6) and package1 still go down; back online it idles again.
cpu_off 7
sleep 0.3
snap /tmp/e0; sleep $W; snap /tmp/e1
cpu_on 7
sleep 0.3
snap /tmp/e2; sleep 1; snap /tmp/e3
c7a=$(grep '^cpu7/' /tmp/e0 | md5sum); c7b=$(grep '^cpu7/' /tmp/e1 | md5sum)
diag "cpu7 offline: core3 usage $(use /tmp/e0 core3) -> $(use /tmp/e1 core3), package1 usage $(use /tmp/e0 package1) -> $(use /tmp/e1 package1), cpu7's counters frozen: $([ "$c7a" = "$c7b" ] && echo yes || echo no)"
diag "cpu7 online again: cpu7 requested $(ssum /tmp/e2 '^cpu7/.*/requested$') -> $(ssum /tmp/e3 '^cpu7/.*/requested$'), package1 usage $(use /tmp/e2 package1) -> $(use /tmp/e3 package1)"
err=$HPERR
[ "$c7a" = "$c7b" ] || err="$err [offline cpu7's counters moved]"
went_down /tmp/e0 /tmp/e1 core3 || err="$err [core3 stayed up with cpu7 offline]"
went_down /tmp/e0 /tmp/e1 package1 || err="$err [package1 stayed up with cpu7 offline]"
[ $(ssum /tmp/e3 '^cpu7/.*/requested$') -gt $(ssum /tmp/e2 '^cpu7/.*/requested$') ] ||
	err="$err [cpu7 not idling after online]"
went_down /tmp/e2 /tmp/e3 package1 || err="$err [package1 stayed up after cpu7 online]"
if [ -z "$err" ]; then ok "hotplug, idle: an offline CPU keeps neither its core nor its package up"
else nok "hotplug, idle: an offline CPU keeps neither its core nor its package up" "$err"; fi

# 5: (e) under load: cpu1 and cpu4 busy, cpu2 and cpu5 offline. core1
# (cpu3 idle) and core3 go down; core0, core2 and both packages stay up.
HPERR=
spin_on 1 4
cpu_off 2 5
sleep 0.3
snap /tmp/e0; sleep $W; snap /tmp/e1
cpu_on 2 5
spin_stop
err=$HPERR; u=
for d in $CORES $PKGS; do
	u="$u $d $(use /tmp/e0 $d) -> $(use /tmp/e1 $d),"
	case $d in
	core1|core3) went_down /tmp/e0 /tmp/e1 $d || err="$err [$d stayed up]" ;;
	*) stayed_up /tmp/e0 /tmp/e1 $d || err="$err [$d went down]" ;;
	esac
done
diag "cpu1, cpu4 busy, cpu2, cpu5 offline: usage$u"
if [ -z "$err" ]; then ok "hotplug under load: busy CPUs keep their domains up, offline ones do not"
else nok "hotplug under load: busy CPUs keep their domains up, offline ones do not" "$err"; fi

# 6: (e) churn, then every counter consistent. Every online CPU busy while
# the snapshot is taken, so none moves; two snapshots must be equal.
HPERR=
t0=$(now_ns)
for c in 3 6 1 7 2 5 4; do cpu_off $c; cpu_on $c; done
spin_on 0 6
cpu_off 1 4 7; sleep 0.2; cpu_on 7 4 1
spin_stop
cpu_off 3 5 6; cpu_on 5 3 6
diag "hotplug churn: $(($(now_ns) - t0)) ns; onlines per CPU: $ONL"
check_all() {	# label
	spin_on 0 1 2 3 4 5 6 7
	snap /tmp/s1; sleep 0.5; snap /tmp/s2
	el=$(($(now_ns) - t_load))
	spin_stop
	if ! cmp -s /tmp/s1 /tmp/s2; then
		diff /tmp/s1 /tmp/s2 | head -n 5 | sed 's/^/# moved: /'
		REASON="counters moved with every CPU busy"; return 1
	fi
	diag "$1: $(wc -l < /tmp/s1) counters, elapsed since load $el ns"
	v=$(check_counters /tmp/s1 $el "$ONL")
	[ -z "$v" ] && return 0
	echo "$v" | head -n 10 | sed 's/^/# /'
	REASON="$(echo "$v" | wc -l) violations"; return 1
}
if [ -n "$HPERR" ]; then nok "hotplug churn: every counter consistent" "$HPERR"
elif check_all "after hotplug"; then ok "hotplug churn: every counter consistent"
else nok "hotplug churn: every counter consistent" "$REASON"; fi
unload >/dev/null || diag "rmmod failed"

# 7: (c) explicit topologies that differ from the machine's
err=
for t in "core=0-3,4-7;package=0-7|core0:0-3 core1:4-7 package0:0-7|$T" \
	 "cluster=0-7|cluster0:0-7|POLL:0:0,C1:2:2,CL6:200:600:cluster"; do
	topo=${t%%|*}; rest=${t#*|}; want=${rest%%|*}; st=${rest#*|}
	if ! load "topology=$topo" states=$st wait=halt; then
		err="$err [$topo refused: $OUT]"; continue
	fi
	have=; for d in $SYS/domains/*; do have="$have ${d##*/}:$(cat $d/cpus)"; done
	snap /tmp/c0; sleep $W; snap /tmp/c1
	shown=$(cat $SYS/topology); u=
	for d in $SYS/domains/*; do
		d=${d##*/}; u="$u $d $(use /tmp/c0 $d) -> $(use /tmp/c1 $d),"
		went_down /tmp/c0 /tmp/c1 $d || err="$err [$topo: $d never went down]"
	done
	diag "topology=$topo: shown '$shown', domains$have; usage$u"
	[ "$shown" = "$topo" ] || err="$err [$topo shown as $shown]"
	[ "$have" = " $want" ] || err="$err [$topo: domains$have]"
	unload >/dev/null || err="$err [rmmod after $topo]"
done
if [ -z "$err" ]; then ok "explicit topology= honoured"
else nok "explicit topology= honoured" "$err"; fi

# 8: (c) wrong topologies refused, with their message, nothing registered
err=
for c in "core=0-1,2-3;package=0-3|CPU 4 is in no domain" \
	 "core=0-1,2-3,4-5,6-7,8-9;package=0-9|out of range (8 CPUs)" \
	 "core=0-3,3-7|in two domains" \
	 "core=0-2,3-5,6-7;package=0-3,4-7|levels must nest" \
	 "core=0-3,4-7|level \"package\" is not a level of the topology"; do
	topo=${c%|*}; pat=${c##*|}
	d0=$(dmesg | wc -l)
	if load "topology=$topo" states=$T; then
		err="$err [$topo accepted]"; unload >/dev/null; continue
	fi
	m=$(dmesg | tail -n +$((d0 + 1)) | grep -F "$pat" | head -n 1)
	diag "topology=$topo refused: ${m#*] }"
	[ -n "$m" ] || err="$err [$topo: no dmesg line with '$pat']"
	[ -e $SYS ] && err="$err [$topo: $SYS exists]"
	[ "$(driver)" = "$MOD" ] && err="$err [$topo: driver registered]"
done
if [ -z "$err" ]; then ok "wrong topology= refused with its message"
else nok "wrong topology= refused with its message" "$err"; fi

# 9: (d) domain_policy=timer. Only PCB (10 s target residency) is enabled,
# so every CPU asks for it; under auto the packages go down in PCB, under
# timer the earliest next timer of a package's CPUs is always nearer than
# 10 s: PCB is rejected, never entered, and the package goes down in the
# shallower PCA (50 us) instead, which fits.
TT=POLL:0:0,C1:2:2,PCA:20:50:package,PCB:50:10000000:package
err=
for policy in auto timer; do
	if ! load states=$TT wait=halt domain_policy=$policy; then
		err="$err [$policy: insmod failed: $OUT]"; continue
	fi
	set_disable 0 1; set_disable 1 1; set_disable 2 1
	sleep 0.5
	x0="$(dsum usage 2 $PKGS) $(dsum usage 3 $PKGS) $(dsum rejected 2 $PKGS) $(dsum rejected 3 $PKGS) $(csum achieved 3 0 1 2 3 4 5 6 7) $(csum demoted 3 0 1 2 3 4 5 6 7)"
	sleep 2
	x1="$(dsum usage 2 $PKGS) $(dsum usage 3 $PKGS) $(dsum rejected 2 $PKGS) $(dsum rejected 3 $PKGS) $(csum achieved 3 0 1 2 3 4 5 6 7) $(csum demoted 3 0 1 2 3 4 5 6 7)"
	diag "domain_policy=$policy, packages: PCA usage, PCB usage, PCA rejected, PCB rejected, CPUs' PCB achieved, PCB demoted: $x0 -> $x1"
	set -- $x0; pa0=$1 pb0=$2 ra0=$3 rb0=$4 ab0=$5 db0=$6
	set -- $x1; pa1=$1 pb1=$2 ra1=$3 rb1=$4 ab1=$5 db1=$6
	if [ $policy = auto ]; then
		[ $pb1 -gt $pb0 ] || err="$err [auto: PCB never entered]"
		[ $rb1 -eq 0 ] && [ $ra1 -eq 0 ] || err="$err [auto: rejections]"
	else
		[ $rb1 -gt $rb0 ] || err="$err [timer: PCB rejected count did not grow]"
		[ $pb1 -eq 0 ] && [ $ab1 -eq 0 ] || err="$err [timer: PCB entered]"
		[ $db1 -gt $db0 ] || err="$err [timer: CPUs asking for PCB not demoted]"
		[ $pa1 -gt $pa0 ] || err="$err [timer: PCA never accepted]"
		# Only PCB is asked for, so only PCB can be rejected.
		[ $ra1 -eq $ra0 ] || err="$err [timer: PCA rejected $ra0 -> $ra1]"
	fi
	set_disable 0 0; set_disable 1 0; set_disable 2 0
	unload >/dev/null || err="$err [rmmod after $policy]"
done
if [ -z "$err" ]; then ok "domain_policy=timer rejects a state its next timer rules out, accepts one that fits"
else nok "domain_policy=timer rejects a state its next timer rules out, accepts one that fits" "$err"; fi
