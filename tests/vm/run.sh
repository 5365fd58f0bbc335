#!/bin/bash
# run.sh [KERNEL...]: the guest test suites, through the harness. For each
# kernel named (harness/kernel: 6.1, 6.1-rt, 6.12, 6.12-rt, eval, debug,
# kcsan, lockdep61, user; default $VM_KERNELS, else "6.1 6.12 eval@teo
# debug@teo 6.1-rt 6.12-rt"; NAME@GOVERNOR boots every suite with
# cpuidle.governor=GOVERNOR and checks it was in force): build
# the module, one image with every suite, then boot each suite of suites/
# (or $VM_SUITES) in the shape its header declares ("# smp:" required,
# "# append:", "# timeout:", "# icount:" (booted under -icount beside
# other such guests), "# icount-debug:" (the same, on the debug kernel),
# "# single-thread:" (harness/boot --single-thread: the reason), "# qemu:"
# (more QEMU arguments, e.g. a disk, split at spaces)) and
# check its log. Ends with "N passed, N failed" over all kernels.
# Without $VM_SUITES, the rt, debug, kcsan, lockdep and eval kernels run
# only the suites whose "# kernels:" header line names "rt", "debug",
# "kcsan", "lockdep" or "eval" (every suite
# runs on the others): the rt flavours check the idle path, the domains,
# reconfiguration and polling under PREEMPT_RT; the debug kernel (lockdep,
# KASAN, delayed kobject release, fault injection) makes each cpuidle
# kobject removal wait 1-4 s, so it runs the 2-vCPU suites about lifetime
# and faults, under -icount; the eval kernel, built with every governor,
# runs main, domains and polling (under teo in make check); the kcsan
# kernel (make check-kcsan) and the 6.1 lockdep kernel lockdep61 (make
# check-lockdep61) the idle path, domains, polling, reconfig.
# The guest programs and tools are built by make check-vm.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
H=$TOP/harness
OUT=$TOP/build/vm
mkdir -p "$OUT"
# Two runs in one tree would share build/vm/: one at a time.
if [ "${VM_LIST:-0}" != 1 ]; then
	exec 9> "$OUT/.lock"
	flock -n 9 || { echo "run.sh: another run holds $OUT/.lock, waiting" >&2; flock 9; }
fi

# field SUITE FIELD: the "# FIELD: value" header line of suites/SUITE.sh
field() { sed -n "s/^# $2: //p" "$HERE/suites/$1.sh" | head -n 1; }

KERNELS=${*:-${VM_KERNELS:-6.1 6.12 eval@teo debug@teo 6.1-rt 6.12-rt}}
# A suite with a "# separate:" line (the large guest) runs only when named.
SUITES=${VM_SUITES:-$(cd "$HERE/suites" && for f in *.sh; do
	s=${f%.sh}; [ -n "$(field "$s" separate)" ] || echo "$s"; done)}
for s in $SUITES; do
	[ -f "$HERE/suites/$s.sh" ] || { echo "run.sh: no suite $HERE/suites/$s.sh" >&2; exit 1; }
	[ -n "$(field "$s" smp)" ] || { echo "run.sh: suites/$s.sh has no '# smp:' line" >&2; exit 1; }
done
PROGS=()
for c in "$HERE"/guest/*.c "$HERE"/guest/*/; do
	PROGS+=(--file "$TOP/build/guest/$(basename "$c" .c)")
done
for s in "$HERE"/suites/*.sh; do PROGS+=(--suite "$s"); done

# The guest helpers the suites source, each as /NAME.sh.
LIBS=()
for f in lib counters wake wake-src wake-disk wake-trace energy-powercap; do
	LIBS+=(--file "$HERE/$f.sh")
done
# The ABI document and its check (the energy suite's case "abi").
LIBS+=(--file "$TOP/scripts/check-abi:/check-abi"
       --file "$TOP/Documentation/ABI/testing/sysfs-kernel-pseudo_cpuidle:/abi.txt")

# build_modules KDIR DIR: against the kernel tree KDIR, the module and the
# test modules (DIR/kmod) and the test build with the fault hooks
# (DIR/kmod-fault, drivers/fault/, for the fault suite), each warning-free
# (harness/module); a FAIL line for each that is not.
build_modules() {
	local st=0
	"$H/module" "$1" "$2/kmod" "$HERE/kmod" "$TOP/examples/dgov-template" ||
		{ echo "  module: FAIL ($2/kmod/build.log)"; st=1; }
	PIDLE_MODULE_VARS=PIDLE_FAULT=y "$H/module" "$1" "$2/kmod-fault" ||
		{ echo "  fault module: FAIL ($2/kmod-fault/build.log)"; st=1; }
	return $st
}

RESULTS=$OUT/results
: > "$RESULTS"
# kernel_class NAME: rt, debug, kcsan, lockdep, eval, or all (every
# suite). With VM_SMOKE=1 (make check), 6.1 is "compat" and 6.1-rt
# "rt+compat": there the module's code differs from 6.12's only in
# drivers/pidle_compat.h (the idle entry's bookkeeping, the tracepoint's
# string, the cluster mask) and the kernel's -icount bring-up (--late-smp),
# so they run the suites naming "compat" (and, on 6.1-rt, "rt" as well),
# which exercise those; 6.12 leaves the debug kernel's own suites to it
# ("not-debug-only"), and the suites whose "# kernels:" line ends in
# "only" (soc: what only the eval kernel can load; on 6.12 it checks a
# refusal that hetero checks already). make check-all runs every suite
# there (tests/vm/README, "Budget").
kernel_class() {
	local smoke=${VM_SMOKE:-0}
	case "${1%%@*}" in
	6.1-rt|6.1.0-*-rt-amd64) [ "$smoke" = 1 ] && echo rt+compat || echo rt ;;
	*-rt|*-rt-amd64) echo rt ;;
	6.1|6.1.0-*-amd64) [ "$smoke" = 1 ] && echo compat || echo all ;;
	6.12|6.12.*-amd64) [ "$smoke" = 1 ] && echo not-debug-only || echo all ;;
	debug) echo debug ;;
	kcsan) echo kcsan ;;
	lockdep61) echo lockdep ;;
	eval) echo eval ;;
	*) echo all ;;
	esac
}

# runs_on SUITE CLASS: whether SUITE runs on a kernel of CLASS (a class
# "A+B" needs both named)
runs_on() {
	local c
	[ -n "${VM_SUITES:-}" ] || [ "$2" = all ] && return 0
	# A suite for the debug kernel alone (its "# kernels:" line is
	# "debug": faults, lifetimes, refusals) exercises no path of Debian's
	# 6.12 that the debug kernel, the same release instrumented, does not.
	[ "$2" = not-debug-only ] && { [ "$(field "$1" kernels)" != debug ] &&
		[[ "$(field "$1" kernels)" != *" only" ]]; return; }
	for c in ${2//+/ }; do
		[[ " $(field "$1" kernels) " == *" $c "* ]] || return 1
	done
}

# --list: the kernel and suite pairs this run would boot, a line each
# (the budget check, scripts/check-budget), then exit.
if [ "${VM_LIST:-0}" = 1 ]; then
	for name in ${KERNELS//|/ }; do
		for s in $SUITES; do
			runs_on "$s" "$(kernel_class "$name")" && echo "$name $s"
		done
	done
	exit 0
fi

# beside_guests CMD...: run CMD holding the machine's guest lock shared,
# as an -icount guest does (harness/boot): never beside a free-running
# guest, whose timing the host's load moves (CI, lanes side by side: the
# eval kernel's domains suite found package1 down 52 % of the time, under
# its 70 % bound, while the other lane built the debug kernel's modules),
# but beside -icount guests and other builds. Not when the caller holds
# the lock already (PIDLE_QEMU_LOCK_HELD=1).
beside_guests() {
	if [ "${PIDLE_QEMU_LOCK_HELD:-0}" = 1 ]; then
		"$@"
	else
		( flock -s 7; "$@" ) 7> "${PIDLE_QEMU_LOCK:-/tmp/pidle-qemu.lock}"
	fi
}

# run_kernel NAME: build the module for kernel NAME, its image, boot each
# of its suites and check their logs; its results in $RESULTS.NAME, then
# appended to $RESULTS.
run_kernel() {
	local name=$1 t0 d gov kernel image kdir class icount_opts KOS s ts log
	local icount append qemu q tmo st
	t0=$(date +%s)
	echo "== $name"
	d=$OUT/$name
	rm -f "$RESULTS.$name" "$d/initrd.gz"
	# NAME@GOVERNOR: every suite with cpuidle.governor=GOVERNOR, checked
	# against the governor the guest reports (a missing one falls back).
	gov=
	case "$name" in *@*) gov=${name#*@} ;; esac
	if ! kernel=$("$H/kernel" "${name%%@*}"); then
		echo "$name 0 1" >> "$RESULTS"; return
	fi
	set -- $kernel
	image=$1 kdir=$2
	class=$(kernel_class "$name")
	# What this kernel needs under -icount (harness/kernel: --late-smp
	# for 6.1), for the suites that boot so.
	icount_opts=$("$H/kernel" --icount-options "${name%%@*}")
	echo "  kernel: $image, module built against $kdir"
	KOS=()
	if beside_guests build_modules "$kdir" "$d"; then
		echo "  module: ok ($d/kmod/build.log)"; echo "module 1 0" >> "$RESULTS.$name"
		for ko in "$d"/kmod/*.ko; do KOS+=(--file "$ko"); done
		KOS+=(--file "$d/kmod-fault/pseudo_cpuidle.ko:/fault/pseudo_cpuidle.ko")
	else
		echo "module 0 1" >> "$RESULTS.$name"
	fi
	# The kernel's virtio disk modules, for a suite that attaches a disk
	# (its "# qemu:" line); rt-app and the experiments' rt-app files.
	KOS+=(--virtio "${image##*/vmlinuz-}" --rt-app)
	# powercap-info (powercap-utils) for the energy suite
	if ! beside_guests "$H/image" "$d/initrd.gz" "${KOS[@]}" "${LIBS[@]}" "${PROGS[@]}" --tools \
		--bin /usr/bin/powercap-info; then
		echo "  FAIL initramfs"; echo "image 0 1" >> "$RESULTS.$name"
	fi
	[ -f "$d/initrd.gz" ] && for s in $SUITES; do
		runs_on "$s" "$class" || continue
		ts=$(date +%s)
		log=$d/$s.log
		icount=$(field "$s" icount) append=$(field "$s" append)
		qemu=()
		for q in $(field "$s" qemu); do qemu+=(--qemu "$q"); done
		# The suite learns that its timing holds: pidle_icount=SPEC.
		[ -z "$icount" ] || append="$append pidle_icount=$icount"
		# On the debug kernel, a suite with "# icount-debug: SPEC" boots
		# under -icount SPEC: the delayed kobject releases (1-4 s each,
		# one after another) are idle waits, which then pass in virtual
		# time, not the host's. Its instrumentation (KASAN, lockdep)
		# makes every path several times longer, and -icount runs the
		# vCPUs on one host thread: three times the suite's timeout.
		# The kcsan and lockdep kernels' instrumentation slows them alike.
		tmo=$(field "$s" timeout | grep . || echo 240)
		if [ "$class" = debug ] || [ "$class" = kcsan ] || [ "$class" = lockdep ]; then
			append="$append vmsettle=5 pidle_instrumented=1"
			[ -n "$icount" ] || icount=$(field "$s" icount-debug)
			tmo=$((tmo * 3))
		fi
		"$H/boot" --kernel "$image" --initrd "$d/initrd.gz" --log "$log" --suite "$s" \
			--smp "$(field "$s" smp)" --append "$append" \
			${gov:+--append "cpuidle.governor=$gov"} \
			--timeout "$tmo" "${qemu[@]}" \
			${icount:+--icount "$icount" --concurrent $icount_opts} \
			$([ -z "$(field "$s" single-thread)" ] || echo --single-thread)
		st=$?; [ $st -eq 0 ] || echo "  $s boot: qemu exit status $st (124 = timeout)"
		"$H/check" "$s" "$log" "$RESULTS.$name" | grep -v ' passed, .* failed$'
		# No governor runs with cpuidle off (the cpuidle-off suite):
		# nothing to check there.
		if [ -n "$gov" ] && [[ " $append " != *" cpuidle.off=1 "* ]]; then
			if grep -qx "# vm: governor $gov" "$log"; then
				echo "governor 1 0" >> "$RESULTS.$name"
			else
				echo "  $s: FAIL governor $gov not in force: $(grep -m1 '^# vm: governor' "$log" || echo 'no governor line')"
				echo "governor 0 1" >> "$RESULTS.$name"
			fi
		fi
		echo "  $s: $(( $(date +%s) - ts ))s, log $log"
	done
	echo "  $name: $("$H/total" "$RESULTS.$name"), $(( $(date +%s) - t0 ))s"
	sed "s/^/$name:/" "$RESULTS.$name" >> "$RESULTS"
}

# A kernel built from source (kernels/build) when it is not yet: with
# VM_BUILD_LAZY=1 (make check) the lane that reaches it builds it, or waits
# for the build make check started in the background (kernels/build's
# lock), instead of make building every one before the first guest.
ensure_built() {
	case "${1%%@*}" in
	eval|debug|kcsan)
		[ "${VM_BUILD_LAZY:-0}" = 1 ] || return 0
		"$TOP/kernels/locate" "${1%%@*}" > /dev/null 2>&1 ||
			"$TOP/kernels/build" "${1%%@*}" > "$OUT/build-${1%%@*}.log" 2>&1 ||
			echo "  ${1%%@*}: kernels/build failed ($OUT/build-${1%%@*}.log)"
		;;
	esac
}

# Lanes: "|" in the kernel list splits it into lanes run side by side
# (make check: two, one per core). Each lane runs its kernels in order.
# Guests still take the machine's guest lock (harness/boot): a
# free-running guest boots alone, -icount guests share it, so what runs
# beside a guest is only another -icount guest (whose figures the host's
# load cannot move), a module build or an image. The first lane prints as
# it goes, the others when they end.
run_lane() {
	local name
	for name in $1; do
		ensure_built "$name"
		run_kernel "$name"
	done
}
IFS='|' read -r -a LANES <<< "$KERNELS"
pids=()
for i in "${!LANES[@]}"; do
	[ "$i" = 0 ] && continue
	run_lane "${LANES[$i]}" > "$OUT/lane$i.log" 2>&1 &
	pids+=($!)
done
run_lane "${LANES[0]}"
for i in "${!pids[@]}"; do
	wait "${pids[$i]}"
	cat "$OUT/lane$((i + 1)).log"
done
# $VM_BUILD_KERNELS: kernels the module (and the test build, and the test
# modules) is only built for, warning-free, with no guest (none in make
# check, whose kernels all boot).
for name in ${VM_BUILD_KERNELS:-}; do
	echo "== $name (build only)"
	if kernel=$("$H/kernel" "$name") && set -- $kernel && build_modules "$2" "$OUT/$name"; then
		echo "  module: ok against $2"; echo "$name:build 1 0" >> "$RESULTS"
	else
		echo "$name:build 0 1" >> "$RESULTS"
	fi
done
echo "== summary"
"$H/total" "$RESULTS"
