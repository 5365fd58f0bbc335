#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# corpus.sh [-k KERNEL] [REGEX]: regenerates tests/replay/corpus/,
# pidle-replay's corpus of the linux-pm workloads (make replay-corpus).
# The cells of experiments/linuxpm.exp whose id matches REGEX (default:
# Skylake-SP's table under menu, every workload) run once more with
# tracing on (experiments/run.sh --trace, on KERNEL when given: -k eval
# for teo; one -icount guest, behind the harness's lock like every
# experiment), and each cell's recording is kept as (files named
# TABLE-WORKLOAD, e.g. skx-ring4, for menu's recordings, and
# TABLE-GOVERNOR-WORKLOAD, e.g. skx-teo-ring4, for another governor's):
#   corpus/WORKLOAD.trace.xz  the trace (tracefs text, mono clock, the
#                             events of guest-record.sh), xz -9
#   corpus/WORKLOAD.stat      pidle-stat's JSON of the same run
#   corpus/WORKLOAD.work      the workload's own CSV (its figure; none
#                             for the idle run)
#   corpus/WORKLOAD.info      what recorded it: experiment, cell, kernel,
#                             table, governor, run line, the guest's
#                             shape, the idle periods and lost events
# Needs what make experiment needs (make tools guest-tools, the
# programs of experiments/guest, Debian's fio and rt-tests).
# corpus.sh --copy: only the copying, from the last run's directory
# (build/replay-corpus), e.g. after a copy step was fixed.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
COPY_ONLY=0 KERNEL=()
[ "${1:-}" = --copy ] && { COPY_ONLY=1; shift; }
if [ "${1:-}" = -k ]; then
	[ -n "${2:-}" ] || { echo "corpus.sh: -k: a kernel name is missing (eval, 6.12, ...)" >&2; exit 1; }
	KERNEL=(-k "$2"); shift 2
fi
REGEX=${1:-/skx/menu/}
EXPF=$TOP/experiments/linuxpm.exp
OUT=$TOP/build/replay-corpus
DEST=$TOP/tests/replay/corpus
fail() { echo "corpus.sh: $*" >&2; exit 1; }

# the cells traced again from scratch: a recording is one boot's
if [ $COPY_ONLY = 0 ]; then
	rm -rf "$OUT"
	"$TOP/experiments/run.sh" --trace "${KERNEL[@]}" --cells "$REGEX" -o "$OUT" "$EXPF" ||
		echo "corpus.sh: the run's report says some check failed; the cells that ran ok are kept" >&2
fi
[ -f "$OUT/cells.tsv" ] || fail "no run in $OUT to copy from (corpus.sh without --copy runs it)"
mkdir -p "$DEST"
n=0
while IFS=$'\t' read -r id kernel _ table gov _ _ work _ _ _ _ _ _ _ _ _ run _; do
	case $id in '#'*|id) continue ;; esac
	stem=$OUT/cells/${id//\//_}
	read -r status reason < "$stem.status" || status=missing
	if [ "$status" != ok ] || [ ! -s "$stem.trace" ]; then
		echo "corpus.sh: $id: not recorded ($status ${reason:-no trace})" >&2
		continue
	fi
	name=$table-$work
	[ "$gov" = menu ] || name=$table-$gov-$work
	xz -9 -T1 -c "$stem.trace" > "$DEST/$name.trace.xz"
	cp "$stem.stat" "$DEST/$name.stat"
	# the idle run (sleep) prints no CSV of its own
	rm -f "$DEST/$name.work"
	[ -s "$stem.work" ] && cp "$stem.work" "$DEST/$name.work"
	entries=$(grep -c 'pidle_enter:' "$stem.trace" || true)
	lost=$(grep -c 'LOST' "$stem.trace" || true)
	{
		echo "recorded_by tests/replay/corpus.sh (make replay-corpus): experiments/linuxpm.exp, run.sh --trace"
		echo "cell $id"
		echo "kernel $kernel $(basename "$("$TOP/harness/kernel" "$kernel" | cut -d' ' -f1)")"
		sed -n 's/^\(states\|topology\|power\|mode\|domain_gov\) /&/p' "$stem.info"
		echo "governor $gov"
		echo "run $run"
		[ -f "$stem.seed" ] && cat "$stem.seed"
		echo "icount shift=$(awk -F'\t' '$2 == "icount" { print $3 }' "$OUT/cells.tsv"),sleep=off smp $(awk -F'\t' '$2 == "smp" { print $3 }' "$OUT/cells.tsv")"
		echo "idle_periods $entries"
		echo "lost_events $lost"
	} > "$DEST/$name.info"
	echo "corpus.sh: $name: $entries idle periods, $(stat -c %s "$DEST/$name.trace.xz") bytes xz ($id)"
	n=$((n + 1))
done < "$OUT/cells.tsv"
[ $n -gt 0 ] || fail "no cell of $EXPF matching $REGEX was recorded"
echo "corpus.sh: $n recordings in $DEST"
