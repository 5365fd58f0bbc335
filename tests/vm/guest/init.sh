#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The guest's /init: mounts the pseudo filesystems, runs the scenarios named
# on the kernel command line (pidle.scenarios=a,b,c) and prints KTAP to the
# test serial port (pidle.out=ttyS1, default the console), one subtest per
# scenario, then powers off. pidle.shell=1 gives a shell on the console
# instead. pidle.timeout=SECONDS bounds each scenario (default 300).
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /sys/kernel/tracing
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mount -t tmpfs tmpfs /tmp

scenarios= shell= timeout=300 out=console
for arg in $(cat /proc/cmdline); do
	case $arg in
	pidle.scenarios=*) scenarios=$(echo "${arg#*=}" | tr ',' ' ') ;;
	pidle.shell=1) shell=1 ;;
	pidle.timeout=*) timeout=${arg#*=} ;;
	pidle.out=*) out=${arg#*=} ;;
	esac
done

if [ -n "$shell" ]; then
	echo "pidle-vm: module at /pidle/pseudo_cpuidle.ko, scenarios in /pidle/scenarios/"
	echo "pidle-vm: run one with 'sh /pidle/scenarios/NAME.sh'; 'poweroff -f' to quit"
	setsid cttyhack sh -l
	poweroff -f
fi

[ -c "/dev/$out" ] || out=console
exec >"/dev/$out" 2>&1
# Keep the kernel log of each scenario apart: clear the boot messages.
dmesg -c >/tmp/dmesg.boot

splat_re='BUG:|Oops|Call Trace|WARNING: CPU: [0-9]+ PID:|possible recursive locking|possible circular locking|inconsistent lock state|suspicious RCU usage|INFO: task .* blocked|rcu_sched self-detected stall|rcu: INFO|general protection fault|kernel BUG|UBSAN:|KASAN:'

set -- $scenarios
echo "KTAP version 1"
echo "# pidle-vm: kernel $(uname -r), $(nproc) CPUs online, cmdline: $(cat /proc/cmdline)"
echo "1..$#"
i=0
for s in $scenarios; do
	i=$((i + 1))
	: >/tmp/pidle-bg
	start=$(cut -d' ' -f1 /proc/uptime)
	if [ -f "/pidle/scenarios/$s.sh" ]; then
		( timeout -s KILL "$timeout" sh "/pidle/scenarios/$s.sh" 2>&1
		  echo $? >/tmp/rc ) | while IFS= read -r line; do
			echo "    $line"
		done
		rc=$(cat /tmp/rc)
	else
		echo "    # no scenario named $s"
		rc=127
	fi
	# Clean up whatever the scenario left behind.
	for p in $(cat /tmp/pidle-bg); do
		kill -9 "$p" 2>/dev/null
	done
	for c in /sys/devices/system/cpu/cpu[0-9]*/online; do
		[ "$(cat "$c")" = 1 ] || echo 1 >"$c" 2>/dev/null
	done
	grep -q '^pseudo_cpuidle ' /proc/modules && rmmod pseudo_cpuidle 2>/dev/null
	dmesg -c >"/tmp/dmesg.$s"
	end=$(cut -d' ' -f1 /proc/uptime)
	secs=$(awk "BEGIN { printf \"%.1f\", $end - $start }")
	splat=$(grep -E "$splat_re" "/tmp/dmesg.$s" | head -n 5)
	echo "    # $s took ${secs}s"
	if [ -n "$splat" ]; then
		echo "$splat" | sed 's/^/    # kernel: /'
		echo "not ok $i $s # kernel splat during the scenario"
	elif [ "$rc" = 0 ]; then
		echo "ok $i $s"
	elif [ "$rc" = 137 ]; then
		echo "not ok $i $s # killed after the ${timeout}s timeout"
	else
		echo "not ok $i $s # exit status $rc"
	fi
done
echo "# pidle-vm: done"
sync
poweroff -f
