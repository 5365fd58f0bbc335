#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run the libFuzzer targets (tests/fuzz/README).
#
# Usage: run.sh fuzz|check BINARY...
#   fuzz   each target for $FUZZ_SECONDS seconds, or $FUZZ_RUNS inputs when
#          set, on build/fuzz/corpus/TARGET (new inputs are kept there; the
#          seeds of tests/fuzz/corpus/TARGET are copied in first). A crash
#          is saved as build/fuzz/crashes/TARGET-crash-*.
#   check  each seed once (a test each), then $FUZZ_RUNS inputs from
#          -seed=1 on a scratch corpus (a test per target): the same inputs
#          on every run, since what varies from run to run is off (mutation
#          from comparison operands, which include heap addresses, and the
#          once-a-second corpus reload). Prints "N passed, N failed" last.

set -u
mode=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
build=$(pwd)/build/fuzz
# a target's own dictionary (TARGET.dict) when it has one
common_flags="-max_len=4096 -print_final_stats=1"
pass=0
fail=0

mkdir -p "$build/crashes"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "#N DONE cov: C ft: F corp: ..." -> "N inputs, cov C, ft F"
summary() {
	sed -n 's/^#\([0-9]*\)[[:space:]]*DONE[[:space:]]*cov: \([0-9]*\) ft: \([0-9]*\) corp: \([0-9]*\).*/\1 inputs, cov \2, ft \3, corpus \4/p' "$1" | tail -n 1
}

# The file a crash was saved to, and the first line saying why.
crash_report() {
	sed -n 's/.*Test unit written to \(.*\)/\1/p' "$1" | tail -n 1
	grep -m 1 -E '^fuzz: |runtime error|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)' "$1"
}

# Each seed on its own, so a failure names its input.
check_seeds() {
	bin=$1 t=$2
	for f in "$here/corpus/$t"/*; do
		if "$bin" "$f" > "$tmp/seed.log" 2>&1; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "not ok $t seed $(basename "$f"): $(crash_report "$tmp/seed.log" | tail -n 1)"
		fi
	done
}

for bin in "$@"; do
	t=$(basename "$bin")
	log=$tmp/$t.log
	dict=$here/$t.dict
	[ -e "$dict" ] || dict=$here/pidle.dict
	common="-dict=$dict $common_flags"
	case $mode in
	fuzz)
		corpus=$build/corpus/$t
		mkdir -p "$corpus"
		cp -n "$here/corpus/$t"/* "$corpus"/
		if [ -n "${FUZZ_RUNS:-}" ]; then
			limit="-runs=$FUZZ_RUNS"
		else
			limit="-max_total_time=${FUZZ_SECONDS:-60}"
		fi
		echo "== $t: $limit, corpus $corpus"
		"$bin" $common $limit -artifact_prefix="$build/crashes/$t-" \
			"$corpus" > "$log" 2>&1
		rc=$?
		;;
	check)
		check_seeds "$bin" "$t"
		mkdir "$tmp/$t"
		"$bin" $common -runs="$FUZZ_RUNS" -seed=1 \
			-use_cmp=0 -use_memmem=0 -reload=0 \
			-artifact_prefix="$build/crashes/$t-" \
			"$tmp/$t" "$here/corpus/$t" > "$log" 2>&1
		rc=$?
		;;
	*)
		echo "usage: run.sh fuzz|check BINARY..." >&2
		exit 2
		;;
	esac
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1))
		echo "ok $t: $(summary "$log")"
	else
		fail=$((fail + 1))
		echo "not ok $t: crashed after $(sed -n 's/^#\([0-9]*\).*/\1/p' "$log" | tail -n 1) inputs"
		crash_report "$log" | sed 's/^/# /'
		echo "# replay: $bin <that file>; full log below"
		sed 's/^/# /' "$log" | tail -n 40
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
