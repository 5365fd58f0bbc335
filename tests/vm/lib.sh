# lib.sh: sourced by every test suite (tests/vm/suites/*.sh); brings the
# harness's guest helpers (/ktap.sh, /module.sh) and the model's counters
# (/counters.sh): cpuidle sysfs sums and tables, refusals, busy loops,
# times, kmemleak, pidle-stat's CSV and sysfs copies. Busybox sh.
. /ktap.sh
. /module.sh
. /counters.sh

# instrumented: true on the debug, kcsan and lockdep61 kernels (run.sh
# boots them with pidle_instrumented=1); their instrumentation keeps the
# CPUs busier and sends more IPIs, which some bounds allow for.
instrumented() { [ "$(arg pidle_instrumented 0)" = 1 ]; }

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

# cpu_table CPU "NAME:LAT ...": CPU's cpuidle states, names and latencies
cpu_table() {
	_k=0; _err=
	for _e in $2; do
		_d=/sys/devices/system/cpu/cpu$1/cpuidle/state$_k
		_n=$(cat $_d/name 2>/dev/null); _l=$(cat $_d/latency 2>/dev/null)
		[ "$_n" = "${_e%%:*}" ] && [ "$_l" = "${_e#*:}" ] ||
			_err="$_err cpu$1/state$_k=$_n:$_l (want $_e)"
		_k=$((_k + 1))
	done
	_c=$(ls -d /sys/devices/system/cpu/cpu$1/cpuidle/state[0-9]* | wc -l)
	[ $_c -eq $_k ] || _err="$_err cpu$1 has $_c states, want $_k"
	echo "$_err"
}

# all CPUs' stateK/disable
set_disable() {
	for f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state$1/disable; do echo $2 > $f; done
}
# only_state K: every CPU may use state K alone; all_states: every state
only_state() {
	for d in /sys/devices/system/cpu/cpu0/cpuidle/state[0-9]*; do
		[ "${d##*state}" = "$1" ] && set_disable ${d##*state} 0 || set_disable ${d##*state} 1
	done
}
all_states() {
	for d in /sys/devices/system/cpu/cpu0/cpuidle/state[0-9]*; do set_disable ${d##*state} 0; done
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

# Hotplug: cpu_off/cpu_on CPU... each CPU offline/online, saying why
# (why) for each one that fails; status 1 when any did.
cpu_off() {
	_e=0
	for _c in "$@"; do echo 0 > /sys/devices/system/cpu/cpu$_c/online || { why "offline cpu$_c failed"; _e=1; }; done
	return $_e
}
cpu_on() {
	_e=0
	for _c in "$@"; do echo 1 > /sys/devices/system/cpu/cpu$_c/online || { why "online cpu$_c failed"; _e=1; }; done
	return $_e
}

# The online CPUs, one number each.
online_cpus() {
	tr ',' '\n' < /sys/devices/system/cpu/online |
		awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }'
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
