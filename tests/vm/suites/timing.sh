#!/bin/busybox sh
# timing: the exit latency of a 2 ms state, seen in timer wake-ups.
# smp: 2
. /lib.sh

# wait=halt and a halting 0-latency baseline (NOLAT): no vCPU spins
# while waiting, since spinning vCPUs starve QEMU's timer thread on a
# 2-core host and delay the very wake-ups measured here. Baseline and
# measurement then differ only in the simulated exit latency.
big_latency() {
	load states=POLL:0:0,NOLAT:0:1,BIG:2000:4000 wait=halt || return 1
	set_disable 0 1
	set_disable 2 1; off10=$(/wakelat 10000 100)
	set_disable 1 1; set_disable 2 0; on10=$(/wakelat 10000 100)
	set_disable 0 0; set_disable 1 0
	diag "10 ms sleep: median wake-up delay NOLAT alone $off10 ns, BIG alone $on10 ns, diff $((on10 - off10)) ns (configured 2000000 ns)"
	diag "BIG usage: $(usage_sum 2)"
	d=$((on10 - off10))
	unload >/dev/null
	[ $d -ge 1500000 ] && [ $d -le 2500000 ] || { why "10 ms diff $d ns, want 2000 us +-25%"; return 1; }
}

ktap_header
diag "cpus: $(ncpus)"
ktap_test "BIG state adds its exit latency to timer wake-ups" big_latency
ktap_finished
