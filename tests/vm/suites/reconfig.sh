#!/bin/busybox sh
# reconfig: run-time reconfiguration through the writable parameters, and
# robustness: 500 writes under load, hotplug meanwhile, generated malformed
# values, counter resets, 200 load/unload cycles with writes racing init and
# exit, unload while busy and while idle. /pidlecfg does the writing and the
# checking (see tests/vm/guest/pidlecfg.c), /loadmix the load. The log
# buffer is large so that the dmesg dumped at the end, which the host scans
# for splats, still holds the first of the thousands of lines this writes.
# Four CPUs, one package of two SMT cores: every case scales with the CPU
# count under emulation (checks, device re-enabling, grace periods).
# kernels: rt
# smp: 4,sockets=1,cores=2,threads=2
# append: log_buf_len=8M
# timeout: 300
. /lib.sh
P=/sys/module/$MOD/parameters
NCYCLE=500
NHOTPLUG=100
NLOAD=200
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

uptime_s() { cut -d' ' -f1 /proc/uptime; }
elapsed() { awk "BEGIN { printf \"%.1f\", $(uptime_s) - $1 }"; }

echo "KTAP version 1"
echo "1..9"

# 1: what a read gives back: the configuration in force, canonical
if load "states=POLL:0:0,C1:2:2:cpu,C1E:10:20:cpu,C6:100:400:core,PC6:300:1200:package" \
	"topology=core=3+2,1+0;package=0-3" wait=halt; then
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
	if [ -z "$err" ]; then ok "parameters 0644, read back canonical"
	else nok "parameters 0644, read back canonical" "$err"; fi
else
	nok "parameters 0644, read back canonical" "insmod failed: $OUT"
fi

# 2: NCYCLE writes in a row with a load on every CPU, each fully checked
/loadmix 600 > /tmp/load.out 2>&1 &
lp=$!
t0=$(uptime_s)
out=$(/pidlecfg cycle $NCYCLE /tmp/cycle.list); st=$?
t=$(elapsed $t0)
kill -TERM $lp; wait $lp; lst=$?
echo "$out" | tail -n 12
diag "$(cat /tmp/load.out)"
diag "$NCYCLE writes in ${t}s"
if [ $st -eq 0 ] && [ $lst -eq 0 ]; then
	ok "$NCYCLE reconfigurations under load, no lost wake-up, consistent after each"
else
	nok "$NCYCLE reconfigurations under load, no lost wake-up, consistent after each" \
		"pidlecfg $st, loadmix $lst: $(grep FAIL /tmp/load.out)"
fi

# 3: counter resets after a reconfiguration, on an idle system
# (S5 fits every topology of the list, T1 fits S5)
echo "$S5" > $P/states; echo "$T1" > $P/topology; echo auto > $P/domain_policy
sleep 2
reqsum() { cat $SYS/cpu$1/state*/requested | awk '{ s += $1 } END { print s }'; }
usesum() { cat $SYS/domains/$1/state*/usage | awk '{ s += $1 } END { print s }'; }
taskset -c 3 /loadmix 1 > /dev/null	# many entries on cpu3 to reset
r0=$(reqsum 3); echo 1 > $SYS/cpu3/reset; r1=$(reqsum 3)
d0=$(usesum package0); echo 1 > $SYS/domains/package0/reset; d1=$(usesum package0)
c0=$(usesum core1); echo 1 > $SYS/reset; c1=$(usesum core1)
diag "after reset: cpu3 requested $r0 -> $r1, package0 usage $d0 -> $d1, core1 usage $c0 -> $c1 (root reset)"
if [ "$r0" -gt 100 ] && [ "$r1" -lt "$r0" ] && [ "$d0" -gt 0 ] && [ "$d1" -lt "$d0" ] &&
   [ "$c0" -gt 0 ] && [ "$c1" -lt "$c0" ]; then
	ok "counters reset per CPU, per domain and all, after a reconfiguration"
else
	nok "counters reset per CPU, per domain and all, after a reconfiguration" \
		"cpu3 $r0 -> $r1, package0 $d0 -> $d1, core1 $c0 -> $c1"
fi

# 4: a write restarts cpuidle's own history: counters and disable flags
all_usage() { cat /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/usage | awk '{ s += $1 } END { print s }'; }
set_disable 3 1; set_disable 1 1
/loadmix 1 > /dev/null		# plenty of entries to forget
u0=$(all_usage)
echo "$S5" > $P/states
dis=$(cat /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/disable | sort -u | tr '\n' ' ')
u1=$(all_usage)
diag "cpuidle usage $u0 -> $u1 over the write, disable flags after it: $dis"
/pidlecfg check > /tmp/chk.out; cst=$?
if [ "$dis" = "0 " ] && [ "$u1" -lt "$u0" ] && [ $cst -eq 0 ]; then
	ok "a write restarts cpuidle's counters and clears its disable flags"
else
	nok "a write restarts cpuidle's counters and clears its disable flags" \
		"usage $u0 -> $u1, disable '$dis' $(grep FAIL /tmp/chk.out | head -n 2)"
fi

# 5: CPU hotplug while writing, under load
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
if [ $st -eq 0 ] && [ $lst -eq 0 ] && [ $cst -eq 0 ] && [ -z "$off" ] && [ ! -e /tmp/hp.err ] &&
   [ "$(cat /tmp/hp.count)" -gt 0 ]; then
	ok "CPU hotplug during $NHOTPLUG reconfigurations"
else
	nok "CPU hotplug during $NHOTPLUG reconfigurations" \
		"pidlecfg $st/$cst, loadmix $lst, offline '$off' $(grep FAIL /tmp/chk.out /tmp/load.out | head -n 2)"
fi

# 6: generated malformed values; then the configuration still works
echo "$S5" > $P/states; echo "$T1" > $P/topology
echo halt > $P/wait; echo auto > $P/domain_policy
t0=$(uptime_s)
out=$(/pidlecfg refuse); st=$?
echo "$out" | grep -v '^# pidlecfg:  ' | tail -n 20
echo "$out" | grep '^# pidlecfg:  '
diag "refusals in $(elapsed $t0)s"
# still in use: the deep states (cpuidle) and the deepest one (the model)
u0=$(deep_usage); p0=$(cat $SYS/cpu*/state4/requested | awk '{ s += $1 } END { print s }')
sleep 2
u1=$(deep_usage); p1=$(cat $SYS/cpu*/state4/requested | awk '{ s += $1 } END { print s }')
diag "after the refusals: usage of states 1-4 $u0 -> $u1, PC6 requested $p0 -> $p1"
/pidlecfg check > /tmp/chk.out; cst=$?
if [ $st -eq 0 ] && [ $cst -eq 0 ] && [ "$u1" -gt "$u0" ] && [ "$p1" -gt "$p0" ] &&
   [ "$(cat $P/states)" = "$S5" ] && [ "$(cat $P/topology)" = "$T1" ]; then
	ok "malformed values refused with their message, the configuration in force still used"
else
	nok "malformed values refused with their message, the configuration in force still used" \
		"pidlecfg $st/$cst, usage $u0 -> $u1, PC6 $p0 -> $p1 $(grep FAIL /tmp/chk.out | head -n 2)"
fi
unload > /dev/null || diag "rmmod failed"

# 7: load/unload cycles, with writes racing init and exit
(
	ok=0; no=0
	while [ ! -e /tmp/w.stop ]; do
		if echo halt 2>/dev/null > $P/wait; then ok=$((ok + 1)); else no=$((no + 1)); fi
		usleep 3000
		if echo timer 2>/dev/null > $P/domain_policy; then ok=$((ok + 1)); else no=$((no + 1)); fi
		usleep 3000
	done
	echo "$ok $no" > /tmp/w.count
) 2>/dev/null &
wp=$!
i=0; fail=
t0=$(uptime_s)
tl=0
while [ $i -lt $NLOAD ]; do
	t1=$(uptime_s)
	load wait=halt > /dev/null || { fail="insmod #$i: $OUT"; break; }
	tl=$(awk "BEGIN { print $tl + $(uptime_s) - $t1 }")
	unload > /dev/null || { fail="rmmod #$i"; break; }
	i=$((i + 1))
done
t=$(elapsed $t0)
touch /tmp/w.stop; wait $wp
set -- $(cat /tmp/w.count)
diag "$i load/unload cycles in ${t}s (${tl}s loading); meanwhile $1 parameter writes took, $2 found no module or were refused"
if [ -z "$fail" ] && [ "$(driver)" != "$MOD" ]; then ok "$NLOAD load/unload cycles, parameter writes racing init and exit"
else nok "$NLOAD load/unload cycles, parameter writes racing init and exit" "$fail"; fi

# 8: unload while every CPU is busy
if load wait=halt; then
	/loadmix -b 600 > /tmp/load.out 2>&1 &
	lp=$!
	sleep 1
	unload > /dev/null; ust=$?
	sleep 1
	kill -TERM $lp; wait $lp; lst=$?
	diag "$(cat /tmp/load.out)"
	if [ $ust -eq 0 ] && [ $lst -eq 0 ] && [ "$(driver)" != "$MOD" ]; then ok "unload while every CPU is busy"
	else nok "unload while every CPU is busy" "rmmod $ust, loadmix $lst, driver $(driver)"; fi
else
	nok "unload while every CPU is busy" "insmod failed: $OUT"
fi

# 9: unload while idle
if load wait=halt; then
	sleep 2
	u=$(deep_usage)
	if unload > /dev/null && [ "$(driver)" != "$MOD" ] && [ "$u" -gt 0 ]; then
		ok "unload while idle (deep usage $u)"
	else
		nok "unload while idle" "driver $(driver), deep usage $u"
	fi
else
	nok "unload while idle" "insmod failed: $OUT"
fi
diag "suite done at $(uptime_s)s of uptime"
