#!/bin/busybox sh
# wake: the wake-source counters (issue 25; drivers/pidle_wake.c). Under
# wait=poll with the polling state disabled, every idle period ends in
# the masked wait, which reads the pending vector: each workload of
# pidle-wakeload must show the source it produces (timer sleeps: the
# timer; a pipe ping-pong across cores: IPIs; direct reads from a virtio
# disk whose interrupt is routed to CPU 2: device interrupts on CPU 2,
# IPIs on the reader's CPU 1), the domains' first man counts the same,
# and the counters agree with the kernel's own tracepoints on the same
# run: each pidle_exit's wake field against the CPU's next interrupt
# event (irq_vectors:*_entry, irq:irq_handler_entry), and the counters'
# totals against the pidle_exit events. wait=halt says "unknown".
# Two packages of one 2-thread core each: CPUs 0,1 are core0, 2,3 core1.
# The disk: QEMU's null-co block driver (reads return zeros, no file),
# as virtio-blk-pci with vectors=0 (INTx: an interrupt whose affinity can
# be set; MSI-X vectors of virtio-blk are managed and cannot).
# The same counters for an rt-app workload run as written (experiments/
# rt-app/periodic.json: its timer), and for a three-level hierarchy the
# module models over the same CPUs (one-CPU cores, two clusters): a
# ping-pong across clusters wakes the far CPU's core and cluster alike.
# On the eval kernel too (teo; its virtio disk is built in), and on the
# kcsan kernel (make check-kcsan: 12/12 there, no KCSAN report).
# kernels: eval kcsan
# smp: 4,sockets=2,cores=1,threads=2
# icount: shift=2,sleep=off
# timeout: 300
# qemu: -blockdev driver=null-co,node-name=wakedisk,size=67108864,read-zeroes=on -device virtio-blk-pci,drive=wakedisk,vectors=0
. /lib.sh
# the helpers, by workload: counters and snapshots, the disk, the trace
. /wake-src.sh; . /wake-disk.sh; . /wake-trace.sh

TABLE=POLL:0:0,C1:2:2,C6:40:120:core
reload() { unload >/dev/null; load "$@"; }
SRCS="timer ipi device unknown aborted"
EV="pseudo_cpuidle/pidle_exit irq_vectors irq/irq_handler_entry"

setup() {
	reload states=$TABLE topology=core=0-1,2-3 wait=poll || return 1
	set_disable 0 1
	_m=$(cat $SYS/wake_sources)
	diag "wake_sources: $_m"
	case "$_m" in exact*) ;; *) why "wake_sources '$_m', want exact under wait=poll"; return 1 ;; esac
}

timer_mostly_timer() {
	around timer 1 /pidle-wakeload timer -c 1 -p 2000 -n 150 || return 1
	diag "timer: CPU 1's wake-ups by its timer: $_t of $((_t + _i + _d + _u)), $(share $_t $_i $_d $_u) %"
	# every sleep ends by the timer, and the timer ends most periods
	# (the others: the program's start and its move to CPU 1)
	[ $_t -ge 140 ] || { why "only $_t timer wake-ups on CPU 1 for 150 sleeps"; return 1; }
	[ $_t -gt $((2 * (_i + _d))) ] || { why "timer $_t, not twice IPI $_i + device $_d"; return 1; }
}

# pingpong_mostly_ipi NAME A B: B's wake-ups are IPIs
pingpong_mostly_ipi() {
	around $1 $3 /pidle-wakeload pingpong -a $2 -b $3 -n 150 -w 300 || return 1
	diag "$1: CPU $3's wake-ups by IPI: $_i of $((_t + _i + _d + _u)), $(share $_i $_t $_d $_u) %"
	# Most messages wake B by an IPI, and IPIs are its largest source;
	# the rest are local timer interrupts (the irq_vectors cross-check
	# below confirms each). A message can also find B not yet idle
	# (still awake after one of its 20-30 timer wake-ups), or entering
	# idle (an aborted entry, counted apart): TCG runs the vCPUs in
	# turn, so how often depends on the host (here 140-151 of 150, CI
	# 138; on the kcsan kernel 166, its own work sending IPIs too). The
	# bound is wake.exp's: 80 %.
	[ $_i -ge 120 ] || { why "only $_i IPI wake-ups on CPU $3 for 150 messages, want >= 120 (80 %)"; return 1; }
	[ $_i -gt $_t ] && [ $_i -gt $_d ] || { why "IPI $_i not above timer $_t and device $_d"; return 1; }
}

# Across packages: CPU 2's core (2,3) is down while it waits; the message
# wakes it, so core1's first man is woken by an IPI.
core_first_man_ipi() {
	_b=$(dwsum core1 ipi)
	pingpong_mostly_ipi far 0 2 || return 1
	_a=$(dwsum core1 ipi)
	_all=0
	for _w in timer ipi device unknown; do _all=$((_all + $(dwsum core1 $_w))); done
	diag "core1: down periods ended by an IPI during the ping-pong: $((_a - _b)); all sources since the load: $_all"
	[ $((_a - _b)) -ge 100 ] || { why "core1's first man woken by an IPI $((_a - _b)) times, want >= 100 of 150"; return 1; }
}

# The disk: its virtio modules (the Debian kernels build them as modules),
# its interrupt routed to CPU 2, the reader on CPU 1.
DISK=
# rt-app's periodic task as the experiments run it (10 % of 4 ms on CPU
# 1 for 1 s, /rt-app/periodic.json): ~250 periods, each ended by the
# task's own timer.
rtapp_mostly_timer() {
	around rta 1 /bin/sh /rt-app-run.sh periodic 1 || return 1
	_n=$(awk -F, 'NR == 2 { print $2 }' /tmp/rta.csv)
	_s=$(share $_t $_i $_d $_u)
	diag "rt-app periodic: $_n periods logged; CPU 1's wake-ups by its timer: $_t of $((_t + _i + _d + _u)), $_s %"
	# every period ends by the task's timer (wake.exp's expect: 90 %;
	# rt-app's start and its threads' creation cost a few IPIs)
	[ -n "$_n" ] && [ $_n -ge 200 ] || { why "rt-app logged '$_n' periods, want >= 200 of 250"; return 1; }
	[ $_t -ge $_n ] || { why "only $_t timer wake-ups on CPU 1 for rt-app's $_n periods"; return 1; }
	at_least $_s 90 || { why "timer wake-ups $_s % of CPU 1's, want >= 90 %"; return 1; }
}

# Three levels on four CPUs: one-CPU cores, clusters 0-1 and 2-3. The
# ping-pong's message to CPU 2 ends the down periods of its core and of
# cluster 2-3 (CPU 3 idles throughout): both first men woken by IPIs.
# Read right before and after the ping-pong alone, against CPU 2's and
# CPU 3's own IPI wake-ups over the same window: core2's first man is
# always CPU 2, cluster1's CPU 2 or 3.
CLTABLE=POLL:0:0,C1:2:2,C6:40:120:core,CL6:60:200:cluster
cluster_first_man_ipi() {
	reload states=$CLTABLE topology="core=0,1,2,3;cluster=0-1,2-3" wait=poll || return 1
	set_disable 0 1
	# the CPUs' counters read first and last: a wake-up between the
	# reads counts for the CPU, not the domain
	_p0=$(wsum 2 ipi); _q0=$(wsum 3 ipi)
	_c0=$(dwsum core2 ipi); _l0=$(dwsum cluster1 ipi)
	/pidle-wakeload pingpong -a 0 -b 2 -n 150 -w 300 > /tmp/cl.csv 2>&1 ||
		{ why "pidle-wakeload pingpong: $(cat /tmp/cl.csv)"; return 1; }
	_c=$(($(dwsum core2 ipi) - _c0)); _l=$(($(dwsum cluster1 ipi) - _l0))
	_p=$(($(wsum 2 ipi) - _p0)); _q=$(($(wsum 3 ipi) - _q0))
	diag "150 messages to CPU 2: down periods ended by an IPI: core2 $_c, cluster1 $_l; idle periods ended by an IPI: CPU 2 $_p, CPU 3 $_q"
	[ $_c -ge 100 ] || { why "core2's first man woken by an IPI $_c times, want >= 100 of 150"; return 1; }
	[ $_l -ge 100 ] || { why "cluster1's first man woken by an IPI $_l times, want >= 100 of 150"; return 1; }
	[ $_c -le $_p ] || { why "core2: $_c IPI-ended down periods, more than CPU 2's $_p IPI wake-ups"; return 1; }
	[ $_l -le $((_p + _q)) ] || { why "cluster1: $_l IPI-ended down periods, more than CPUs 2 and 3's $((_p + _q)) IPI wake-ups"; return 1; }
}

halt_unknown() {
	reload states=$TABLE topology=core=0-1,2-3 wait=halt || return 1
	set_disable 0 1
	_m=$(cat $SYS/wake_sources)
	diag "wait=halt: wake_sources: $_m"
	workload halt /pidle-wakeload timer -c 1 -p 2000 -n 50 || return 1
	show halt 1
	_u=$(wdiff /tmp/halt.0 /tmp/halt.1 1 unknown)
	_k=0
	for _w in timer ipi device; do _k=$((_k + $(wdiff /tmp/halt.0 /tmp/halt.1 1 $_w))); done
	case "$_m" in unknown*) ;; *) why "wake_sources '$_m' under wait=halt"; return 1 ;; esac
	[ $_u -ge 45 ] && [ $_k -eq 0 ] || { why "wait=halt: $_u unknown, $_k attributed"; return 1; }
}

ktap_header
ktap_plan 12
ktap_test "wait=poll says its wake sources are exact" setup
ktap_test "timer sleeps: CPU 1 woken by its timer" timer_mostly_timer
ktap_test "rt-app's periodic task (periodic.json): CPU 1 woken by its timer" rtapp_mostly_timer
ktap_test "ping-pong, same core: CPU 1 woken by IPIs" pingpong_mostly_ipi near 0 1
ktap_test "ping-pong, across packages: CPU 2 and core1's first man woken by IPIs" core_first_man_ipi
disk_setup
ktap_test_unless "$DISK" "disk reads, IRQ on CPU 2: device wake-ups there, IPIs on the reader's CPU 1" disk_device_on_cpu2
ktap_test "the three workloads at once, traced" traced_run
ktap_test "the counters agree with irq_vectors/irq tracepoints on the same run" trace_agrees
ktap_test "above by source covers cpuidle's above, below by source matches" misses_add_up
ktap_test "ping-pong, across clusters: the core's and the cluster's first man woken by IPIs" cluster_first_man_ipi
ktap_test "wait=halt counts every wake-up unknown and says so" halt_unknown
ktap_test "unload" unload
ktap_finished
