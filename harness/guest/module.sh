# module.sh: the guest side of every user of the harness (tests, demo,
# bench): where the module and its sysfs are, loading and unloading it,
# the kernel command line's arguments. Busybox sh.
KO=/pseudo_cpuidle.ko
MOD=pseudo_cpuidle
SYS=/sys/kernel/pseudo_cpuidle
CPUIDLE=/sys/devices/system/cpu/cpuidle
TR=/sys/kernel/tracing

driver() { cat $CPUIDLE/current_driver 2>/dev/null || echo "?"; }
loaded() { grep -q "^$MOD " /proc/modules; }
unload() { loaded && rmmod $MOD 2>&1; ! loaded; }
ncpus() { ls -d /sys/devices/system/cpu/cpu[0-9]* | wc -l; }
nstates() { ls -d /sys/devices/system/cpu/cpu0/cpuidle/state[0-9]* 2>/dev/null | wc -l; }

# load ARG...: insmod with arguments; insmod's output goes out as a
# diagnostic and, on failure, is the reason of the check running it
# (ktap.sh's why). $OUT keeps it for bench/ and experiments/, which
# report it themselves.
load() {
	_n=$(dmesg | wc -l)
	OUT=$(insmod $KO "$@" 2>&1)
	_st=$?
	# the module's own reason for a refusal is in the kernel log
	# (insmod says only "Invalid argument"): its last new line with it
	[ $_st -eq 0 ] || OUT="$OUT$(dmesg | tail -n +$((_n + 1)) | grep "$MOD: " | tail -n 1 | sed 's/^\[[ 0-9.]*\] */ -- /')"
	[ -n "$OUT" ] && echo "# insmod $*: $OUT"
	[ $_st -eq 0 ] || why "insmod $*: ${OUT:-status $_st}"
	return $_st
}

# arg NAME DEFAULT: the value of NAME= on the kernel command line
arg() {
	_v=$2
	for _a in $(cat /proc/cmdline); do
		case "$_a" in "$1"=*) _v=${_a#*=} ;; esac
	done
	echo "$_v"
}
