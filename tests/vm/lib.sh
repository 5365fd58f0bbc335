# lib.sh: sourced by every test suite (tests/vm/suites/*.sh) after the
# harness's guest helpers: cpuidle sysfs sums, busy loops, counter
# snapshots and the model's invariants. Busybox sh.
. /ktap.sh
. /module.sh
ok() { ktap_result "$1" 0; }	# TEMPORARY
nok() { ktap_result "$1" 1 "$2"; }	# TEMPORARY

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
	reasons "${err:+mismatch:$err}"
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

# refused_once ERRNO_TEXT PATTERN...: /modload (one finit_module(), unlike
# busybox insmod, which retries a refused load and so logs twice) once; a
# check: the load is refused with ERRNO_TEXT, exactly one new module line
# is logged and matches every PATTERN, and nothing is left registered.
refused_once() {
	_want=$1; shift
	_d0=$(dmesg | wc -l)
	if _out=$(/modload $KO 2>&1); then
		why "loaded, driver $(driver)"; unload >/dev/null; return 1
	fi
	_new=$(mod_log_since $_d0)
	_n=$(echo "$_new" | grep -c .)
	diag "refused ($_out), $_n line(s): $_new"
	_err=
	case "$_out" in *"$_want"*) ;; *) _err="$_err '$_out', want '$_want'" ;; esac
	[ "$_n" -eq 1 ] || _err="$_err $_n dmesg lines, want 1"
	for _pat in "$@"; do
		echo "$_new" | grep -q -- "$_pat" || _err="$_err no '$_pat' in the line"
	done
	[ -e $SYS ] && _err="$_err $SYS exists"
	loaded && _err="$_err module still loaded"
	reasons "$_err"
}

# --- the model's counters (/sys/kernel/pseudo_cpuidle), for domain suites ---

# The domains suites' table: two states per domain level, so that
# "deepest" means something (core: states $CORE, package: $PKG).
DOMAINS_TABLE=POLL:0:0,C1:2:2,C1E:10:20,CC3:50:100:core,CC6:100:300:core,PC3:200:600:package,PC6:300:900:package
CORE="3 4" PKG="5 6" DEEP=3-6
W=2	# their measurement window, s

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
# Seconds since boot; elapsed T0: seconds since uptime_s gave T0, one decimal
uptime_s() { cut -d' ' -f1 /proc/uptime; }
elapsed() { awk "BEGIN { printf \"%.1f\", $(uptime_s) - $1 }"; }
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

# leak_start / leak_result: kmemleak, where the kernel has it (the debug
# kernel). leak_start forgets the suspects found so far (boot's own);
# leak_result is the case "no leak reported by kmemleak": it scans (an
# object must be older than 5 s to be reported, so it waits first) and
# fails on any suspect, with the count and the first report as its reason;
# without kmemleak the case is skipped.
KMEMLEAK=/sys/kernel/debug/kmemleak
leak_start() {
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	[ -w $KMEMLEAK ] && echo clear > $KMEMLEAK
}
leak_scan() {
	sleep 6
	echo scan > $KMEMLEAK
	_r=$(cat $KMEMLEAK)
	_n=$(echo "$_r" | grep -c '^unreferenced object')
	diag "kmemleak: $_n unreferenced objects"
	[ "$_n" -eq 0 ] || { why "$_n unreferenced objects, first: $(echo "$_r" | head -n 12 | tr '\n' ' ')"; return 1; }
}
leak_result() {
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	if [ -w $KMEMLEAK ]; then ktap_test "no leak reported by kmemleak" leak_scan
	else ktap_skip "no leak reported by kmemleak" "no kmemleak in this kernel"; fi
}

# unquote CSV: pidle-stat's CSV with each quoted field's commas made ';'
# and its quotes dropped, so that awk -F, splits it into its 22 fields.
unquote() {
	awk '{ while (match($0, /"[^"]*"/)) {
		f = substr($0, RSTART + 1, RLENGTH - 2); gsub(/,/, ";", f)
		$0 = substr($0, 1, RSTART - 1) f substr($0, RSTART + RLENGTH) }
	       print }' "$1"
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
