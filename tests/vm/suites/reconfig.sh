#!/bin/busybox sh
# reconfig: run-time reconfiguration through the writable parameters, and
# robustness: 500 writes under load, hotplug meanwhile, generated malformed
# values, counter resets. (Load/unload cycles with writes racing init and
# exit, unload while busy and idle: reconfig-load.) /pidlecfg does the writing and the
# checking (see tests/vm/guest/pidlecfg.c), /loadmix the load. The log
# buffer is large so that the dmesg dumped at the end, which the host scans
# for splats, still holds the first of the thousands of lines this writes.
# Four CPUs, one package of two SMT cores: every case scales with the CPU
# count under emulation (checks, device re-enabling, grace periods).
# kernels: rt kcsan lockdep
# smp: 4,sockets=1,cores=2,threads=2
# append: log_buf_len=8M
# timeout: 480
# single-thread: multi-threaded TCG ran a half-patched instruction here
# (an Oops on a stale int3 in sched_clock_cpu, 7 s in, on 6.12 and once on
# 6.12-rt): QEMU's cross-modifying code, not the module
. /lib.sh
P=/sys/module/$MOD/parameters
NCYCLE=500
NHOTPLUG=100
S5=POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package
T1="core=0-1,2-3;package=0-3"

# Tables of 2 to 10 states, topologies of 2 and 3 levels and auto, both
# waits and both policies; each write fits the configuration it follows.
# wait=poll only briefly: spinning vCPUs slow the whole emulated machine.
cat > /tmp/cycle.list <<EOF
states POLL:0:0,C2:50:100
topology core=0,1,2,3;cluster=0-1,2-3;package=0-3
states POLL:0:0,C1:1:1,C1E:5:10,C6:20:60:core,CC6:40:150:cluster,PC6:80:300:package
domain_policy timer
wait poll
wait halt
states POLL:0:0,C1:2:2,CX:30:90:core
topology core=0+2,1+3;package=0-3
domain_policy auto
states POLL:0:0,A:1:1,B:2:2,C:3:3,D:4:4,E:5:5,F:6:6,G:7:7,CC:10:20:core,PP:20:40:package
topology auto
states $S5
topology $T1
EOF

# 1: what a read gives back: the configuration in force, canonical
read_back() {
	load "states=POLL:0:0,C1:2:2:cpu,C1E:10:20:cpu,C6:100:400:core,PC6:300:1200:package" \
		"topology=core=3+2,1+0;package=0-3" wait=halt || return 1
	err=
	for f in states topology wait domain_policy; do
		m=$(ls -l $P/$f | cut -c1-10)
		[ "$m" = "-rw-r--r--" ] || err="$err $f mode $m"
		diag "$f ($m): $(cat $P/$f)"
	done
	[ "$(cat $P/states)" = "$S5" ] || err="$err states not canonical"
	[ "$(cat $P/topology)" = "$T1" ] || err="$err topology not canonical"
	[ "$(cat $P/wait)" = halt ] && [ "$(cat $P/domain_policy)" = auto ] || err="$err wait/domain_policy"
	out=$(/pidlecfg check) || err="$err $(echo "$out" | grep FAIL | head -n 3)"
	reasons "$err"
}

# 2: NCYCLE writes in a row with a load on every CPU, each fully checked
cycle_load() {
	/loadmix 600 > /tmp/load.out 2>&1 &
	lp=$!
	t0=$(uptime_s)
	out=$(/pidlecfg cycle $NCYCLE /tmp/cycle.list); st=$?
	t=$(elapsed $t0)
	kill -TERM $lp; wait $lp; lst=$?
	echo "$out" | tail -n 12
	diag "$(cat /tmp/load.out)"
	diag "$NCYCLE writes in ${t}s"
	[ $st -eq 0 ] && [ $lst -eq 0 ] ||
		{ why "pidlecfg $st, loadmix $lst: $(grep FAIL /tmp/load.out)"; return 1; }
}

# 3: counter resets after a reconfiguration, on an idle system
# (S5 fits every topology of the list, T1 fits S5)
reqsum() { cat $SYS/cpu$1/state*/requested | awk '{ s += $1 } END { print s }'; }
usesum() { cat $SYS/domains/$1/state*/usage | awk '{ s += $1 } END { print s }'; }
resets() {
	echo "$S5" > $P/states; echo "$T1" > $P/topology; echo auto > $P/domain_policy
	sleep 2
	taskset -c 3 /loadmix 1 > /dev/null	# many entries on cpu3 to reset
	r0=$(reqsum 3); echo 1 > $SYS/cpu3/reset; r1=$(reqsum 3)
	d0=$(usesum package0); echo 1 > $SYS/domains/package0/reset; d1=$(usesum package0)
	c0=$(usesum core1); echo 1 > $SYS/reset; c1=$(usesum core1)
	diag "after reset: cpu3 requested $r0 -> $r1, package0 usage $d0 -> $d1, core1 usage $c0 -> $c1 (root reset)"
	[ "$r0" -gt 100 ] && [ "$r1" -lt "$r0" ] && [ "$d0" -gt 0 ] && [ "$d1" -lt "$d0" ] &&
	[ "$c0" -gt 0 ] && [ "$c1" -lt "$c0" ] ||
		{ why "cpu3 $r0 -> $r1, package0 $d0 -> $d1, core1 $c0 -> $c1"; return 1; }
}

# 4: a write restarts cpuidle's own history: counters and disable flags
all_usage() { cat /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/usage | awk '{ s += $1 } END { print s }'; }
write_restarts() {
	set_disable 3 1; set_disable 1 1
	/loadmix 1 > /dev/null		# plenty of entries to forget
	u0=$(all_usage)
	echo "$S5" > $P/states
	dis=$(cat /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/disable | sort -u | tr '\n' ' ')
	u1=$(all_usage)
	diag "cpuidle usage $u0 -> $u1 over the write, disable flags after it: $dis"
	/pidlecfg check > /tmp/chk.out; cst=$?
	[ "$dis" = "0 " ] && [ "$u1" -lt "$u0" ] && [ $cst -eq 0 ] ||
		{ why "usage $u0 -> $u1, disable '$dis' $(grep FAIL /tmp/chk.out | head -n 2)"; return 1; }
}

# 5: CPU hotplug while writing, under load
hotplug_writes() {
	/loadmix 600 > /tmp/load.out 2>&1 &
	lp=$!
	(
		i=0
		while [ ! -e /tmp/hp.stop ]; do
			c=$((1 + i % 3))
			echo 0 > /sys/devices/system/cpu/cpu$c/online || echo "offline cpu$c failed" >> /tmp/hp.err
			echo 1 > /sys/devices/system/cpu/cpu$c/online || echo "online cpu$c failed" >> /tmp/hp.err
			i=$((i + 1))
		done
		echo $i > /tmp/hp.count
	) &
	hp=$!
	t0=$(uptime_s)
	out=$(/pidlecfg -H 1-3 cycle $NHOTPLUG /tmp/cycle.list); st=$?
	touch /tmp/hp.stop; wait $hp
	t=$(elapsed $t0)
	kill -TERM $lp; wait $lp; lst=$?
	echo "$out" | tail -n 6
	diag "$(cat /tmp/load.out)"
	diag "$NHOTPLUG writes in ${t}s, meanwhile $(cat /tmp/hp.count) offline/online rounds of cpu1-3 $(cat /tmp/hp.err 2>/dev/null)"
	off=$(cat /sys/devices/system/cpu/offline)
	# counters restart together once more, then everything must hold
	echo "$T1" > $P/topology
	/pidlecfg check > /tmp/chk.out; cst=$?
	[ $st -eq 0 ] && [ $lst -eq 0 ] && [ $cst -eq 0 ] && [ -z "$off" ] && [ ! -e /tmp/hp.err ] &&
	[ "$(cat /tmp/hp.count)" -gt 0 ] ||
		{ why "pidlecfg $st/$cst, loadmix $lst, offline '$off' $(grep FAIL /tmp/chk.out /tmp/load.out | head -n 2)"; return 1; }
}

# 6: generated malformed values; then the configuration still works
pc6_requested() { cat $SYS/cpu*/state4/requested | awk '{ s += $1 } END { print s }'; }
malformed() {
	echo "$S5" > $P/states; echo "$T1" > $P/topology
	echo halt > $P/wait; echo auto > $P/domain_policy
	t0=$(uptime_s)
	out=$(/pidlecfg refuse); st=$?
	echo "$out" | grep -v '^# pidlecfg:  ' | tail -n 20
	echo "$out" | grep '^# pidlecfg:  '
	diag "refusals in $(elapsed $t0)s"
	# still in use: the deep states (cpuidle) and the deepest one (the model)
	u0=$(deep_usage); p0=$(pc6_requested)
	sleep 2
	u1=$(deep_usage); p1=$(pc6_requested)
	diag "after the refusals: usage of states 1-4 $u0 -> $u1, PC6 requested $p0 -> $p1"
	/pidlecfg check > /tmp/chk.out; cst=$?
	[ $st -eq 0 ] && [ $cst -eq 0 ] && [ "$u1" -gt "$u0" ] && [ "$p1" -gt "$p0" ] &&
	[ "$(cat $P/states)" = "$S5" ] && [ "$(cat $P/topology)" = "$T1" ] ||
		{ why "pidlecfg $st/$cst, usage $u0 -> $u1, PC6 $p0 -> $p1 $(grep FAIL /tmp/chk.out | head -n 2)"; return 1; }
}

ktap_header
ktap_test "parameters 0644, read back canonical" read_back
ktap_test "$NCYCLE reconfigurations under load, no lost wake-up, consistent after each" cycle_load
ktap_test "counters reset per CPU, per domain and all, after a reconfiguration" resets
ktap_test "a write restarts cpuidle's counters and clears its disable flags" write_restarts
ktap_test "CPU hotplug during $NHOTPLUG reconfigurations" hotplug_writes
ktap_test "malformed values refused with their message, the configuration in force still used" malformed
unload > /dev/null || diag "rmmod failed"
diag "suite done at $(uptime_s)s of uptime"
ktap_finished
