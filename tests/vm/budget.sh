#!/bin/sh
# budget.sh PAIRS: make check-budget. scripts/check-budget on the real
# budget table (tests/vm/README) and make check's real suites (PAIRS,
# from run.sh with VM_LIST=1; the host suites from scripts/check-all),
# then on two doctored tables, which it must refuse: one that lacks a
# suite make check runs (as when a suite is added without its line) and
# one that lists a suite it does not run. Ends with "N passed, N failed".
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
pairs=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
"$TOP/scripts/check-budget" "$TOP/tests/vm/README" "$pairs" "$TOP/scripts/check-all" > "$tmp/real"
st=$?
grep -v 'passed, .* failed$' "$tmp/real"
p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$tmp/real")
set -- ${p:-0 1}
pass=$((pass + $1)) fail=$((fail + $2))
[ $st -eq 0 ] || [ "$2" -gt 0 ] || fail=$((fail + 1))

# refused CASE TABLE WANT: check-budget exits 1 on TABLE and says WANT
refused() {
	if "$TOP/scripts/check-budget" "$2" "$pairs" "$TOP/scripts/check-all" > "$tmp/out"; then
		echo "not ok - $1: check-budget accepted it"; fail=$((fail + 1))
	elif grep -q -- "$3" "$tmp/out"; then
		echo "ok - $1: refused, naming it"; pass=$((pass + 1))
	else
		echo "not ok - $1: refused without '$3': $(grep 'not ok' "$tmp/out")"; fail=$((fail + 1))
	fi
}
first=$(head -n 1 "$pairs")
grep -v "^    ${first%% *} *${first#* } *[0-9]*\$" "$TOP/tests/vm/README" > "$tmp/missing"
refused "a suite added to make check without a budget line" "$tmp/missing" "$first"
sed 's/^Budget$/Budget\n------\n    6.12       no-such-suite         9/; /^Budget$/{n;d}' \
	"$TOP/tests/vm/README" > "$tmp/stale"
refused "a budget line for a suite make check does not run" "$tmp/stale" "6.12 no-such-suite"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
