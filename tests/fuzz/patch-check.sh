#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# patch-check.sh BUILD: tools/replay/pidle-patch-check, the table and the
# fuzzer's verdict on a developer's version in one command (make
# check-fuzz-gov runs it after gov-run.sh check; its fuzzer is a program
# of its own, build/fuzz/gov-yours/fuzz_gov).
#   - the A/B example's teo patch on the sdm845 periodic recordings and
#     500 fuzzer inputs: exit 3, the periods decided differently summed
#     from the table, no invariant broken, a reproducer pidle-gov-diff
#     shows diverging;
#   - the shipped source again (source:6.12, the same governors built
#     apart): exit 0, no period decided differently, none in the fuzzer
#     (-o a relative directory, from another one);
#   - check-fuzz-gov's own program (build/fuzz/fuzz_gov) left as it was;
#   - refusals, each naming what was wrong: an unknown governor, base,
#     no version, a bad -n, @NAME, a patch that does not exist.
# Prints "N passed, N failed" last.
set -u
B=${1:-build}
TOP=$(cd "$(dirname "$0")/../.." && pwd)
PC=$TOP/tools/replay/pidle-patch-check
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# check-fuzz-gov's program, before: pidle-patch-check builds its own
case $B in /*) BD=$B ;; *) BD=$TOP/$B ;; esac
sum0=$(cksum < "$BD/fuzz/fuzz_gov" 2>/dev/null)
ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1: $2"; }

"$PC" --match '^sdm845-hz(211|347)$' -n 500 -o "$tmp/ex" \
	patch:"$TOP/ab/examples/teo-intercepts-quarter.patch" > "$tmp/ex.out" 2>&1
rc=$?
last=$(tail -n 1 "$tmp/ex.out")
# the table's diverged column, summed here again
want=$(awk '$2 == "B" { split($NF, x, "/"); d += x[1]; t += x[2] } END { print d " of " t }' "$tmp/ex/table.txt")
repro=$(echo "$last" | sed -n 's/.*reproducer \([^ ]*\) .*/\1/p')
[ $rc -eq 3 ] && echo "$last" | grep -q "the corpus: $want periods decided differently, in 2 of 2 traces" &&
	echo "$last" | grep -q 'the fuzzer: no invariant broken in 500 inputs, largest divergence: at input [0-9]' &&
	[ -s "$repro" ] && grep -q '^ok teo 6.12 against yours: the reproducer .*pidle-gov-diff exits 3' "$tmp/ex.out" &&
	ok "the example patch: exit 3, $want periods decided differently, no invariant broken, a reproducer pidle-gov-diff shows diverging" ||
	not_ok "the example patch" "exit $rc, want '$want': $last"

# (run from $tmp with -o relative: the make inside runs elsewhere)
(cd "$tmp" && "$PC" --match '^sdm845-hz211$' -n 300 -o same source:6.12) > "$tmp/same.out" 2>&1
rc=$?
last=$(tail -n 1 "$tmp/same.out")
[ $rc -eq 0 ] && echo "$last" | grep -q 'the corpus: 0 of 516 periods decided differently, in 0 of 1 traces' &&
	echo "$last" | grep -q 'no invariant broken in 300 inputs, largest divergence: none, every input decided alike' &&
	[ -s "$tmp/same/table.txt" ] && [ -s "$tmp/same/fuzz.txt" ] &&
	ok "the shipped source again: exit 0, no period decided differently, in the corpus or the fuzzer (-o relative)" ||
	not_ok "the shipped source again" "exit $rc: $last"

sum1=$(cksum < "$BD/fuzz/fuzz_gov" 2>/dev/null)
[ -n "$sum0" ] && [ "$sum0" = "$sum1" ] && [ -x "$BD/fuzz/gov-yours/fuzz_gov" ] &&
	ok "check-fuzz-gov's program $B/fuzz/fuzz_gov left as it was; the versions' own in $B/fuzz/gov-yours" ||
	not_ok "check-fuzz-gov's program left as it was" "cksum '$sum0' before, '$sum1' after; $(ls "$BD/fuzz/gov-yours" 2>&1 | head -c 200)"

# refused DESC STATUS PATTERN -- ARGS...
refused() {
	local desc=$1 want=$2 pat=$3
	shift 4
	"$PC" -o "$tmp/bad" "$@" > "$tmp/bad.out" 2>&1
	local rc=$?
	[ $rc -eq "$want" ] && grep -q -- "$pat" "$tmp/bad.out" && ok "refused: $desc (exit $rc)" ||
		not_ok "refused: $desc" "exit $rc, want $want and '$pat': $(head -c 300 "$tmp/bad.out")"
}
refused "an unknown governor" 1 "-g haltpoll: want menu, teo or ladder" -- -g haltpoll patch:x
refused "base, which is what is compared with" 1 "base: that is what VERSION is compared with" -- base
refused "no version" 1 "0 versions given" --
refused "-n 0" 1 "-n 0: want the fuzzer's inputs" -- -n 0 patch:x
refused "a version's @NAME" 1 "the governor is -g here" -- patch:x@menu
refused "a patch that does not exist" 2 "nosuch.patch" -- --match '^sdm845-hz211$' patch:"$tmp/nosuch.patch"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
