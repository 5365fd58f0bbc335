#!/bin/busybox sh
# auto-hotplug: topology=auto is one look at one topology. It reads the
# kernel's masks level by level (core, cluster, die, package); a CPU going
# offline between two levels' reads would leave the core level from
# before it and the package level from after it, which do not nest, and
# the write would be refused for a topology that never existed. The reads
# hold the hotplug lock (drivers/pidle_domain.c). The module's test build
# (/fault/pseudo_cpuidle.ko, PIDLE_FAULT=y) widens the window with
# fault_auto_level_ms=20: 20 ms asleep after each level, while another
# shell takes cpu1 off and on line again and again. Every write must be
# applied. (Issue 13, item 5: without the lock, writes were refused here.)
# smp: 4,sockets=1,cores=2,threads=2
# timeout: 240
. /lib.sh
FKO=/fault/pseudo_cpuidle.ko
P=/sys/module/$MOD/parameters
FULL="core=0-1,2-3;package=0-3"
NWRITES=40
# Hotplug rounds the writes must overlap for the run to mean anything.
MIN_ROUNDS=5

# 1
load_fault_build() {
	[ -e $FKO ] || { why "no $FKO in the image"; return 1; }
	out=$(/modload $FKO fault_auto_level_ms=20 wait=halt 2>&1) ||
		{ why "modload: $out"; return 1; }
	topo=$(cat $P/topology)
	diag "topology=auto with every CPU online: $topo"
	[ "$topo" = "$FULL" ] || { why "topology '$topo', want '$FULL'"; return 1; }
}

# 2
writes_under_hotplug() {
	rm -f /tmp/hp.stop /tmp/hp.err /tmp/hp.count
	(
		i=0
		while [ ! -e /tmp/hp.stop ]; do
			echo 0 > /sys/devices/system/cpu/cpu1/online || echo "offline cpu1 failed" >> /tmp/hp.err
			echo 1 > /sys/devices/system/cpu/cpu1/online || echo "online cpu1 failed" >> /tmp/hp.err
			i=$((i + 1))
		done
		echo $i > /tmp/hp.count
	) &
	hp=$!
	n=0 bad=0 first=
	d0=$(dmesg | wc -l)
	while [ $n -lt $NWRITES ]; do
		if ! { echo auto > $P/topology; } 2>/dev/null; then
			bad=$((bad + 1))
			[ -n "$first" ] || first=$(mod_log_since $d0 | tail -n 1)
		fi
		n=$((n + 1))
	done
	touch /tmp/hp.stop; wait $hp
	rounds=$(cat /tmp/hp.count)
	topo=$(cat $P/topology)
	diag "$NWRITES writes of auto, $bad refused, during $rounds offline/online rounds of cpu1; topology now $topo"
	err=
	[ $bad -eq 0 ] || err="$bad of $NWRITES writes refused, first: $first"
	[ "$rounds" -ge $MIN_ROUNDS ] || err="$err [only $rounds hotplug rounds during the writes]"
	[ -e /tmp/hp.err ] && err="$err [$(head -n 1 /tmp/hp.err)]"
	reasons "$err"
}

# 3: all online again, auto reads the whole topology; states are used; unload is clean.
after_hotplug() {
	echo 0 > $P/fault_auto_level_ms
	echo auto > $P/topology || { why "auto refused with every CPU online"; return 1; }
	topo=$(cat $P/topology)
	[ "$topo" = "$FULL" ] || { why "topology '$topo', want '$FULL'"; return 1; }
	sleep 1
	[ "$(deep_usage)" -gt 0 ] || { why "no state used after the writes"; return 1; }
	unload >/dev/null || { why "rmmod failed"; return 1; }
}

ktap_header
diag "cpus: $(ncpus)"
ktap_test "topology=auto reads the kernel's topology" load_fault_build
ktap_test "$NWRITES writes of auto while cpu1 goes off and on line: every one applied" writes_under_hotplug
ktap_test "afterwards auto reads the whole topology again, states used, unload clean" after_hotplug
ktap_finished
