#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# record.sh OUT.trace [KERNEL]: records a deterministic guest run (-icount,
# 2 vCPUs) of the tiny experiment's workload (experiments/tiny.exp:
# pidle-irqwork, the RTC at 1000 Hz, 200 interrupts on CPU 1) with the
# table below, for pidle-replay's agreement test (tests/replay/run.sh).
# Writes the trace (tracefs text, mono clock), OUT.stat (pidle-stat's
# JSON of the same run) and OUT.info (table, governor, kernel, wall time).
# OUT.dat instead: trace-cmd record in the guest (the host's trace-cmd
# and its libraries in the image) writes trace.dat, copied out in base64
# over the console; OUT.trace beside it is its text (trace-cmd report -t
# -N: nanoseconds, and the formats' own text, not the plugins'),
# for the test that both readers replay it alike.
# Takes the machine's guest lock: run it as
#   flock /tmp/pidle-guest.lock tests/replay/record.sh tests/replay/guest-menu.trace
# Needs: make module tools guest-tools, and build/guest/pidle-irqwork.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: record.sh OUT.trace|OUT.dat [KERNEL]}
dat=
case "$out" in *.dat)
	dat=$out
	out=${out%.dat}.trace
	command -v trace-cmd >/dev/null || { echo "record.sh: no trace-cmd: apt-get install trace-cmd" >&2; exit 1; }
esac
kname=${2:-6.12}
: "${REPLAY_STATES:=POLL:0:0:cpu:4000,C1:2:2:cpu:1500:5,C6:100:400:cpu:200:500,PC6:133:600:package:1000:3000}"
: "${REPLAY_TOPOLOGY:=package=0-1}"
: "${REPLAY_POWER:=cpu:4000,package:6000}"
: "${REPLAY_GOV:=menu}"
# OSI mode: REPLAY_MODE=osi and the domain governors (REPLAY_DGOV=genpd-6.12)
: "${REPLAY_MODE:=pc}"
: "${REPLAY_DGOV:=}"
: "${REPLAY_RUN:=pidle-irqwork,-f,1000,-n,200,-w,1000,-c,1}"
work=$TOP/build/replay/record
mkdir -p "$work"
read -r image kdir < <("$TOP/harness/kernel" "$kname")
"$TOP/harness/module" "$kdir" "$work/kmod-$kname" >/dev/null
"$TOP/harness/image" "$work/initrd.gz" --tools \
	--suite "$TOP/tests/replay/guest-record.sh" \
	--file "$TOP/tests/replay/guest-events.sh:/replay-events.sh" \
	--file "$work/kmod-$kname/pseudo_cpuidle.ko" \
	--file "$TOP/build/guest/pidle-irqwork" \
	${dat:+--bin "$(command -v trace-cmd)"}
t0=$(date +%s.%N)
PIDLE_QEMU_LOCK_HELD=${PIDLE_QEMU_LOCK_HELD:-} "$TOP/harness/boot" \
	--kernel "$image" --initrd "$work/initrd.gz" --log "$work/serial.log" \
	--smp 2 --suite guest-record --timeout 600 \
	--icount shift=2,sleep=off $("$TOP/harness/kernel" --icount-options "$kname") \
	--append "replay_states=$REPLAY_STATES replay_topology=$REPLAY_TOPOLOGY replay_power=$REPLAY_POWER replay_gov=$REPLAY_GOV replay_mode=$REPLAY_MODE${REPLAY_DGOV:+ replay_dgov=$REPLAY_DGOV} replay_run=$REPLAY_RUN${dat:+ replay_tracedat=1}"
t1=$(date +%s.%N)
"$TOP/harness/check" record "$work/serial.log" >&2
if [ -n "$dat" ]; then
	tr -d '\r' < "$work/serial.log" | sed -n '/^# replay-dat-begin/,/^# replay-dat-end/{/^D /s/^D //p}' |
		base64 -d > "$dat"
	trace-cmd report -t -N -i "$dat" > "$out"
else
	tr -d '\r' < "$work/serial.log" | sed -n '/^# replay-trace-begin/,/^# replay-trace-end/{/^T /s/^T //p}' > "$out"
fi
tr -d '\r' < "$work/serial.log" | sed -n 's/^S //p' > "${out%.trace}.stat"
{
	echo "kernel $kname $(basename "$image")"
	echo "states $REPLAY_STATES"
	echo "topology $REPLAY_TOPOLOGY"
	echo "power $REPLAY_POWER"
	echo "governor $REPLAY_GOV"
	echo "mode $REPLAY_MODE"
	[ -z "$REPLAY_DGOV" ] || echo "domain_gov $REPLAY_DGOV"
	echo "run $REPLAY_RUN"
	echo "icount shift=2,sleep=off smp 2"
	echo "boot_wall_s $(echo "$t1 - $t0" | bc)"
} > "${out%.trace}.info"
echo "record.sh: ${dat:+$(wc -c < "$dat") bytes in $dat, }$(wc -l < "$out") trace lines in $out ($(grep -c pidle_enter: "$out") entries)"
