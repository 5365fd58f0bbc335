#!/bin/busybox sh
# failinj: run-time reconfiguration under the kernel's fault injection
# (failslab, fail_page_alloc: the debug kernel; elsewhere every case is a
# KTAP SKIP). Only the writing process fails its allocations (task-filter,
# /proc/self/make-it-fail), one in FAILPCT per cent of them, sleeping ones
# included. Each write, between two configurations A and B, must either
# succeed with the new one read back, or fail with the old one read back
# and still in force (its cpuidle states), never half-applied; afterwards,
# without injection, writes work again and kmemleak finds no leak.
# kernels: debug
# smp: 2
# timeout: 600
. /lib.sh
P=/sys/module/$MOD/parameters
DBG=/sys/kernel/debug
NWRITE=60
FAILPCT=5
A=POLL:0:0,C1:20:40,C6:200:600:core,PC6:400:1200:package
B=POLL:0:0,X1:10:20,X2:50:100,X3:100:300
ANAMES="POLL C1 C6 PC6"
BNAMES="POLL X1 X2 X3"

# inject NAME on|off: failslab or fail_page_alloc for tasks that ask
inject() {
	f=$DBG/$1
	if [ "$2" = on ]; then
		echo 1 > $f/task-filter
		echo N > $f/ignore-gfp-wait
		[ -e $f/ignore-gfp-highmem ] && echo N > $f/ignore-gfp-highmem
		[ -e $f/min-order ] && echo 0 > $f/min-order
		echo 0 > $f/verbose
		echo 0 > $f/space
		echo 1 > $f/interval
		echo $FAILPCT > $f/probability
		echo -1 > $f/times
	else
		echo 0 > $f/probability
	fi
}

# names: cpu0's cpuidle state names, space separated
names() {
	for d in /sys/devices/system/cpu/cpu0/cpuidle/state[0-9]*; do
		cat $d/name 2>/dev/null
	done | tr '\n' ' ' | sed 's/ $//'
}

# cycle FAULT: NWRITE writes alternating A and B with FAULT injected into
# the writer; the reason names the first write that left things inconsistent.
cycle() {
	fault=$1; refused=0; degraded=0
	loaded || { why "module not loaded"; return 1; }
	echo "$A" > $P/states || { why "set-up write refused"; return 1; }
	cur=$A; curn=$ANAMES
	i=0
	while [ $i -lt $NWRITE ]; do
		if [ "$cur" = "$A" ]; then new=$B; newn=$BNAMES; else new=$A; newn=$ANAMES; fi
		inject $fault on
		sh -c "echo 1 > /proc/self/make-it-fail && echo '$new' > $P/states" 2>/dev/null
		st=$?
		inject $fault off
		got=$(cat $P/states)
		if [ $st -eq 0 ]; then
			[ "$got" = "$new" ] || { why "write $i succeeded, reads back '$got'"; return 1; }
			cur=$new; curn=$newn
		else
			refused=$((refused + 1))
			[ "$got" = "$cur" ] || { why "write $i failed ($st), reads back '$got', not the old '$cur'"; return 1; }
		fi
		[ "$(names)" = "$curn" ] || { why "write $i: cpuidle states '$(names)', want '$curn'"; return 1; }
		# A failure while the old tree was being rebuilt leaves none
		# until the next write (pidle_reconfig.c): counted, not hidden.
		[ -e $SYS/topology ] || degraded=$((degraded + 1))
		i=$((i + 1))
	done
	diag "$fault: $NWRITE writes, $refused refused, $degraded left no $SYS"
	[ $refused -gt 0 ] || { why "no write failed: injection not working"; return 1; }
}

# 3
writes_again() {
	err=
	for v in "$B" "$A"; do
		echo "$v" > $P/states || err="$err write refused;"
		[ "$(cat $P/states)" = "$v" ] || err="$err reads back $(cat $P/states);"
	done
	[ -e $SYS/topology ] || err="$err no $SYS;"
	u0=$(deep_usage); sleep 1
	[ "$(deep_usage)" -gt "$u0" ] || err="$err no state used;"
	unload > /dev/null || err="$err rmmod failed;"
	reasons "$err"
}

ktap_header
mount -t debugfs debugfs $DBG 2>/dev/null
NOINJ=
[ -d $DBG/failslab ] && [ -d $DBG/fail_page_alloc ] || NOINJ="no failslab/fail_page_alloc in this kernel"
if [ -z "$NOINJ" ]; then
	leak_start
	load wait=halt
fi
ktap_test_unless "$NOINJ" "reconfiguration under failslab" cycle failslab
ktap_test_unless "$NOINJ" "reconfiguration under fail_page_alloc" cycle fail_page_alloc
ktap_test_unless "$NOINJ" "writes work again after injection" writes_again
leak_result
ktap_finished
