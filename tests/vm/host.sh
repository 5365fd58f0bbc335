# host.sh: sourced by run.sh (and by the demo and benchmarks): pick kernels,
# build the module for one, boot a guest suite, check a KTAP log.
# Needs TOP (the tree), HERE (tests/vm) and OUTDIR (build/vm) set.

newest() {	# glob pattern of a kernel release
	local k best=
	for img in /boot/vmlinuz-$1; do
		[ -e "$img" ] || continue
		k=${img#/boot/vmlinuz-}
		[ -d "/usr/src/linux-headers-$k" ] && best="$best $k"
	done
	printf '%s\n' $best | sort -V | tail -n 1
}

# build_module KVER: build/kmod-KVER/pseudo_cpuidle.ko, the test-only
# modules of tests/vm/kmod/ in build/kmod-KVER/test/, and the module's
# test build with its fault hooks (PIDLE_FAULT=y, drivers/fault/) in
# build/kmod-KVER/fault/; 0 when all built without a warning.
build_module() {
	local k=$1 d=$TOP/build/kmod-$1 log=$OUTDIR/$1.build.log
	rm -rf "$d"; mkdir -p "$d"
	for f in Kbuild drivers include; do
		[ -e "$TOP/$f" ] || { echo "missing $TOP/$f" > "$log"; return 1; }
		cp -a "$TOP/$f" "$d/"
	done
	cp -a "$HERE/kmod" "$d/test"
	mkdir "$d/fault"
	cp -a "$TOP/Kbuild" "$TOP/drivers" "$TOP/include" "$d/fault/"
	make -C "/usr/src/linux-headers-$k" M="$d" modules > "$log" 2>&1 || return 1
	make -C "/usr/src/linux-headers-$k" M="$d/test" modules >> "$log" 2>&1 || return 1
	make -C "/usr/src/linux-headers-$k" M="$d/fault" PIDLE_FAULT=y modules >> "$log" 2>&1 || return 1
	grep -q 'warning:' "$log" && return 1
	[ -f "$d/pseudo_cpuidle.ko" ] && [ -f "$d/test/pidle_slot_holder.ko" ] &&
		[ -f "$d/fault/pseudo_cpuidle.ko" ]
}

# lock_tree WHO: one guest run per tree at a time (run.sh, the demo and the
# benchmarks share build/kmod-* and build/vm/*); fd 9 holds the lock.
lock_tree() {
	exec 9> "$TOP/build/vm/.lock"
	if ! flock -n 9; then
		echo "$1: another guest run of this tree holds build/vm/.lock, waiting" >&2
		flock 9
	fi
}

# suite_field SUITE FIELD: the "# FIELD: value" header line of suites/SUITE.sh
suite_field() {
	sed -n "s/^# $2: //p" "$HERE/suites/$1.sh" | head -n 1
}

# One guest at a time on this machine, whichever tree runs it: TCG guests
# share the host's cores, and a second guest would distort the first's
# timing. The lock is per boot, not per run, so runs interleave.
QEMU_LOCK=${PIDLE_QEMU_LOCK:-/tmp/pidle-qemu.lock}

boot_once() {	# KVER SMP SUITE LOG [APPEND [TIMEOUT_S]]
	local k=$1 smp=$2 suite=$3 log=$4 extra=${5:-} tmo=${6:-240}
	(
	if ! flock -n 8; then
		local w0=$(date +%s)
		echo "  $suite: waiting for another guest to end ($QEMU_LOCK)" >&2
		flock 8
		echo "  $suite: waited $(( $(date +%s) - w0 )) s for the guest lock" >&2
	fi
	# $VM_QEMU_ARGS: more QEMU options, unquoted (make bench's icount runs).
	# shellcheck disable=SC2086
	timeout "$tmo" qemu-system-x86_64 -accel tcg -bios /usr/share/qemu/qboot.rom \
		-cpu Skylake-Server -m 512M -nographic -no-reboot -smp "$smp" \
		${VM_QEMU_ARGS:-} \
		-kernel "/boot/vmlinuz-$k" -initrd "$OUTDIR/$k.initrd.gz" \
		-append "console=ttyS0 panic=-1 idle=halt quiet vmsuite=$suite $extra" \
		< /dev/null > "$log" 2>&1
	) 8> "$QEMU_LOCK"
	local st=$?
	sed -i 's/\r$//' "$log"
	return $st
}

# Multi-threaded TCG now and then runs a half-patched instruction while the
# kernel patches its own text at boot (seen: an invalid opcode in
# set_next_task_idle at 0.7 s, an int3 in sched_clock_cpu; more often on a
# loaded host). Such a boot, one that died before the guest's init printed
# its first line, before any module of ours, is retried up to twice; a
# crash after that is never retried.
boot() {	# KVER SMP SUITE LOG [APPEND [TIMEOUT_S]]
	local st try
	for try in 1 2 3; do
		boot_once "$@"
		st=$?
		grep -q '^# vm: kernel' "$4" && break
		# an early panic, or an early hang (timeout 124 before init)
		grep -q 'Kernel panic' "$4" || [ $st -eq 124 ] || break
		cp "$4" "$4.early-panic.$try"
		[ $try -lt 3 ] || break
		echo "  $3: guest panicked during boot, before init (log kept as $4.early-panic.$try); retrying"
	done
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

