#!/bin/bash
# demo/run.sh: the host half of make demo, through the guest harness
# (harness/README). Builds the module for one kernel, the guest image
# with demo/guest/ (its script and workload), boots a 2-package x 2-core
# x 2-thread guest that runs the workload under each governor
# (demo/guest/demo.sh), and prints the comparison table (demo/table.awk)
# from the CSV the guest printed.
#
# Environment: DEMO_KVER (a harness kernel name, default 6.12, which has
# the haltpoll governor), DEMO_SECONDS (workload length per governor,
# default 5), DEMO_PRESET (pidle-topo preset, default skx).
# The tools and demo/guest's programs must be built first: make demo does it.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
H=$TOP/harness
OUTDIR=$TOP/build/demo
SMP=8,sockets=2,cores=2,threads=2
mkdir -p "$OUTDIR"
exec 9> "$OUTDIR/.lock"
flock -n 9 || { echo "demo: another demo run holds $OUTDIR/.lock, waiting" >&2; flock 9; }

NAME=${DEMO_KVER:-6.12}
SECS=${DEMO_SECONDS:-5}
PRESET=${DEMO_PRESET:-skx}
fail() { echo "demo: $*" >&2; exit 1; }
kernel=$("$H/kernel" "$NAME") || fail "DEMO_KVER=$NAME: no such kernel"
set -- $kernel
IMAGE=$1 KDIR=$2
KVER=$(cat "$KDIR/include/config/kernel.release" 2>/dev/null || basename "$KDIR")
case "$SECS" in ''|*[!0-9]*) fail "DEMO_SECONDS=$SECS: want whole seconds" ;; esac
[ "$SECS" -ge 1 ] && [ "$SECS" -le 60 ] || fail "DEMO_SECONDS=$SECS: want 1 to 60"

t0=$(date +%s)
echo "demo: kernel $KVER, $SMP, preset $PRESET, ${SECS} s per governor"
echo "demo: building the module (log $OUTDIR/kmod/build.log)"
"$H/module" "$KDIR" "$OUTDIR/kmod" || fail "module build failed or warned: see $OUTDIR/kmod/build.log"
"$H/image" "$OUTDIR/initrd.gz" --file "$OUTDIR/kmod/pseudo_cpuidle.ko" --tools \
	--file "$TOP/build/guest/pidle-work" --suite "$TOP/demo/guest/demo.sh" ||
	fail "guest image failed (make demo builds what it holds)"
log=$OUTDIR/$KVER.log
t1=$(date +%s)
echo "demo: built in $((t1 - t0)) s; booting the guest (serial log $log)"
"$H/boot" --kernel "$IMAGE" --initrd "$OUTDIR/initrd.gz" --log "$log" --suite demo \
	--smp "$SMP" --append "demo_seconds=$SECS demo_preset=$PRESET" --timeout 600
st=$?
t2=$(date +%s)
rm -f "$OUTDIR/results"
if ! "$H/check" demo "$log" "$OUTDIR/results" > "$OUTDIR/$KVER.check" || [ $st -ne 0 ]; then
	cat "$OUTDIR/$KVER.check"
	fail "the guest run failed (qemu exit $st): see $log"
fi
read -r _ PASS _ < "$OUTDIR/results"
# Governors this kernel has built in that the guest did not list (haltpoll
# registers only where kvm_para_available(): under KVM, not TCG).
missing=
have=$(sed -n 's/^# demo: governors //p' "$log")
for g in menu ladder teo haltpoll; do
	G=$(echo "$g" | tr a-z A-Z)
	grep -q "^CONFIG_CPU_IDLE_GOV_$G=y" "$KDIR/.config" 2>/dev/null || continue
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
