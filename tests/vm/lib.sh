# lib.sh: sourced by every test suite (tests/vm/suites/*.sh) after the
# harness's guest helpers: cpuidle sysfs sums, busy loops, counter
# snapshots and the model's invariants. Busybox sh.
. /ktap.sh
. /module.sh

# Compatibility with the suites that still count by hand: ok/nok number
# the results through ktap_result.
ok() { ktap_result "$1" 0; }
nok() { ktap_result "$1" 1 "$2"; }

# sum of stateK/usage over CPUs
usage_sum() {
	s=0
	for f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state$1/usage; do
		[ -r "$f" ] || continue
		s=$((s + $(cat $f)))
	done
	echo $s
}
# total usage over states >= 1 and all CPUs
deep_usage() {
	t=0; k=1
	while [ $k -lt $(nstates) ]; do t=$((t + $(usage_sum $k))); k=$((k + 1)); done
	echo $t
}

# check_table "NAME:LAT NAME:LAT ..." against cpu0's cpuidle states
check_table() {
	want="$1"; k=0; err=
	for e in $want; do
		d=/sys/devices/system/cpu/cpu0/cpuidle/state$k
		n=$(cat $d/name 2>/dev/null); l=$(cat $d/latency 2>/dev/null)
		diag "state$k: name=$n latency=$l (want ${e%%:*} ${e#*:})"
		[ "$n" = "${e%%:*}" ] && [ "$l" = "${e#*:}" ] || err="$err state$k=$n:$l"
		k=$((k + 1))
	done
	[ "$(nstates)" -eq $k ] || err="$err count=$(nstates)/want $k"
	[ -z "$err" ] || { REASON="mismatch:$err"; return 1; }
}

# all CPUs' stateK/disable
set_disable() {
	for f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state$1/disable; do echo $2 > $f; done
}


# mod_log_since LINES: the module's own dmesg lines after the first LINES
# lines of dmesg; the loader's taint notices on a first load are not its own.
mod_log_since() {
	dmesg | tail -n +$(($1 + 1)) | grep "$MOD:" |
		grep -v -e 'loading out-of-tree module' -e 'module verification failed'
}

# --- the model's counters (/sys/kernel/pseudo_cpuidle), for domain suites ---

# dval DOMAIN STATE FIELD / cval CPU STATE FIELD: one counter
dval() { cat $SYS/domains/$1/state$2/$3; }
cval() { cat $SYS/cpu$1/state$2/$3; }
# dsum FIELD STATE DOMAIN...: a counter summed over domains
dsum() {
	f=$1; k=$2; shift 2; s=0
	for d in "$@"; do s=$((s + $(dval $d $k $f))); done
	echo $s
}
# csum FIELD STATE CPU...: a counter summed over CPUs
csum() {
	f=$1; k=$2; shift 2; s=0
	for c in "$@"; do s=$((s + $(cval $c $k $f))); done
	echo $s
}
# Nanoseconds since boot, 10 ms resolution (/proc/uptime).
now_ns() { awk '{ printf "%.0f\n", $1 * 1000000000 }' /proc/uptime; }
# pct PART WHOLE: PART as a percentage of WHOLE, one decimal
pct() { awk -v p=$1 -v w=$2 'BEGIN { printf "%.1f\n", (w > 0 ? 100 * p / w : 0) }'; }

# Busy loops: spin_on CPU... starts /spin pinned to each, spin_stop ends all.
SPINS=
spin_on() {
	for c in "$@"; do /spin $c & SPINS="$SPINS $!"; done
	sleep 0.2	# let each reach its CPU before the caller measures
}
spin_stop() {
	[ -n "$SPINS" ] && kill $SPINS 2>/dev/null && wait $SPINS 2>/dev/null
	SPINS=
}

# The online CPUs, one number each.
online_cpus() {
	tr ',' '\n' < /sys/devices/system/cpu/online |
		awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }'
}

# quiet_write VALUE FILE: echo VALUE > FILE with every CPU kept busy.
# For tracefs enable files: turning a tracepoint on or off patches its
# call sites (int3, then the new instruction), and multi-threaded TCG
# sometimes runs a stale copy of a site that another vCPU is patching:
# seen as an "Oops: int3" in pidle_enter_state on 6.12 and as every vCPU
# stuck at a patched site in pidle_trace_domains (soft lockup) on 6.1,
# within 30 toggles with CPUs idling through the module. Busy CPUs do not
# run the idle path, so no CPU executes a site while it is patched.
quiet_write() {
	spin_on $(online_cpus)
	echo "$1" > "$2"; _st=$?
	spin_stop
	return $_st
}

# snap FILE: every counter of the model, one "PATH:VALUE" line each,
# paths relative to $SYS (domains/core0/state3/usage:12, cpu1/state0/requested:7).
snap() {
	{ grep -r . $SYS/domains; grep -r . $SYS/cpu[0-9]*; } 2>/dev/null \
		| sed "s|^$SYS/||" > "$1"
}

# ssum SNAP REGEX: the sum of the counters of SNAP whose path matches REGEX
# (an awk regular expression), e.g. ssum /tmp/s '^domains/core2/state[0-9]+/usage$'
ssum() {
	awk -v re="$2" '{ i = index($0, ":"); if (substr($0, 1, i - 1) ~ re) s += substr($0, i + 1) }
		END { printf "%.0f\n", s }' "$1"
}
# res/use SNAP DOMAIN: the domain's residency / usage over all its states
res() { ssum "$1" "^domains/$2/state[0-9]+/residency_ns\$"; }
use() { ssum "$1" "^domains/$2/state[0-9]+/usage\$"; }

# residency_ns includes the down period going on, so it grows while a
# domain is down even when no period ends.
# went_down SNAP0 SNAP1 DOMAIN: down for some of the time in between.
# stayed_up SNAP0 SNAP1 DOMAIN: up all the time in between.
went_down() { [ $(res "$2" $3) -gt $(res "$1" $3) ]; }
stayed_up() {
	[ $(res "$2" $3) -eq $(res "$1" $3) ] && [ $(use "$2" $3) -eq $(use "$1" $3) ]
}

# check_counters SNAP ELAPSED_NS ONLINES: the invariants the model keeps,
# checked on a snapshot taken with every online CPU busy; ONLINES lists
# "CPU:N", the times each CPU was brought online since the counters began.
# Prints one line per violation; silent when consistent. The invariants:
# tests/vm/guest/pidlecheck.c.
check_counters() {
	/pidlecheck "$1" "$2" "${POLICY:-auto}" $3
}

# --- the debug kernel's checkers ---

# leak_start / leak_check: kmemleak, where the kernel has it (the debug
# kernel). leak_start forgets the suspects found so far (boot's own);
# leak_check scans (an object must be older than 5 s to be reported, so it
# waits first) and prints the suspects' count, failing when there is any,
# with the first report in the output. Without kmemleak it prints "SKIP
# no kmemleak in this kernel" and succeeds: KTAP's SKIP directive.
KMEMLEAK=/sys/kernel/debug/kmemleak
leak_start() {
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	[ -w $KMEMLEAK ] && echo clear > $KMEMLEAK
}
leak_check() {
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	[ -w $KMEMLEAK ] || { echo "SKIP no kmemleak in this kernel"; return 0; }
	sleep 6
	echo scan > $KMEMLEAK
	_r=$(cat $KMEMLEAK)
	_n=$(echo "$_r" | grep -c '^unreferenced object')
	if [ "$_n" -gt 0 ]; then
		echo "$_n unreferenced objects, first: $(echo "$_r" | head -n 12 | tr '\n' ' ')"
		return 1
	fi
	echo "kmemleak: no unreferenced object"
}

# sysfs_copy DIR: what pidle-stat reads, copied under DIR.
sysfs_copy() {
	for c in /sys/devices/system/cpu/cpu[0-9]*; do
		[ -d $c/cpuidle ] || continue
		mkdir -p $1$c
		cp -r $c/cpuidle $1$c/ 2>/dev/null
	done
	mkdir -p $1/sys/devices/system/cpu/cpuidle $1/sys/kernel
	cp /sys/devices/system/cpu/cpuidle/current_* $1/sys/devices/system/cpu/cpuidle/
	cp -r $SYS $1/sys/kernel/ 2>/dev/null	# the write-only reset files fail
}
