#!/bin/bash
# demo/run.sh: the host half of make demo. Builds the module for one
# kernel, the guest image with demo/guest/ (its script and workload),
# boots a 2-package x 2-core x 2-thread guest that runs the workload under
# each governor (demo/guest/demo.sh), and prints the comparison table
# (demo/table.awk) from the CSV the guest printed.
#
# Environment: DEMO_KVER (default: the newest 6.12, which has the haltpoll
# governor, else the newest 6.1), DEMO_SECONDS (workload length per
# governor, default 5), DEMO_PRESET (pidle-topo preset, default skx).
# The tools must be built first: make demo does it (make vm-extra).
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
HERE=$TOP/tests/vm
OUTDIR=$TOP/build/demo
SMP=8,sockets=2,cores=2,threads=2
mkdir -p "$OUTDIR" "$TOP/build/vm"
# The module build directory build/kmod-KVER is make check-vm's too.
. "$HERE/host.sh"
lock_tree demo

KVER=${DEMO_KVER:-$(newest '6.12.*+deb12-amd64')}
[ -n "$KVER" ] || KVER=$(newest '6.1.0-*-amd64')
SECS=${DEMO_SECONDS:-5}
PRESET=${DEMO_PRESET:-skx}
fail() { echo "demo: $*" >&2; exit 1; }
[ -n "$KVER" ] || fail "no kernel with both /boot/vmlinuz-* and /usr/src/linux-headers-* (make deps installs them)"
[ -e "/boot/vmlinuz-$KVER" ] && [ -d "/usr/src/linux-headers-$KVER" ] ||
	fail "DEMO_KVER=$KVER: needs /boot/vmlinuz-$KVER and /usr/src/linux-headers-$KVER"
case "$SECS" in ''|*[!0-9]*) fail "DEMO_SECONDS=$SECS: want whole seconds" ;; esac
[ "$SECS" -ge 1 ] && [ "$SECS" -le 60 ] || fail "DEMO_SECONDS=$SECS: want 1 to 60"
for t in pidle-topo pidle-stat pidle-bench; do
	[ -x "$TOP/build/vm/extra/$t" ] || fail "no build/vm/extra/$t: run make demo (or make vm-extra) first"
done

t0=$(date +%s)
echo "demo: kernel $KVER, $SMP, preset $PRESET, ${SECS} s per governor"
echo "demo: building the module (log $OUTDIR/$KVER.build.log)"
build_module "$KVER" || fail "module build failed or warned: see $OUTDIR/$KVER.build.log"
"$HERE/build-initramfs.sh" "$KVER" "$OUTDIR/$KVER.initrd.gz" "$TOP/demo/guest" ||
	fail "guest image failed"
log=$OUTDIR/$KVER.log
t1=$(date +%s)
echo "demo: built in $((t1 - t0)) s; booting the guest (serial log $log)"
boot "$KVER" "$SMP" demo "$log" "demo_seconds=$SECS demo_preset=$PRESET" 600
st=$?
t2=$(date +%s)
PASS=0; FAIL=0
check_log demo "$log" > "$OUTDIR/$KVER.check"
if [ $st -ne 0 ] || [ $FAIL -ne 0 ]; then
	cat "$OUTDIR/$KVER.check"
	fail "the guest run failed (qemu exit $st): see $log"
fi
# Governors this kernel has built in that the guest did not list (haltpoll
# registers only where kvm_para_available(): under KVM, not TCG).
missing=
have=$(sed -n 's/^# demo: governors //p' "$log")
for g in menu ladder teo haltpoll; do
	G=$(echo "$g" | tr a-z A-Z)
	grep -q "^CONFIG_CPU_IDLE_GOV_$G=y" "/boot/config-$KVER" 2>/dev/null || continue
	case " $have " in *" $g "*) continue ;; esac
	why="not registered in this guest"
	[ "$g" = haltpoll ] && why="built in, but registered only in a KVM guest (kvm_para_available()); this one is TCG"
	missing="$missing${missing:+; }$g: $why"
done
echo
awk -v kernel="$KVER" -v smp="$SMP" -v missing="$missing" -f "$TOP/demo/table.awk" "$log" ||
	fail "cannot tabulate $log"
echo
echo "demo: $PASS steps ok; $((t2 - t0)) s (build $((t1 - t0)) s, guest $((t2 - t1)) s with any wait for the lock)"
echo "demo: the raw CSV is in $log, between '# demo: begin/end' lines"
