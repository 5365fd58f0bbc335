#!/bin/busybox sh
# reconfig-load: the module's life around its writable parameters, in the
# reconfig suite's guest: 200 load/unload cycles with parameter writes
# racing init and exit, unload while every CPU is busy and while idle.
# smp: 4,sockets=1,cores=2,threads=2
# timeout: 200
. /lib.sh
P=/sys/module/$MOD/parameters
NLOAD=200

# 1: load/unload cycles, with writes racing init and exit
load_cycles() {
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
		load wait=halt > /dev/null || { fail="insmod #$i"; break; }
		tl=$(awk "BEGIN { print $tl + $(uptime_s) - $t1 }")
		unload > /dev/null || { fail="rmmod #$i"; break; }
		i=$((i + 1))
	done
	t=$(elapsed $t0)
	touch /tmp/w.stop; wait $wp
	set -- $(cat /tmp/w.count)
	diag "$i load/unload cycles in ${t}s (${tl}s loading); meanwhile $1 parameter writes took, $2 found no module or were refused"
	[ "$(driver)" != "$MOD" ] || fail="$fail driver $(driver) registered"
	reasons "$fail"
}

# 2: unload while every CPU is busy
unload_busy() {
	load wait=halt || return 1
	/loadmix -b 600 > /tmp/load.out 2>&1 &
	lp=$!
	sleep 1
	unload > /dev/null; ust=$?
	sleep 1
	kill -TERM $lp; wait $lp; lst=$?
	diag "$(cat /tmp/load.out)"
	[ $ust -eq 0 ] && [ $lst -eq 0 ] && [ "$(driver)" != "$MOD" ] ||
		{ why "rmmod $ust, loadmix $lst, driver $(driver)"; return 1; }
}

# 3: unload while idle, after its deep states were used
unload_idle() {
	load wait=halt || return 1
	sleep 2
	u=$(deep_usage)
	diag "deep usage before unload: $u"
	unload > /dev/null && [ "$(driver)" != "$MOD" ] && [ "$u" -gt 0 ] ||
		{ why "driver $(driver), deep usage $u"; return 1; }
}

ktap_header
ktap_test "$NLOAD load/unload cycles, parameter writes racing init and exit" load_cycles
ktap_test "unload while every CPU is busy" unload_busy
ktap_test "unload while idle" unload_idle
diag "suite done at $(uptime_s)s of uptime"
ktap_finished
