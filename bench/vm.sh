#!/bin/bash
# vm.sh: benchmarks 2 to 4, in 2-vCPU guests of one kernel (BENCH_KVERS
# may name several harness kernels, default 6.12; benchmark 3 runs on
# BENCH_ICOUNT_KVERS, default BENCH_KVERS if given, else "6.12 6.1"),
# booted through the
# guest harness (harness/README) from the suites of bench/vm/suites/. From their "bench: TAG
# CSV" lines it prints:
#   2. the pseudo polling state (bench-poll-pseudo) against the kernel's
#      idle=poll (bench-poll-kernel), median and p99 wake-up latency, timer
#      and ipi: BENCH_POLL_ROUNDS rounds of the two boots back to back
#      (under one hold of the machine-wide guest lock), the goal (median
#      within 10%) judged on the median of the rounds' ratios, since the
#      host's load moves from one boot to the next; then both
#      again under QEMU's -icount (virtual time counted in instructions,
#      one host thread for both vCPUs), where the timer figure does not
#      depend on the host at all (the ipi one is left out there: a remote
#      wake-up of a polling vCPU waits for the other vCPU's time slice);
#   3. deterministic fidelity (bench-icount, under -icount, booted twice):
#      measured minus configured exit latency of the median, per state
#      from 10 us to 5 ms, for the interrupt and the task's wake-up, timer
#      and IPI (goal: within 2% or 1 us, whichever is larger), and whether
#      the two boots gave the same figures (they must);
#   4. fidelity, free-running (bench-fidelity): the same difference,
#      median and p99, per state from 10 us to 5 ms (goal: median error
#      within 10% from 100 us up: noise-bound), and the module's spin
#      overshoot.
# BENCH_PARTS="poll icount free" (the default) names the parts to run.
# Goals missed are printed, not failed; a guest that fails (KTAP not ok,
# kernel splat, no result, fewer exits from a state than its samples: see
# bench/vm/suites/bench-lib.sh) fails the run.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
H=$TOP/harness
OUTDIR=$TOP/build/bench
SUITES=$TOP/bench/vm/suites
mkdir -p "$OUTDIR"
exec 9> "$OUTDIR/.lock"
flock -n 9 || { echo "vm.sh: another bench run holds $OUTDIR/.lock, waiting" >&2; flock 9; }

KVERS=${BENCH_KVERS:-6.12}
# Benchmark 3 on both Debian kernels unless kernels are named.
ICOUNT_KVERS=${BENCH_ICOUNT_KVERS:-${BENCH_KVERS:-6.12 6.1}}
POLL_N=${BENCH_POLL_SAMPLES:-2000}
POLL_ROUNDS=${BENCH_POLL_ROUNDS:-3}
ICOUNT_N=${BENCH_ICOUNT_SAMPLES:-300}
ICOUNT_SHIFT=2	# 4 ns of guest time per instruction
ICOUNT_FID_N=${BENCH_ICOUNT_FID_SAMPLES:-600}
ICOUNT_FID_RUNS=${BENCH_ICOUNT_FID_RUNS:-2}
ICOUNT_FID_GOAL_PCT=2	# or 1 us, whichever is larger
FID_N=${BENCH_FID_SAMPLES:-500}
POLL_GOAL=1.10
FID_GOAL=0.10
PARTS=" ${BENCH_PARTS:-poll icount free} "
part() { case "$PARTS" in *" $1 "*) return 0 ;; esac; return 1; }
# kpart PART: PART runs on the current kernel $k (benchmark 3 on
# ICOUNT_KVERS, the others on KVERS)
kpart() {
	part "$1" || return 1
	case "$1" in
	icount) [[ " $ICOUNT_KVERS " == *" $k "* ]] ;;
	*) [[ " $KVERS " == *" $k "* ]] ;;
	esac
}

# field SUITE FIELD: the "# FIELD: value" header line of a bench suite
field() {
	sed -n "s/^# $2: //p" "$SUITES/$1.sh" | head -n 1
}

# rows LOG TAG: the CSV rows of one tag, without the header, the state's
# name unquoted (pidle-bench quotes it, RFC 4180; names have no comma)
rows() {
	[ -f "$1" ] || return 0
	sed -n "s/^bench: $2 //p" "$1" | grep '^[0-9]' | sed 's/^\([0-9]*\),"\([^",]*\)",/\1,\2,/'
}

# The CSV columns (pidle-bench.rst): 1 state, 2 name, 3 exit_latency_us,
# 4 test, 5 samples, 6 median_us, 7 p99_us, 8 diff_median_us,
# 9 diff_p99_us, 10 fidelity, 11 exits, 12 overshoot_avg_ns,
# 13 overshoot_max_ns, 14 err_median_us, 15 left_out.
# poll_rows TAG PSEUDO_LOG KERNEL_LOG: "TAG TEST PMED KMED PP99 KP99" lines
poll_rows() {
	{ rows "$2" poll | sed 's/^/P,/'; rows "$3" poll | sed 's/^/K,/'; } |
	awk -F, -v tag="$1" '
		{ med[$1, $5] = $7; p99[$1, $5] = $8; seen[$5] = 1 }
		END {
			for (t in seen)
				if (med["P", t] != "" && med["K", t] != "")
					print tag, t, med["P", t], med["K", t], p99["P", t], p99["K", t]
		}' | sort -k2,2r
}

poll_table() {	# KVER
	local r
	echo "== 2. pseudo polling state vs the kernel's idle=poll, 2 vCPUs ($1)"
	echo "   $POLL_N wake-ups per test and boot; ratio = pseudo / kernel"
	printf '   %-8s %-6s %11s %11s %7s %11s %11s %7s  %s\n' round test pseudo_med \
		kernel_med ratio pseudo_p99 kernel_p99 ratio "goal: median ratio <= $POLL_GOAL"
	{
		for ((r = 1; r <= POLL_ROUNDS; r++)); do
			poll_rows "$r" "$OUTDIR/$1.bench-poll-pseudo.r$r.log" \
				"$OUTDIR/$1.bench-poll-kernel.r$r.log"
		done
		poll_rows icount "$OUTDIR/$1.bench-poll-pseudo.icount.log" \
			"$OUTDIR/$1.bench-poll-kernel.icount.log"
	} | awk -v g="$POLL_GOAL" -v rounds="$POLL_ROUNDS" '
		function verdict(x) { return x <= g ? "met" : "MISSED" }
		function row(tag, t, pm, km, pp, kp, goal) {
			printf "   %-8s %-6s %9.1fus %9.1fus %7.3f %9.1fus %9.1fus %7.3f  %s\n",
				tag, t, pm, km, pm / km, pp, kp, pp / kp, goal
		}
		{
			row($1, $2, $3, $4, $5, $6, $1 == "icount" ? verdict($3 / $4) : "")
			if ($1 != "icount") { n[$2]++; rm[$2, n[$2]] = $3 / $4; rp[$2, n[$2]] = $5 / $6 }
		}
		function median(a, t, k,   i, j, x, v) {
			for (i = 1; i <= k; i++) v[i] = a[t, i]
			for (i = 2; i <= k; i++)	# insertion sort, k is tiny
				for (j = i; j > 1 && v[j - 1] > v[j]; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
			return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
		}
		END {
			for (t in n) {
				m = median(rm, t, n[t]); p = median(rp, t, n[t])
				printf "   %-8s %-6s %11s %11s %7.3f %11s %11s %7.3f  %s (%d rounds)\n",
					"median", t, "", "", m, "", "", p, verdict(m), n[t]
			}
		}'
	if [ -f "$OUTDIR/$1.bench-poll-kernel.icount.log" ]; then
		echo "   (icount: -icount shift=$ICOUNT_SHIFT,sleep=off, timer only; its ratio does not depend on the host's load)"
	else
		echo "   (icount: not run, $1 did not boot under -icount)"
	fi
}

# icount_table LOG: the deterministic table of one bench-icount boot
icount_table() {
	rows "$1" icount | awk -F, -v g="$ICOUNT_FID_GOAL_PCT" '
		$3 > 0 {
			if (!($2 in lat)) { order[++ns] = $2; lat[$2] = $3 }
			err[$2, $4] = $8 - $3
		}
		END {
			split("timer-irq timer ipi-irq ipi", t, " ")
			for (i = 1; i <= ns; i++) {
				s = order[i]; tol = lat[s] * g / 100; if (tol < 1) tol = 1
				line = sprintf("   %-6s %8d", s, lat[s]); miss = ""
				for (j = 1; j <= 4; j++) {
					if ((s, t[j]) in err) {
						e = err[s, t[j]]
						line = line sprintf(" %9.1f %6.1f%%", e, 100 * e / lat[s])
						if (e > tol || e < -tol) miss = miss " " t[j]
					} else {
						line = line sprintf(" %9s %7s", "-", "")
						miss = miss " " t[j] "(none)"
					}
				}
				print line "  " (miss == "" ? "met" : "MISSED:" miss)
			}
		}'
}

icount_fid_table() {	# KVER
	local r first=$OUTDIR/$1.bench-icount.r1.log same=0 diff=0
	echo "== 3. deterministic latency fidelity under -icount shift=$ICOUNT_SHIFT,sleep=off, 2 vCPUs ($1)"
	if ! grep -q '^bench: icount [0-9]' "$first" 2>/dev/null; then
		echo "   not run: $1 did not boot under -icount (Documentation/pidle-bench.rst)"
		return
	fi
	echo "   $ICOUNT_FID_N wake-ups per state and test, each state in its own run after NOLAT;"
	echo "   err = (state - NOLAT) - configured exit latency, of the medians, us and % of the latency;"
	echo "   module $(sed -n 's/^# wait=/wait=/p' "$first" | head -n 1)"
	printf '   %-6s %8s %17s %17s %17s %17s  %s\n' state exit_us "timer-irq err" \
		"timer err" "ipi-irq err" "ipi err" "goal: |err| <= max($ICOUNT_FID_GOAL_PCT%, 1 us)"
	icount_table "$first"
	# The figures must not depend on the run: compare every boot's rows.
	for ((r = 2; r <= ICOUNT_FID_RUNS; r++)); do
		if cmp -s <(rows "$first" icount) <(rows "$OUTDIR/$1.bench-icount.r$r.log" icount); then
			same=$((same + 1))
		else
			diff=$((diff + 1))
			echo "   boot $r differs from boot 1:"
			icount_table "$OUTDIR/$1.bench-icount.r$r.log"
		fi
	done
	if [ "$ICOUNT_FID_RUNS" -gt 1 ]; then
		echo "   repeat: $same of $((ICOUNT_FID_RUNS - 1)) further boots gave every figure (all CSV rows) identical to boot 1: $([ $diff -eq 0 ] && echo met || echo MISSED)"
	fi
}

fid_table() {	# PSEUDO_LOG
	echo "== 4. latency fidelity, free-running TCG (noise-bound): (state - NOLAT) - configured exit latency, 2 vCPUs, wait=halt"
	echo "   $FID_N wake-ups per state and test, each state in its own run after NOLAT; err% = median error / configured"
	printf '   %-6s %-6s %8s %10s %10s %10s %10s %7s  %s\n' state test exit_us \
		dmed_us dp99_us err_med_us err_p99_us err% "goal (>= 100 us: |err%| <= 10)"
	# One pidle-bench run per state, NOLAT first: its diff columns are
	# against the NOLAT of its own run. Timer rows first, then ipi.
	rows "$1" fidelity | awk -F, -v g="$FID_GOAL" '
		$3 > 0 {
			em = $8 - $3; ep = $9 - $3; pct = 100 * em / $3
			if ($3 < 100) goal = "-"
			else goal = (pct <= 100 * g && pct >= -100 * g) ? "met" : "MISSED"
			line[$4, ++n[$4]] = sprintf("   %-6s %-6s %8d %10.1f %10.1f %10.1f %10.1f %6.1f%%  %s",
				$2, $4, $3, $8, $9, em, ep, pct, goal)
		}
		END { for (i = 1; i <= n["timer"]; i++) print line["timer", i]
		      for (i = 1; i <= n["ipi"]; i++) print line["ipi", i] }'
	echo "   the module's own measure: spin overshoot (actual - configured), on the measured CPU"
	printf '   %-6s %8s %8s %14s %14s\n' state exit_us exits ovsh_avg_ns ovsh_max_ns
	rows "$1" fidelity | awk -F, '$4 == "timer" && $11 != "" && !seen[$2]++ {
		printf "   %-6s %8d %8d %14.1f %14d\n", $2, $3, $11, $12, $13 }'
	echo "   (ovsh_max_ns: worst since the module was loaded; exits: both tests of one run;"
	echo "   NOLAT: its first run)"
}

# bench_boot KVER SUITE LOGNAME EXTRA-APPEND [TIMEOUT_S]: one guest,
# checked. Returns 2, counting nothing, when OPTIONAL=1 and the kernel
# never reached init (an emulator mode the kernel cannot boot in).
# $ICOUNT: boot under -icount with that spec.
bench_boot() {
	local k=$1 s=$2 log=$OUTDIR/$1.$3.log ts st tmo
	ts=$(date +%s)
	tmo=${5:-$(field "$s" timeout)}
	# An -icount guest alone (not one side of a held pair) runs beside
	# other -icount guests: its time does not depend on the host's load.
	local conc=
	[ -n "${ICOUNT:-}" ] && [ "${PIDLE_QEMU_LOCK_HELD:-0}" != 1 ] && conc=--concurrent
	"$H/boot" --kernel "$IMAGE" --initrd "$OUTDIR/$k.initrd.gz" --log "$log" \
		--suite "$s" --smp "$(field "$s" smp)" --append "$(field "$s" append) $4" \
		--timeout "${tmo:-240}" ${ICOUNT:+--icount "$ICOUNT" $ICOUNT_OPTS} $conc
	st=$?
	if [ "${OPTIONAL:-0}" = 1 ] && ! grep -q '^# vm: kernel' "$log"; then
		echo "  $3: $k did not reach init (qemu exit status $st), not run; log $log"
		return 2
	fi
	[ $st -eq 0 ] || echo "  $3 boot: qemu exit status $st (124 = timeout)"
	"$H/check" "$3" "$log" "$RESULTS" | grep -v ' passed, .* failed$'
	echo "  $3: $(( $(date +%s) - ts ))s (the wait for other guests included), log $log"
}

# bench_pair KVER LOGSUFFIX EXTRA-APPEND [TIMEOUT_S]: bench-poll-pseudo
# then bench-poll-kernel, back to back. The machine-wide guest lock is
# held over both (PIDLE_QEMU_LOCK_HELD tells harness/boot), so that no
# other guest runs between the two sides of one comparison.
bench_pair() {
	local lock=${PIDLE_QEMU_LOCK:-/tmp/pidle-qemu.lock} s
	{
		if ! flock -n 7; then
			echo "  $2 pair: waiting for another guest to end ($lock)"
			flock 7
		fi
		for s in bench-poll-pseudo bench-poll-kernel; do
			PIDLE_QEMU_LOCK_HELD=1 bench_boot "$1" $s $s.$2 "$3" "${4:-}" || break
		done
	} 7> "$lock"
}

RESULTS=$OUTDIR/results
: > "$RESULTS"
# Every kernel either list names, once, in order.
ALL_KVERS=$(for k in $KVERS $ICOUNT_KVERS; do echo "$k"; done | awk '!seen[$0]++')
for k in $ALL_KVERS; do
	echo "== guest benchmarks on $k"
	kernel=$("$H/kernel" "$k") || { echo "$k:kernel 0 1" >> "$RESULTS"; continue; }
	set -- $kernel
	IMAGE=$1 KDIR=$2
	# What the kernel needs under -icount (--late-smp for 6.1).
	ICOUNT_OPTS=$("$H/kernel" --icount-options "$k")
	if ! "$H/module" "$KDIR" "$OUTDIR/$k.kmod"; then
		echo "  FAIL module build, log $OUTDIR/$k.kmod/build.log"; echo "$k:module 0 1" >> "$RESULTS"; continue
	fi
	if ! "$H/image" "$OUTDIR/$k.initrd.gz" --file "$OUTDIR/$k.kmod/pseudo_cpuidle.ko" --tools \
		--suite "$SUITES/bench-lib.sh" --suite "$SUITES/bench-poll-pseudo.sh" \
		--suite "$SUITES/bench-poll-kernel.sh" --suite "$SUITES/bench-fidelity.sh" \
		--suite "$SUITES/bench-icount.sh"; then
		echo "  FAIL initramfs"; echo "$k:image 0 1" >> "$RESULTS"; continue
	fi
	if kpart poll; then
		for ((r = 1; r <= POLL_ROUNDS; r++)); do
			bench_pair "$k" r$r "bench_n=$POLL_N"
		done
		# A kernel that does not boot under -icount (a user's) leaves
		# the icount row out.
		rm -f "$OUTDIR/$k".bench-poll-*.icount.log
		OPTIONAL=1 ICOUNT="shift=$ICOUNT_SHIFT,sleep=off" \
			bench_pair "$k" icount "bench_n=$ICOUNT_N bench_test=timer" 120
	fi
	if kpart icount; then
		rm -f "$OUTDIR/$k".bench-icount.r*.log
		for ((r = 1; r <= ICOUNT_FID_RUNS; r++)); do
			OPTIONAL=1 ICOUNT="shift=$ICOUNT_SHIFT,sleep=off" \
				bench_boot "$k" bench-icount bench-icount.r$r "bench_n=$ICOUNT_FID_N" ||
				break
		done
	fi
	kpart free && bench_boot "$k" bench-fidelity bench-fidelity "bench_n=$FID_N"
	kpart poll && poll_table "$k"
	kpart icount && icount_fid_table "$k"
	kpart free && fid_table "$OUTDIR/$k.bench-fidelity.log"
done
echo -n "guests: "
"$H/total" "$RESULTS"
