#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run fuzz_gov, two versions of a governor against each other
# (tests/fuzz/README, Documentation/pidle-replay-versions.rst).
#
# Usage: gov-run.sh check|fuzz|verdict FUZZ_GOV_BINARY
#   $FUZZ_GOV_PAIRS: "GOVERNOR:A:B ..." (fuzz_gov.mk), version names of
#   fuzz_gov.versions.
#   check  $FUZZ_RUNS inputs per pair from -seed=1, the seeds first (no
#          invariant broken; the largest divergence printed); for the
#          pairs of $FUZZ_GOV_REPRODUCE (the same form; fuzz_gov.mk: 6.12
#          against mainline), that divergence's trace (at most 4 KiB, not
#          minimized: that takes seconds a pair) shown diverging by
#          pidle-gov-diff, a test of its own, failing when the pair,
#          known to part, never diverged;
#          then the broken teo (teo-bin-off-by-one against 6.12): found
#          within $FUZZ_GOV_FIND_RUNS inputs, minimized (line by line, see
#          minimize() below), and the reproducer, a trace, shown
#          diverging by pidle-gov-diff. Prints "N passed, N failed" last.
#   fuzz   each pair for $FUZZ_SECONDS (or $FUZZ_RUNS inputs), corpus kept
#          in build/fuzz/corpus/fuzz_gov-GOV-A-B, the largest divergence's
#          trace in build/fuzz/gov/largest-GOV-A-B.trace (then minimized
#          into min-GOV-A-B.trace and shown by pidle-gov-diff), crashes (a
#          broken invariant) in build/fuzz/crashes/.
#   verdict  as check for every pair of $FUZZ_GOV_PAIRS, each pair's
#          largest divergence's trace ($FUZZ_GOV_DIR/largest-GOV-A-B.trace)
#          shown by pidle-gov-diff, as it is or minimized
#          ($FUZZ_GOV_MINIMIZE=1, into verdict-GOV-A-B.trace); no broken
#          teo (tools/replay/pidle-patch-check: a developer's version)
set -u
mode=$1
bin=$2
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# BUILD: the tree's build directory (the versions' cache); by default the
# one two levels above the program (build/fuzz/fuzz_gov). FUZZ_GOV_DIR:
# the program's own files (fuzz_gov.mk), where its traces go too.
build=${BUILD:-$(dirname "$(dirname "$bin")")}
out=$build/fuzz
gdir=${FUZZ_GOV_DIR:-$out/gov}
common="-dict=$here/fuzz_trace.dict -print_final_stats=1"
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out/crashes" "$gdir"

ok() { pass=$((pass + 1)); echo "ok $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok $1"; shift; for l in "$@"; do echo "# $l"; done; }
# the version's gov-version SPEC, by its name in fuzz_gov.versions
spec_of() { awk -v n="$1" '$1 == n { print $3 }' "$gdir/versions.txt"; }
# diverges FILE: fuzz_gov (the pair of FUZZ_GOV, FUZZ_GOV_A, FUZZ_GOV_B)
# fails on FILE with a divergence, not with anything else
diverges() {
	! FUZZ_GOV_DIVERGE=crash "$bin" "$1" > "$tmp/one.log" 2>&1 &&
		grep -q '^fuzz_gov: divergence at input' "$tmp/one.log" &&
		! grep -q -E '^fuzz: |runtime error|ERROR: (AddressSanitizer|LeakSanitizer)' "$tmp/one.log"
}
# minimize IN OUT: the fewest lines of the trace IN that still diverge,
# in OUT: whole lines (events) removed, halves first, then down to one at
# a time, until no line can go (libFuzzer's -minimize_crash works on
# bytes and takes minutes here; a trace's unit is the line). Deterministic.
minimize() {
	cp "$1" "$tmp/cur"
	chunk=$(( ($(wc -l < "$tmp/cur") + 1) / 2 ))
	while [ $chunk -ge 1 ]; do
		i=1
		while [ $i -le "$(wc -l < "$tmp/cur")" ]; do
			sed "$i,$((i + chunk - 1))d" "$tmp/cur" > "$tmp/try"
			if [ -s "$tmp/try" ] && diverges "$tmp/try"; then
				mv "$tmp/try" "$tmp/cur"
			else
				i=$((i + chunk))
			fi
		done
		chunk=$((chunk / 2))
	done
	cp "$tmp/cur" "$2"
}
# reproduce IN OUT LOG [as-is]: the trace IN, on which the current pair
# parts, minimized into OUT (or, as-is, copied), and pidle-gov-diff on OUT
# with fuzz_gov's table (as LOG's first line gives it): a test, ok when
# it exits 3 (the versions differ) with a divergent period
reproduce() {
	states=$(sed -n 's/^fuzz_gov: .*, table -s \([^ ]*\) --power \([^ ]*\)$/\1/p' "$3")
	power=$(sed -n 's/^fuzz_gov: .*, table -s \([^ ]*\) --power \([^ ]*\)$/\2/p' "$3")
	if [ "${4:-}" = as-is ]; then
		what="the reproducer $2 ($(wc -l < "$1") lines)"
		cp "$1" "$2"
	else
		minimize "$1" "$2"
		what="the minimized reproducer $2 ($(wc -l < "$2") lines, from $(wc -l < "$1"))"
	fi
	"$top/tools/replay/pidle-gov-diff" -b "$build" -g "$FUZZ_GOV" -s "$states" \
		--power "$power" "$2" "$(spec_of "$FUZZ_GOV_A")" \
		"$(spec_of "$FUZZ_GOV_B")" > "$tmp/diff.out" 2> "$tmp/diff.err"
	rc=$?
	n=$(sed -n 's/^divergence, A against B: \([0-9]*\) of \([0-9]*\) periods.*/\1 of \2/p' "$tmp/diff.out")
	if [ $rc -eq 3 ] && [ -n "$n" ] && [ "${n%% *}" -gt 0 ]; then
		ok "$FUZZ_GOV $FUZZ_GOV_A against $FUZZ_GOV_B: $what: pidle-gov-diff exits 3, $n periods decided differently; $(grep -m1 '^    #[0-9]* cpu' "$tmp/diff.out" | sed 's/^ *//'); $(tail -n 1 "$tmp/diff.out" | sed 's/.*cost (identical decisions give identical figures): //')"
	else
		not_ok "$FUZZ_GOV $FUZZ_GOV_A against $FUZZ_GOV_B: $what: pidle-gov-diff exit $rc, '$n' divergent" \
			"$(head -c 300 "$tmp/diff.err")"
	fi
}
largest() {
	l=$(grep 'fuzz_gov: largest divergence' "$1" | tail -n 1 | sed 's/^fuzz_gov: //')
	echo "${l:-none, every input decided alike}"
}

for p in ${FUZZ_GOV_PAIRS:?gov-run.sh: FUZZ_GOV_PAIRS is empty}; do
	IFS=: read -r gov a b <<-EOP
	$p
	EOP
	name=fuzz_gov-$gov-$a-$b
	log=$tmp/$name.log
	# the seeds: every pair's, and the pair's own when it has some
	# (corpus/fuzz_gov-GOV-A-B: a divergence the shared seeds do not
	# reach in a bounded run, kept from the other pairs, whose finds
	# they would turn into seeds)
	seeds=$here/corpus/fuzz_gov
	[ ! -d "$here/corpus/$name" ] || seeds="$seeds $here/corpus/$name"
	export FUZZ_GOV=$gov FUZZ_GOV_A=$a FUZZ_GOV_B=$b
	case $mode in
	check|verdict)
		mkdir "$tmp/$name"
		rm -f "$gdir/largest-$gov-$a-$b.trace"
		FUZZ_GOV_LARGEST=$gdir/largest-$gov-$a-$b.trace \
		"$bin" $common -max_len=4096 -runs="$FUZZ_RUNS" -seed=1 -use_cmp=0 \
			-use_memmem=0 -reload=0 -artifact_prefix="$out/crashes/$name-" \
			"$tmp/$name" $seeds > "$log" 2>&1
		;;
	fuzz)
		corpus=$out/corpus/$name
		mkdir -p "$corpus"
		for d in $seeds; do cp -n "$d"/* "$corpus"/; done
		if [ -n "${FUZZ_RUNS:-}" ]; then
			limit="-runs=$FUZZ_RUNS"
		else
			limit="-max_total_time=${FUZZ_SECONDS:-60}"
		fi
		echo "== $name: $limit, corpus $corpus"
		FUZZ_GOV_LARGEST=$gdir/largest-$gov-$a-$b.trace \
		"$bin" $common -max_len=65536 $limit \
			-artifact_prefix="$out/crashes/$name-" "$corpus" > "$log" 2>&1
		;;
	*)
		echo "usage: gov-run.sh check|fuzz|verdict FUZZ_GOV_BINARY" >&2
		exit 2
		;;
	esac
	if [ $? -eq 0 ]; then
		ok "$name: $(sed -n 's/^#\([0-9]*\)[[:space:]]*DONE.*/\1 inputs/p' "$log" | tail -n 1), no invariant broken; largest divergence: $(largest "$log")"
	else
		not_ok "$name: an invariant broken" "$(grep -m1 -E '^fuzz: |runtime error|ERROR: (AddressSanitizer|LeakSanitizer)' "$log")" \
			"$(sed -n "s|.*Test unit written to \(.*\)|replay: FUZZ_GOV=$gov FUZZ_GOV_A=$a FUZZ_GOV_B=$b $bin \1|p" "$log")"
		tail -n 30 "$log" | sed 's/^/# /'
	fi
	# make fuzz: the largest divergence's trace, minimized and shown;
	# check's $FUZZ_GOV_REPRODUCE: that trace shown as it is. In check,
	# that is what the fuzzer's verdict on a new version rests on: a
	# divergence it reports must be one pidle-gov-diff, another program
	# on the same governors, finds in the reproducer too.
	want=
	case " ${FUZZ_GOV_REPRODUCE:-} " in *" $p "*) want=1 ;; esac
	if [ "$mode" = fuzz ] && [ -s "$gdir/largest-$gov-$a-$b.trace" ]; then
		echo "   the largest divergence's trace: $gdir/largest-$gov-$a-$b.trace"
		reproduce "$gdir/largest-$gov-$a-$b.trace" \
			"$gdir/min-$gov-$a-$b.trace" "$log"
	elif [ "$mode" = verdict ] && [ -s "$gdir/largest-$gov-$a-$b.trace" ]; then
		reproduce "$gdir/largest-$gov-$a-$b.trace" \
			"$gdir/verdict-$gov-$a-$b.trace" "$log" \
			$([ "${FUZZ_GOV_MINIMIZE:-}" = 1 ] || echo as-is)
	elif [ -n "$want" ]; then
		if [ -s "$gdir/largest-$gov-$a-$b.trace" ]; then
			reproduce "$gdir/largest-$gov-$a-$b.trace" \
				"$gdir/repro-$gov-$a-$b.trace" "$log" as-is
		else
			# the pair's versions are known to decide differently
			# (each has a seed they part on): none found means the
			# versions built are not the ones meant, or the fuzzer
			# no longer replays the seeds
			not_ok "$gov $a against $b: no divergence in $(sed -n 's/^#\([0-9]*\)[[:space:]]*DONE.*/\1/p' "$log" | tail -n 1) inputs, where the versions are known to part" \
				"$(grep -m1 '^fuzz_gov: ' "$log")"
		fi
	fi
done

# The broken teo: found, minimized, replayed by pidle-gov-diff.
if [ "$mode" = check ]; then
	export FUZZ_GOV=teo FUZZ_GOV_A=6.12 FUZZ_GOV_B=teo-bin-off-by-one
	mkdir "$tmp/broken"
	FUZZ_GOV_DIVERGE=crash "$bin" $common -max_len=4096 -runs="$FUZZ_GOV_FIND_RUNS" -seed=1 -use_cmp=0 \
		-use_memmem=0 -reload=0 -artifact_prefix="$tmp/broken-" \
		"$tmp/broken" "$here/corpus/fuzz_gov" > "$tmp/find.log" 2>&1
	found=$(sed -n 's/^fuzz_gov: divergence at input \([0-9]*\):.*/\1/p' "$tmp/find.log")
	crash=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$tmp/find.log")
	if [ -n "$found" ] && [ -f "$crash" ]; then
		ok "teo-bin-off-by-one against 6.12: found at input $found of at most $FUZZ_GOV_FIND_RUNS: $(grep -m1 '^fuzz_gov: divergence' "$tmp/find.log" | sed 's/.*: \([0-9]* of [0-9]* periods\)/\1/')"
		reproduce "$crash" "$gdir/teo-bin-off-by-one.trace" "$tmp/find.log"
	else
		not_ok "teo-bin-off-by-one against 6.12: not found in $FUZZ_GOV_FIND_RUNS inputs" \
			"$(grep -m1 -E '^fuzz: |runtime error|ERROR:' "$tmp/find.log")"
	fi
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
