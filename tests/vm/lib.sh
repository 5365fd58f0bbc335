# lib.sh: sourced by every guest suite (tests/vm/suites/*.sh). KTAP result
# helpers, module load/unload, cpuidle sysfs sums. Busybox sh.
KO=/pseudo_cpuidle.ko
MOD=pseudo_cpuidle
SYS=/sys/kernel/pseudo_cpuidle
CPUIDLE=/sys/devices/system/cpu/cpuidle
TR=/sys/kernel/tracing
N=0

ok() { N=$((N + 1)); echo "ok $N $1"; }
nok() { N=$((N + 1)); echo "not ok $N $1 # $2"; }
diag() { echo "# $*"; }

driver() { cat $CPUIDLE/current_driver 2>/dev/null || echo "?"; }
loaded() { grep -q "^$MOD " /proc/modules; }
unload() { loaded && rmmod $MOD 2>&1; ! loaded; }
ncpus() { ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l; }

# insmod with arguments; leaves output in $OUT, returns insmod's status.
load() {
	OUT=$(insmod $KO "$@" 2>&1)
	st=$?
	[ -n "$OUT" ] && diag "insmod $*: $OUT"
	return $st
}

# sum of stateK/usage over CPUs
usage_sum() {
	s=0
	for f in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state$1/usage; do
		[ -r "$f" ] || continue
		s=$((s + $(cat $f)))
	done
	echo $s
}
nstates() { ls -d /sys/devices/system/cpu/cpu0/cpuidle/state[0-9]* 2>/dev/null | wc -l; }
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
