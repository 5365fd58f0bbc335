#!/bin/bash
# run.sh [KVER...]: the QEMU guest suite. For each kernel: build the module,
# the initramfs, boot the main suite (-smp 8, 2x2x2) and the timing suite
# (-smp 2), check the serial logs. Kernels: arguments, else $VM_KVERS, else
# the newest 6.1.0-*-amd64 and 6.12.*+deb12-amd64 with image and headers.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
OUTDIR=$TOP/build/vm
mkdir -p "$OUTDIR"
# Concurrent runs share build/kmod-* and build/vm/*: serialize them.
exec 9> "$OUTDIR/.lock"
if ! flock -n 9; then
	echo "run.sh: another run holds $OUTDIR/.lock, waiting" >&2
	flock 9
fi

newest() {	# glob pattern of a kernel release
	local k best=
	for img in /boot/vmlinuz-$1; do
		[ -e "$img" ] || continue
		k=${img#/boot/vmlinuz-}
		[ -d "/usr/src/linux-headers-$k" ] && best="$best $k"
	done
	printf '%s\n' $best | sort -V | tail -n 1
}

KVERS=${*:-${VM_KVERS:-}}
if [ -z "$KVERS" ]; then
	KVERS="$(newest '6.1.0-*-amd64') $(newest '6.12.*+deb12-amd64')"
fi
KVERS=$(echo $KVERS)
[ -n "$KVERS" ] || { echo "run.sh: no kernel with image and headers" >&2; exit 1; }

TOTAL_PASS=0; TOTAL_FAIL=0
SUMMARY=()

build_module() {	# KVER -> 0 when build/kmod-KVER/pseudo_cpuidle.ko is fresh
	local k=$1 d=$TOP/build/kmod-$1 log=$OUTDIR/$1.build.log
	rm -rf "$d"; mkdir -p "$d"
	for f in Kbuild drivers include; do
		[ -e "$TOP/$f" ] || { echo "missing $TOP/$f" > "$log"; return 1; }
		cp -a "$TOP/$f" "$d/"
	done
	make -C "/usr/src/linux-headers-$k" M="$d" modules > "$log" 2>&1 || return 1
	grep -q 'warning:' "$log" && return 1
	[ -f "$d/pseudo_cpuidle.ko" ]
}

boot_once() {	# KVER SMP SUITE LOG
	local k=$1 smp=$2 suite=$3 log=$4
	timeout 240 qemu-system-x86_64 -accel tcg -bios /usr/share/qemu/qboot.rom \
		-cpu Skylake-Server -m 512M -nographic -no-reboot -smp "$smp" \
		-kernel "/boot/vmlinuz-$k" -initrd "$OUTDIR/$k.initrd.gz" \
		-append "console=ttyS0 panic=-1 idle=halt quiet vmsuite=$suite" \
		< /dev/null > "$log" 2>&1
	local st=$?
	sed -i 's/\r$//' "$log"
	return $st
}

# Multi-threaded TCG now and then runs a half-patched instruction while the
# kernel patches its own text at boot (seen: an invalid opcode in
# set_next_task_idle at 0.7 s, before any module). Such a boot, one that
# died before the guest's init printed its first line, is retried once; a
# crash after that, with our module in play, is never retried.
boot() {	# KVER SMP SUITE LOG
	boot_once "$@"
	local st=$?
	if ! grep -q '^# vm: kernel' "$4" && grep -q 'Kernel panic' "$4"; then
		cp "$4" "$4.early-panic"
		echo "  $3: guest panicked during boot, before init (log kept as $4.early-panic); retrying once"
		boot_once "$@"
		st=$?
	fi
	return $st
}

# check LABEL LOG: KTAP and kernel-splat check; adds to PASS/FAIL, prints.
check_log() {
	local label=$1 log=$2 plan line n num desc
	plan=$(grep -m1 -E '^1\.\.[0-9]+$' "$log" | cut -d. -f3)
	if [ -z "$plan" ]; then
		echo "  $label: FAIL no KTAP plan in $log"; FAIL=$((FAIL + 1)); return
	fi
	for ((n = 1; n <= plan; n++)); do
		line=$(grep -m1 -E "^(not )?ok $n( |$)" "$log")
		if [ -z "$line" ]; then
			echo "  $label: not ok $n (result missing)"; FAIL=$((FAIL + 1))
		elif [[ $line == ok* ]]; then
			echo "  $label: $line"; PASS=$((PASS + 1))
		else
			echo "  $label: $line"; FAIL=$((FAIL + 1))
		fi
	done
	local splat
	splat=$(grep -nE 'BUG:|Oops|Call Trace|WARNING: CPU:|lockdep|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage|Kernel panic' "$log" \
		| grep -v 'RETBleed: WARNING:' | head -n 20)
	if [ -n "$splat" ]; then
		echo "  $label: FAIL kernel splat in $log:"; echo "$splat" | sed 's/^/    /'
		FAIL=$((FAIL + 1))
	fi
}

for k in $KVERS; do
	PASS=0; FAIL=0
	t0=$(date +%s)
	echo "== $k"
	if [ ! -e "/boot/vmlinuz-$k" ] || [ ! -d "/usr/src/linux-headers-$k" ]; then
		echo "  FAIL no image or headers for $k"; FAIL=1
	else
		if build_module "$k"; then
			echo "  module: built build/kmod-$k/pseudo_cpuidle.ko"; PASS=$((PASS + 1))
		else
			echo "  module: FAIL build (log $OUTDIR/$k.build.log):"
			grep -E 'error|warning:|missing' "$OUTDIR/$k.build.log" | head -n 10 | sed 's/^/    /'
			FAIL=$((FAIL + 1))
			rm -f "$TOP/build/kmod-$k/pseudo_cpuidle.ko"
		fi
		if "$HERE/build-initramfs.sh" "$k" "$OUTDIR/$k.initrd.gz"; then
			boot "$k" 8,sockets=2,cores=2,threads=2 main "$OUTDIR/$k.log"
			st=$?; [ $st -eq 0 ] || echo "  main boot: qemu exit status $st (124 = timeout)"
			check_log main "$OUTDIR/$k.log"
			boot "$k" 2 timing "$OUTDIR/$k.timing.log"
			st=$?; [ $st -eq 0 ] || echo "  timing boot: qemu exit status $st (124 = timeout)"
			check_log timing "$OUTDIR/$k.timing.log"
		else
			echo "  FAIL initramfs"; FAIL=$((FAIL + 1))
		fi
	fi
	t=$(( $(date +%s) - t0 ))
	echo "  $k: $PASS passed, $FAIL failed, ${t}s, logs $OUTDIR/$k.log $OUTDIR/$k.timing.log"
	SUMMARY+=("$k: $PASS passed, $FAIL failed (${t}s)")
	TOTAL_PASS=$((TOTAL_PASS + PASS)); TOTAL_FAIL=$((TOTAL_FAIL + FAIL))
done
echo "== summary"
printf '  %s\n' "${SUMMARY[@]}"
echo "$TOTAL_PASS passed, $TOTAL_FAIL failed"
[ $TOTAL_FAIL -eq 0 ]
