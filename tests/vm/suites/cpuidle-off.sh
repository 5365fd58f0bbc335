#!/bin/busybox sh
# cpuidle-off: with cpuidle.off=1 the module refuses to load, in one line
# that names the boot option, and leaves nothing registered.
# kernels: debug
# smp: 1
# append: cpuidle.off=1
. /lib.sh
echo "KTAP version 1"
echo "1..1"
d0=$(dmesg | wc -l)
if out=$(/modload $KO 2>&1); then
	nok "refused with cpuidle.off=1" "loaded, driver $(driver)"
	unload >/dev/null
	exit 0
fi
new=$(mod_log_since $d0)
n=$(echo "$new" | grep -c .)
diag "refused ($out), $n line(s): $new"
err=
case "$out" in *"No such device"*) ;; *) err="$err '$out', want ENODEV" ;; esac
[ "$n" -eq 1 ] || err="$err $n dmesg lines, want 1"
echo "$new" | grep -q "cpuidle.off=1" || err="$err no 'cpuidle.off=1' in the line"
[ -e $SYS ] && err="$err $SYS exists"
loaded && err="$err module still loaded"
if [ -z "$err" ]; then ok "refused with cpuidle.off=1"
else nok "refused with cpuidle.off=1" "$err"; fi
