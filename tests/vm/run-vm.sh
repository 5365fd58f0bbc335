#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# run-vm.sh [-k KVER] [-s SUITE] [-t SECONDS] [-a APPEND] [SCENARIO...]
#
# Boots kernel KVER (default: the newest 6.1) under QEMU/TCG with suite
# SUITE's topology (tests/vm/suites/SUITE.conf, default smp8), runs the
# suite's scenarios (or the ones named), and checks the result:
#   build/vm/KVER-SUITE.log          KTAP from the guest (second serial port)
#   build/vm/KVER-SUITE.console.log  the kernel console (first serial port)
# Fails on a KTAP failure, a missing plan, fewer results than planned, a
# guest that does not power off in time, or a kernel splat in the console
# log. The last line is "N passed, N failed".
# The initramfs (build/vm/initramfs-KVER.cpio) is built when missing;
# -r rebuilds it (and the module) first.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
kver= suite=smp8 tmo= append= rebuild=
while getopts k:s:t:a:r opt; do
	case $opt in
	k) kver=$OPTARG ;;
	s) suite=$OPTARG ;;
	t) tmo=$OPTARG ;;
	a) append=$OPTARG ;;
	r) rebuild=1 ;;
	*) sed -n '4,16s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$kver" ] || kver=$("$here/kernels.sh" 6.1)
conf=$here/suites/$suite.conf
[ -f "$conf" ] || { echo "run-vm.sh: no suite '$suite' ($conf)" >&2; exit 2; }
SMP= MEM= CMDLINE= SCENARIOS= TIMEOUT=600 STIMEOUT=300
. "$conf"
[ $# -gt 0 ] && SCENARIOS="$*"
[ -n "$tmo" ] && TIMEOUT=$tmo

vm=$top/build/vm
initrd=$vm/initramfs-$kver.cpio
if [ -n "$rebuild" ] || [ ! -f "$initrd" ]; then
	"$here/build-guest.sh" "$kver" >/dev/null
fi
log=$vm/$kver-$suite.log
con=$vm/$kver-$suite.console.log
rm -f "$log" "$con"
scen=$(echo $SCENARIOS | tr ' ' ',')
cmdline="console=ttyS0 panic=-1 idle=halt pidle.out=ttyS1 pidle.scenarios=$scen pidle.timeout=$STIMEOUT $CMDLINE $append"

t0=$(date +%s)
rc=0
timeout -s KILL "$TIMEOUT" qemu-system-x86_64 -accel tcg -nodefaults \
	-bios /usr/share/qemu/qboot.rom -cpu Skylake-Server \
	-smp "$SMP" -m "$MEM" -display none -no-reboot \
	-kernel "/boot/vmlinuz-$kver" -initrd "$initrd" -append "$cmdline" \
	-serial "file:$con" -serial "file:$log" </dev/null >"$vm/$kver-$suite.qemu.log" 2>&1 || rc=$?
t1=$(date +%s)
touch "$log" "$con"
awk -v kver="$kver" -v suite="$suite" -v qemu_rc="$rc" -v secs=$((t1 - t0)) \
	-v con="$con" -f "$here/ktap.awk" "$log"
