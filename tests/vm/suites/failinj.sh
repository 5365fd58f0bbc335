#!/bin/busybox sh
# failinj: run-time reconfiguration under the kernel's fault injection
# (failslab, fail_page_alloc: the debug kernel; elsewhere every case is a
# KTAP SKIP). One write between two configurations A and B is counted
# first: C, the fault-injection points it passes (/proc/self/fail-nth).
# Then NWRITE writes, alternating, each failing exactly one of them, the
# n-th, n spread over 1..C: the failure lands at another place of the
# write each time, and what undoes it runs without injection, as after a
# real, transient failure (a random failure rate on every allocation of
# the writer also fails the undoing, which then cannot put the old
# cpuidle states back). Each write must either succeed with the new
# configuration read back, or fail with the old one read back and still in
# force (its cpuidle states), never half-applied; afterwards writes work
# again and kmemleak finds no leak. fail_page_alloc fails eight pages in
# a row, which may run on into the undoing: then a CPU may be left in the
# default idle, which the module must log, until the next write. Small tables: under
# DEBUG_KOBJECT_RELEASE each write waits out a 1-4 s delay per cpuidle
# state directory and CPU.
# kernels: debug
# icount-debug: shift=0,sleep=off
# smp: 2
# timeout: 600
. /lib.sh
P=/sys/module/$MOD/parameters
DBG=/sys/kernel/debug
NWRITE=8
# fail_page_alloc fails PAGE_FAILS page allocations in a row per write.
# Most of a write's page allocations have a fallback that absorbs a
# failure (a smaller slab order, vmalloc after kmalloc, a uevent not
# sent): under -icount, none of 8 (nor, tried once, of 32) evenly spread
# points had a write refused.
PAGE_FAILS=8
A=POLL:0:0,C1:20:40,C6:200:600:core
B=POLL:0:0,X1:10:20
ANAMES="POLL C1 C6"
BNAMES="POLL X1"

# inject NAME on|off: NAME's fault points include sleeping allocations
# (and order-0 pages) or not. Nothing fails at random (probability 0):
# only the n-th point of a process that writes n to /proc/self/fail-nth
# (fail_page_alloc: eight in a row from the n-th page on, see cycle).
# verbose 0: a failure's stack dump would read as a splat.
inject() {
	for f in $DBG/failslab $DBG/fail_page_alloc; do
		echo 0 > $f/probability
		echo 0 > $f/verbose
		echo Y > $f/ignore-gfp-wait
	done
	echo 1 > $DBG/fail_page_alloc/min-order
	[ "$2" = on ] || return 0
	echo N > $DBG/$1/ignore-gfp-wait
	[ "$1" = fail_page_alloc ] && echo 0 > $DBG/$1/min-order
	return 0
}

# names: cpu0's cpuidle state names, space separated
names() {
	for d in /sys/devices/system/cpu/cpu0/cpuidle/state[0-9]*; do
		cat $d/name 2>/dev/null
	done | tr '\n' ' ' | sed 's/ $//'
}

# default_idle_said: how often the module has logged that a failed undo
# left CPUs in the default idle
default_idle_said() {
	dmesg | grep -c 'some CPUs idle in the default idle until the next write'
}

# cycle FAULT: NWRITE writes alternating A and B, each failing the n-th
# fault point of FAULT in the writer; the reason names the first write
# that left things inconsistent.
cycle() {
	fault=$1; refused=0; degraded=0; nodev=0; injected=0; err=
	loaded || { why "module not loaded"; return 1; }
	echo "$A" > $P/states || { why "set-up write refused"; return 1; }
	inject $fault on
	c=$(sh -c "echo 1000000 > /proc/self/fail-nth && echo '$B' > $P/states &&
		read r < /proc/self/fail-nth && echo \$((1000000 - r))")
	[ -n "$c" ] && [ "$c" -gt 0 ] || { inject $fault off; why "counting write: '$c'"; return 1; }
	cur=$B; curn=$BNAMES
	i=0
	while [ $i -lt $NWRITE ]; do
		if [ "$cur" = "$A" ]; then new=$B; newn=$BNAMES; else new=$A; newn=$ANAMES; fi
		n=$((1 + i * c / NWRITE))
		said=$(default_idle_said)
		if [ $fault = fail_page_alloc ]; then
			# Eight failures in a row, from the n-th page's worth
			# of budget on: the slab allocator retries a failed
			# high-order page at its minimal order, and kvmalloc()
			# falls back to vmalloc(), which absorbs two (under
			# -icount, with two, none of 8 writes was refused).
			f=$DBG/fail_page_alloc
			echo 1 > $f/task-filter; echo 1 > $f/interval
			echo $(( (n - 1) * 4096 )) > $f/space; echo $PAGE_FAILS > $f/times
			echo 100 > $f/probability
			sh -c "echo 1 > /proc/self/make-it-fail && echo '$new' > $P/states" 2>/dev/null
			st=$?
			echo 0 > $f/probability
			injected=$((injected + PAGE_FAILS - $(cat $f/times)))
		else
			sh -c "echo $n > /proc/self/fail-nth && echo '$new' > $P/states" 2>/dev/null
			st=$?
		fi
		got=$(cat $P/states)
		if [ $st -eq 0 ]; then
			[ "$got" = "$new" ] || { err="write $i (point $n) succeeded, reads back '$got'"; break; }
			cur=$new; curn=$newn
		else
			refused=$((refused + 1))
			[ "$got" = "$cur" ] || { err="write $i (point $n) failed ($st), reads back '$got', not the old '$cur'"; break; }
		fi
		# Page failures run on into the undoing of a refused write:
		# a CPU whose old cpuidle device could not be enabled again
		# idles in the default idle until the next write, which the
		# module must say (pidle_reconfig.c); counted, not hidden, and
		# the next write must bring the states back (checked there).
		if [ "$(names)" != "$curn" ]; then
			if [ $st -ne 0 ] && [ $fault = fail_page_alloc ] && [ -z "$(names)" ] &&
			   [ "$(default_idle_said)" -gt "$said" ]; then
				nodev=$((nodev + 1))
			else
				err="write $i (point $n): cpuidle states '$(names)', want '$curn'"; break
			fi
		fi
		# A failure while the old tree was being rebuilt leaves none
		# until the next write (pidle_reconfig.c): counted, not hidden.
		[ -e $SYS/topology ] || degraded=$((degraded + 1))
		i=$((i + 1))
	done
	inject $fault off
	diag "$fault: $c fault points in a write; $i writes, $refused refused, $degraded left no $SYS$([ $fault = failslab ] || echo ", $nodev left the CPUs in the default idle, $injected page allocations failed")"
	[ -z "$err" ] || { why "$err"; return 1; }
	# failslab fails one point, which every caller reports: a write must
	# be refused. A failed page allocation mostly has a fallback (above):
	# there the check is that failures were injected (times counts down).
	if [ $fault = failslab ]; then
		[ $refused -gt 0 ] || { why "no write failed: injection not working"; return 1; }
	else
		[ $injected -gt 0 ] || { why "no page allocation failed: injection not working"; return 1; }
	fi
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
