#!/bin/busybox sh
# main: the module in an idle 2x2x2 guest: tables in cpuidle sysfs, every
# state used, domains present, unload, bad parameters, wait=halt, a
# disabled state. (Load/unload cycles: the reconfig-load suite; the
# tracepoints: trace, booted single-threaded.)
# kernels: rt eval kcsan lockdep compat
# smp: 8,sockets=2,cores=2,threads=2
. /lib.sh

# 1
default_load() {
	[ -e $KO ] || { why "no $KO in the image"; return 1; }
	load || return 1
	[ "$(driver)" = "$MOD" ] || { why "current_driver is '$(driver)'"; return 1; }
}

# 3: every state used, or at least usage grows (a state no CPU picks in
# 3 s of an idle guest is a diagnostic)
states_used() {
	[ "$(nstates)" -gt 0 ] || { why "no cpuidle states"; return 1; }
	k=0; zero=; b=""
	while [ $k -lt $(nstates) ]; do b="$b $(usage_sum $k)"; k=$((k + 1)); done
	sleep 3
	k=0; a=""
	while [ $k -lt $(nstates) ]; do
		u=$(usage_sum $k); a="$a $u"
		[ "$u" -gt 0 ] || zero="$zero state$k"
		k=$((k + 1))
	done
	diag "usage before:$b"
	diag "usage after: $a"
	tb=0; for x in $b; do tb=$((tb + x)); done
	ta=0; for x in $a; do ta=$((ta + x)); done
	[ -z "$zero" ] && return 0
	diag "unused:$zero"
	[ $ta -gt $tb ] || { why "no usage growth, unused:$zero"; return 1; }
}

# 4
rsum() { s=0; for f in $SYS/domains/package*/state*/residency_ns; do [ -r $f ] && s=$((s + $(cat $f))); done; echo $s; }
domains_residency() {
	diag "domains: $(ls $SYS/domains 2>/dev/null | tr '\n' ' ')"
	miss=
	for d in core0 core1 core2 core3 package0 package1; do [ -d $SYS/domains/$d ] || miss="$miss $d"; done
	[ -z "$miss" ] || { why "missing:$miss"; return 1; }
	r0=$(rsum); sleep 2; r1=$(rsum)
	diag "package residency_ns: $r0 -> $r1"
	[ "$r1" -gt "$r0" ] || { why "package residency did not grow ($r0 -> $r1)"; return 1; }
}

# 5
rmmod_releases() {
	loaded || { why "module was not loaded"; return 1; }
	unload && [ "$(driver)" != "$MOD" ] ||
		{ why "loaded=$(loaded && echo yes || echo no) driver=$(driver)"; return 1; }
	diag "driver after rmmod: $(driver)"
}

# 6
custom_table() {
	load states=POLL:0:0,C2:50:100 || return 1
	check_table "POLL:0 C2:50"; st=$?
	unload >/dev/null || diag "rmmod after custom table failed"
	return $st
}

# 7: each bad parameter is refused with one log line naming its field.
# One finit_module() per attempt (/modload): busybox insmod would retry
# with init_module() and run the module's init, and so log, twice.
bad_parameters() {
	err=
	for c in "states=A:1:1,B:x:1|exit latency" "states=|states" \
		 "topology=core=0-1,1-3;package=0-7|two domains" \
		 "wait=spin|wait" "domain_policy=foo|domain_policy"; do
		p=${c%|*}; pat=${c##*|}
		d0=$(dmesg | wc -l)
		if out=$(/modload $KO "$p" 2>&1); then
			err="$err [$p accepted]"
			diag "$p accepted; parameters/states=$(cat /sys/module/$MOD/parameters/states 2>&1)"
			unload >/dev/null
			continue
		fi
		new=$(mod_log_since $d0)
		n=$(echo "$new" | grep -c .)
		diag "$p refused ($out), $n dmesg line(s): $new"
		case "$out" in *"Invalid argument"*) ;; *) err="$err [$p: '$out', want EINVAL]" ;; esac
		[ "$n" -eq 1 ] || err="$err [$p: $n dmesg lines, want 1]"
		echo "$new" | grep -qi "$pat" || err="$err [$p: no dmesg line with '$pat']"
		[ -e $SYS ] && err="$err [$p: $SYS exists]"
		loaded && err="$err [$p: module still loaded]"
		[ "$(driver)" = "$MOD" ] && err="$err [$p: driver registered]"
	done
	reasons "$err"
}

# 8
wait_halt() {
	load wait=halt || return 1
	u0=$(deep_usage); sleep 1; u1=$(deep_usage)
	diag "wait=halt usage of states>=1: $u0 -> $u1, driver $(driver)"
	err=
	[ "$u1" -gt "$u0" ] && [ "$(driver)" = "$MOD" ] || err="usage $u0 -> $u1, driver $(driver)"
	unload >/dev/null || diag "rmmod after wait=halt failed"
	reasons "$err"
}

# 9: a state disabled through sysfs is never entered again
requested4() { cat $SYS/cpu*/state4/requested | awk '{s+=$1} END {print s}'; }
disabled_state() {
	load wait=halt || return 1
	set_disable 4 1
	sleep 1		# let CPUs already in state 4 wake once
	u0=$(usage_sum 4); r0=$(requested4); o0=$(usage_sum 3)
	sleep 2
	u1=$(usage_sum 4); r1=$(requested4); o1=$(usage_sum 3)
	diag "state4 disabled: cpuidle usage $u0 -> $u1, model requested $r0 -> $r1; state3 usage $o0 -> $o1"
	err=
	[ "$u1" -eq "$u0" ] && [ "$r1" -eq "$r0" ] && [ "$o1" -gt "$o0" ] ||
		err="state4 usage $u0 -> $u1, requested $r0 -> $r1, state3 $o0 -> $o1"
	set_disable 4 0
	unload >/dev/null || diag "rmmod after disable test failed"
	reasons "$err"
}

ktap_header
diag "cpus: $(ncpus), driver before load: $(driver)"
for c in /sys/devices/system/cpu/cpu[0-9]*; do
	diag "${c##*/}: package $(cat $c/topology/physical_package_id) core $(cat $c/topology/core_id) siblings $(cat $c/topology/thread_siblings_list)"
done
ktap_test "insmod default table" default_load
ktap_test "default table names and latencies" check_table "POLL:0 C1:2 C1E:10 C6:100 PC6:300"
ktap_test "every state used" states_used
ktap_test "domains and package residency" domains_residency
ktap_test "rmmod, driver released" rmmod_releases
ktap_test "custom table" custom_table
ktap_test "bad parameters refused, one log line each" bad_parameters
ktap_test "wait=halt" wait_halt
ktap_test "disabled state never entered again" disabled_state
unload >/dev/null
ktap_finished
