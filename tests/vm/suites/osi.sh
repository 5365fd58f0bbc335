#!/bin/busybox sh
# osi: the OS-initiated mode (issue 22, Documentation/cluster-governors.rst).
# ENTRY_US+EXIT_US latencies reach cpuidle as their sum; domain_gov= reads
# back resolved and refuses bad values with one log line; loaded in OSI,
# cpuidle shows the CPU-level states only while the domains still go down
# (domain usage moves) and the genpd governor keeps them up when a timer
# is near (rejected moves); mode= and domain_gov= switched at run time
# under load with no wake-up lost; back to PC, every state is a cpuidle
# state again. Two cores of two threads in one package.
# On PREEMPT_RT the kernel's own PSCI code keeps CPU power domains always
# on (cpuidle-psci.c: no genpd attach under PREEMPT_RT); the module's
# lock-free model has no such limit, so the suite runs there too. On the
# eval kernel under teo (8/8 in 13 s), so that the domain governors are
# also checked beside the governor Debian does not build; and on the
# kcsan kernel (make check-kcsan), the governors switched under load with
# KCSAN watching (8/8, no report).
# kernels: rt eval kcsan
# smp: 4,sockets=1,cores=2,threads=2
# timeout: 240
# single-thread: multi-threaded TCG ran a half-patched instruction here
# (6.12-rt, 9.7 s in: the clocksource watchdog found the TSC unstable,
# flipped sched_clock's static key, and CPU 3 took a stale int3 in
# sched_clock_cpu): QEMU's cross-modifying code, not the module
. /lib.sh
P=/sys/module/$MOD/parameters
# CPD: a CPU power-down state with an entry latency; core and package
# states with power-off (entry) and power-on (exit) latencies.
T=POLL:0:0,C1:2:2,CPD:10+40:200,CC6:50+100:400:core,PC6:100+200:900:package
CORES="core0 core1"
# Why OSI cannot run in this build, when it cannot (the model core or the
# governor registry not there yet): the cases that need it are skipped
# with the module's own words.
NO_OSI=

# write PARAM VALUE: a run-time write; true when it took
write() { echo "$2" 2>/dev/null > $P/$1; }

# refused_write PARAM VALUE PATTERN: the write fails, one new module log
# line matching PATTERN says why, the parameter reads as before
refused_write() {
	before=$(cat $P/$1); d0=$(dmesg | wc -l)
	if write $1 "$2"; then why "$1=$2 accepted"; return 1; fi
	new=$(mod_log_since $d0); n=$(echo "$new" | grep -c .)
	diag "$1=$2 refused: $new"
	err=
	[ "$n" -eq 1 ] || err="$err [$n log lines]"
	echo "$new" | grep -qF -- "$3" || err="$err [no '$3' in the line]"
	[ "$(cat $P/$1)" = "$before" ] || err="$err [$1 now '$(cat $P/$1)', was '$before']"
	reasons "$err"
}

# 1
pc_entry_exit() {
	load states=$T wait=halt || return 1
	err=
	check_table "POLL:0 C1:2 CPD:50 CC6:150 PC6:300" || err="$err [cpuidle table]"
	[ "$(cat $SYS/domains/core0/governor)" = none ] || err="$err [core0 governor '$(cat $SYS/domains/core0/governor)' in PC]"
	[ "$(cat $P/states)" = "$T" ] || err="$err [states reads '$(cat $P/states)']"
	[ "$(cat $P/mode)" = pc ] || err="$err [mode reads '$(cat $P/mode)']"
	[ "$(cat $P/domain_gov)" = genpd-6.12 ] || err="$err [domain_gov reads '$(cat $P/domain_gov)']"
	reasons "$err"
}

# 2
dgov_param() {
	err=
	write domain_gov deepest,package:genpd || err="$err [deepest,package:genpd refused: $(dmesg | tail -n 1)]"
	v=$(cat $P/domain_gov)
	diag "domain_gov=deepest,package:genpd reads back '$v'"
	[ "$v" = "core:deepest,package:genpd" ] || err="$err [reads '$v']"
	refused_write domain_gov die:deepest 'domain_gov: item 0: level "die" is not a domain level of the topology' ||
		err="$err [die:deepest]"
	refused_write domain_gov Deepest 'domain_gov: item 0: governor "Deepest": has a character outside [a-z0-9._-]' ||
		err="$err [Deepest]"
	refused_write domain_gov core:nosuch 'domain_gov: item 0 (core): governor "nosuch" is not registered' ||
		err="$err [core:nosuch]"
	refused_write mode OSI 'mode: "OSI": not one of pc, osi' || err="$err [mode=OSI]"
	write domain_gov genpd-6.12 || err="$err [back to genpd-6.12 refused]"
	reasons "$err"
}

# Can this build run OSI at all? The module says why not, at load.
osi_probe() {
	unload >/dev/null
	d0=$(dmesg | wc -l)
	if load states=$T mode=osi domain_gov=deepest wait=halt 2>/dev/null; then
		NO_OSI=
	else
		NO_OSI="this build cannot run mode=osi: $(mod_log_since $d0 | tail -n 1 | sed 's/^.*\] //')"
		diag "$NO_OSI"
	fi
}

# 3
osi_cpu_states_only() {
	err=
	check_table "POLL:0 C1:2 CPD:50" || err="$err [cpuidle table]"
	[ "$(cat $P/mode)" = osi ] || err="$err [mode reads '$(cat $P/mode)']"
	for d in $CORES package0; do
		g=$(cat $SYS/domains/$d/governor 2>/dev/null)
		[ "$g" = deepest ] || err="$err [$d governor '$g']"
	done
	snap /tmp/o0; sleep $W; snap /tmp/o1
	for d in $CORES package0; do
		u=$(($(use /tmp/o1 $d) - $(use /tmp/o0 $d)))
		diag "idle ${W}s in OSI, deepest governor: $d $u down periods ended"
		[ $u -gt 0 ] || err="$err [$d never went down]"
	done
	# genpd's counters, where the module has them: above + below <= usage
	for f in $SYS/domains/*/state*/above; do
		[ -r "$f" ] || continue
		s=${f%/above}; a=$(cat $f); b=$(cat $s/below); u=$(cat $s/usage)
		[ $((a + b)) -le $u ] || err="$err [${s#$SYS/}: above $a + below $b > usage $u]"
	done
	reasons "$err"
}

# 4: the genpd governor keeps core0 up while a CPU of it has a timer
# closer than CC6 pays off: ipiwake's waker on CPU 0 sleeps 300 us at
# a time (its timer: long enough for CPD, 200 us, too short for CC6,
# 400 us + 150 us of power-off and power-on); its waiter on CPU 1 sleeps
# until woken.
osi_rejected() {
	write domain_gov genpd-6.12 || { why "domain_gov=genpd-6.12 refused: $(dmesg | tail -n 1)"; return 1; }
	r0=$(dsum rejected 3 core0); u0=$(dsum usage 3 core0)
	/ipiwake 1000 300 1 0 > /tmp/ipw.out 2>&1; st=$?
	r1=$(dsum rejected 3 core0); u1=$(dsum usage 3 core0)
	diag "genpd-6.12, ipiwake 1000 x 300 us on CPUs 0-1: core0 CC6 rejected $r0 -> $r1, usage $u0 -> $u1 ($(cat /tmp/ipw.out))"
	[ $st -eq 0 ] || { why "ipiwake exit $st"; return 1; }
	[ $r1 -gt $r0 ] || { why "core0 never rejected"; return 1; }
}

# mode_or_gov_under_load PARAM "V1 V2 ..." N: N writes cycling through the
# values while loadmix runs on every CPU; loadmix's watchdog fails on a
# lost wake-up
under_load() {
	param=$1 vals=$2 n=$3
	/loadmix -w 5000 60 > /tmp/load.out 2>&1 &
	lp=$!
	sleep 0.5
	i=0 bad=0
	while [ $i -lt $n ]; do
		for v in $vals; do
			write $param $v || bad=$((bad + 1))
			[ "$(cat $P/$param)" = "$v" ] || bad=$((bad + 1))
			i=$((i + 1))
		done
	done
	kill -TERM $lp; wait $lp; lst=$?
	diag "$i writes of $param ($vals) under load: $bad refused or misread; loadmix: $(cat /tmp/load.out)"
	err=
	[ $bad -eq 0 ] || err="$err [$bad writes refused or misread]"
	[ $lst -eq 0 ] || err="$err [loadmix exit $lst]"
	reasons "$err"
}

# 5
mode_switch_load() {
	under_load mode "pc osi" 10 || return 1
	# ends in osi
	[ "$(nstates)" -eq 3 ] || { why "$(nstates) cpuidle states in OSI"; return 1; }
}

# 6
gov_switch_load() {
	under_load domain_gov "deepest genpd-6.12 predict genpd genpd-6.1" 20
}

# 7
back_to_pc() {
	write mode pc || { why "mode=pc refused: $(dmesg | tail -n 1)"; return 1; }
	err=
	[ "$(cat $SYS/domains/package0/governor)" = none ] || err="$err [package0 governor in PC]"
	check_table "POLL:0 C1:2 CPD:50 CC6:150 PC6:300" || err="$err [cpuidle table]"
	snap /tmp/p0; sleep $W; snap /tmp/p1
	u=$(($(use /tmp/p1 package0) - $(use /tmp/p0 package0)))
	diag "idle ${W}s back in PC: package0 $u down periods ended"
	[ $u -gt 0 ] || err="$err [package0 never went down]"
	reasons "$err"
}

ktap_header
ktap_test "entry+exit latencies: cpuidle told their sum, states= printed back" pc_entry_exit
ktap_test "domain_gov= read back resolved; bad values refused, one line each" dgov_param
osi_probe
ktap_test_unless "$NO_OSI" "OSI: cpuidle shows the CPU-level states, domains go down" osi_cpu_states_only
ktap_test_unless "$NO_OSI" "OSI, genpd-6.12: a near timer keeps the core up (rejected)" osi_rejected
ktap_test_unless "$NO_OSI" "mode= switched pc/osi 10 times under load, nothing lost" mode_switch_load
ktap_test_unless "$NO_OSI" "domain_gov= switched 20 times under load in OSI" gov_switch_load
ktap_test_unless "$NO_OSI" "back to PC: every state a cpuidle state, domains go down" back_to_pc
unload >/dev/null
ktap_test "unloaded" sh -c "! grep -q '^$MOD ' /proc/modules"
ktap_finished
