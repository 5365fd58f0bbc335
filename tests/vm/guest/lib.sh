# SPDX-License-Identifier: GPL-2.0
#
# Shared helpers of the guest scenarios (busybox sh). A scenario is
#
#	. /pidle/lib.sh
#	ktap_begin "what it tests"
#	ok / fail / check / expect_eq ... (one KTAP result each)
#	ktap_end
#
# ktap_end prints the plan (the number of results) and exits non-zero when
# any result failed; a scenario that dies before ktap_end has no plan, and
# the host counts that as a failure.

PIDLE_KO=/pidle/pseudo_cpuidle.ko
PIDLE_SYS=/sys/kernel/pseudo_cpuidle
PIDLE_PARAMS=/sys/module/pseudo_cpuidle/parameters
CPUIDLE=/sys/devices/system/cpu/cpuidle
CPUSYS=/sys/devices/system/cpu
TRACEFS=/sys/kernel/tracing
[ -d $TRACEFS/events ] || TRACEFS=/sys/kernel/debug/tracing
# The default table (Documentation/admin-guide.rst).
PIDLE_DEFAULT_STATES='POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package'

ktap_n=0
ktap_failed=0

ktap_begin() {
	echo "KTAP version 1"
	echo "# $*"
}

ok() {
	ktap_n=$((ktap_n + 1))
	echo "ok $ktap_n $1"
}

# fail DESC REASON...
fail() {
	local d=$1
	ktap_n=$((ktap_n + 1))
	ktap_failed=$((ktap_failed + 1))
	shift
	echo "not ok $ktap_n $d # $*"
}

diag() {
	echo "# $*"
}

# check DESC CMD...: ok when CMD succeeds.
check() {
	local d=$1
	shift
	if "$@" >/tmp/check.out 2>&1; then
		ok "$d"
	else
		fail "$d" "failed: $* $(head -c 200 /tmp/check.out | tr '\n' ' ')"
	fi
}

# check_not DESC CMD...: ok when CMD fails.
check_not() {
	local d=$1
	shift
	if "$@" >/tmp/check.out 2>&1; then
		fail "$d" "unexpectedly succeeded: $*"
	else
		ok "$d"
	fi
}

# expect_eq DESC EXPECTED ACTUAL
expect_eq() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		fail "$1" "expected '$2', got '$3'"
	fi
}

# expect_ge DESC MIN ACTUAL (integers)
expect_ge() {
	if [ -n "$3" ] && [ "$3" -ge "$2" ] 2>/dev/null; then
		ok "$1"
	else
		fail "$1" "expected >= $2, got '$3'"
	fi
}

# expect_range DESC LO HI ACTUAL (integers)
expect_range() {
	if [ -n "$4" ] && [ "$4" -ge "$2" ] 2>/dev/null && [ "$4" -le "$3" ]; then
		ok "$1"
	else
		fail "$1" "expected $2..$3, got '$4'"
	fi
}

ktap_end() {
	echo "1..$ktap_n"
	pidle_unload_quiet
	[ "$ktap_failed" -eq 0 ]
	exit $?
}

# require DESC CMD...: like check, but a failure ends the scenario (the
# remaining results would be meaningless).
require() {
	local d=$1
	shift
	if "$@" >/tmp/check.out 2>&1; then
		ok "$d"
	else
		fail "$d" "failed: $* $(head -c 300 /tmp/check.out | tr '\n' ' ')"
		diag "stopping the scenario here"
		kmsg_new | tail -n 5 | sed 's/^/# kernel: /'
		ktap_end
	fi
}

# --- kernel log --------------------------------------------------------

kmsg_mark() {
	kmsg_base=$(dmesg | wc -l)
}

kmsg_new() {
	dmesg | tail -n +$((${kmsg_base:-0} + 1))
}

# --- background processes ---------------------------------------------

# bg CMD...: start CMD in the background; its pid is in $bg_pid. The init
# kills what is left when the scenario ends.
bg() {
	"$@" >/dev/null 2>&1 &
	bg_pid=$!
	echo $bg_pid >>/tmp/pidle-bg
}

bg_kill() {
	local p
	for p in "$@"; do
		kill -9 "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	return 0
}

# --- the module ---------------------------------------------------------

# pidle_load PARAM=VALUE...: insmod; its messages are in /tmp/insmod.out.
pidle_load() {
	insmod $PIDLE_KO "$@" >/tmp/insmod.out 2>&1
}

pidle_unload() {
	rmmod pseudo_cpuidle >/tmp/rmmod.out 2>&1
}

pidle_unload_quiet() {
	if pidle_loaded; then
		rmmod pseudo_cpuidle >/dev/null 2>&1
	fi
	return 0
}

pidle_loaded() {
	grep -q '^pseudo_cpuidle ' /proc/modules
}

cur_driver() {
	cat $CPUIDLE/current_driver 2>/dev/null
}

driver_is_pidle() {
	[ "$(cur_driver)" = pseudo_cpuidle ]
}

# pidle_absent: no driver of ours registered and no sysfs tree left.
pidle_absent() {
	! driver_is_pidle && [ ! -e $PIDLE_SYS ]
}

# --- CPUs and cpuidle states -----------------------------------------

online_cpus() {
	local c n
	for c in $CPUSYS/cpu[0-9]*; do
		n=${c##*/cpu}
		if [ ! -f $c/online ] || [ "$(cat $c/online)" = 1 ]; then
			echo $n
		fi
	done
}

nr_states() {
	ls -d $CPUSYS/cpu${1:-0}/cpuidle/state[0-9]* 2>/dev/null | wc -l
}

# usage CPU K
usage() {
	cat $CPUSYS/cpu$1/cpuidle/state$2/usage
}

# usage_sum K [CPUS...]: state K's usage summed over CPUS (default: online).
usage_sum() {
	local k=$1 cpus t c
	shift
	cpus=${*:-$(online_cpus)}
	t=0
	for c in $cpus; do
		t=$((t + $(cat $CPUSYS/cpu$c/cpuidle/state$k/usage)))
	done
	echo $t
}

# disable_state CPU K 0|1
disable_state() {
	echo $3 >$CPUSYS/cpu$1/cpuidle/state$2/disable
}

# only_state K: on every online CPU enable state K alone.
only_state() {
	local n=$(nr_states) c i
	for c in $(online_cpus); do
		i=0
		while [ $i -lt $n ]; do
			if [ $i -eq $1 ]; then
				disable_state $c $i 0
			else
				disable_state $c $i 1
			fi
			i=$((i + 1))
		done
	done
}

# table_matches TABLE [CPUS...]: every CPU's cpuidle states are exactly
# TABLE (names, exit latency, target residency, count). Prints the first
# mismatch.
table_matches() {
	local tab=$1 want c d got k st n l r gn gl gr
	shift
	want=$(echo "$tab" | tr ',' ' ' | wc -w)
	for c in ${*:-$(online_cpus)}; do
		d=$CPUSYS/cpu$c/cpuidle
		got=$(nr_states $c)
		if [ "$got" != "$want" ]; then
			echo "cpu$c has $got states, want $want"
			return 1
		fi
		k=0
		for st in $(echo "$tab" | tr ',' ' '); do
			n=$(echo "$st" | cut -d: -f1)
			l=$(echo "$st" | cut -d: -f2)
			r=$(echo "$st" | cut -d: -f3)
			gn=$(cat $d/state$k/name) gl=$(cat $d/state$k/latency)
			gr=$(cat $d/state$k/residency)
			if [ "$gn:$gl:$gr" != "$n:$l:$r" ]; then
				echo "cpu$c state$k is $gn:$gl:$gr, want $n:$l:$r"
				return 1
			fi
			k=$((k + 1))
		done
	done
	return 0
}

# --- the module's own sysfs -------------------------------------------

# dom LEVELI K FILE: a domain state's counter, e.g. dom package0 4 usage
dom() {
	cat $PIDLE_SYS/domains/$1/state$2/$3
}

# dom_state_index LEVELI NAME: the K of domains/LEVELI/stateK named NAME
dom_state_index() {
	local s
	for s in $PIDLE_SYS/domains/$1/state[0-9]*; do
		if [ "$(cat $s/name)" = "$2" ]; then
			echo ${s##*/state}
			return 0
		fi
	done
	return 1
}

domains_of() {
	local d
	for d in $PIDLE_SYS/domains/$1[0-9]*; do
		[ -d "$d" ] && echo ${d##*/}
	done
}

pidle_reset() {
	echo 1 >$PIDLE_SYS/reset
}

# --- measurements ----------------------------------------------------

# wakelat ARGS...: run pidle-wakelat, set $wl_median and $wl_p99 (ns) and
# $wl_line (its output).
wakelat() {
	wl_line=$(pidle-wakelat "$@")
	wl_median=$(echo "$wl_line" | sed -n 's/.*median_ns=\([-0-9]*\).*/\1/p')
	wl_p99=$(echo "$wl_line" | sed -n 's/.*p99_ns=\([-0-9]*\).*/\1/p')
	[ -n "$wl_median" ]
}

# pct PART WHOLE: integer percentage
pct() {
	awk "BEGIN { if ($2 > 0) printf \"%d\", 100 * $1 / $2; else print 0 }"
}

now_ns() {
	awk '{ printf "%.0f", $1 * 1e9 }' /proc/uptime
}
