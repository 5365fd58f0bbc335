#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# pidle-gov-diff's tests (host only, about a minute: each version is
# built once, then cached by the hash of its sources), run by
# tests/replay/run.sh (make check-replay) or alone:
#   tests/replay/versions/run.sh [BUILD]
# Inputs of this folder: teo-bin-off-by-one.patch, a teo broken on
# purpose (its bin search stops one state short), teo-refactor.patch, a
# change of no decision (a comment), and sleeplen.c, an
# out-of-tree governor (the deepest state the sleep length fits). The
# example's patch is ab/examples/teo-intercepts-quarter.patch; the
# shipped versions are tools/replay/versions/ (mainline's teo tick-wakeup
# rework backported to 6.12). Prints its own "N passed, N failed".
set -u
BUILD=${1:-build}
D=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$D/../../.." && pwd)
cd "$TOP" || exit 1
DIFF=tools/replay/pidle-gov-diff
R=tests/replay
QUARTER=ab/examples/teo-intercepts-quarter.patch
OFF=tests/replay/versions/teo-bin-off-by-one.patch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1: $2"; }

PC6='POLL:0:0:cpu:4000,C1:2:2:cpu:1500:5,C6:100:400:cpu:200:500,PC6:133:600:package:1000:3000'
TABLE=(-s "$PC6" --topology package=0-1 --power cpu:4000,package:6000)

# gd NAME ARGS...: pidle-gov-diff into $tmp/NAME.out/.err, its exit in $tmp/NAME.rc
gd() {
	local name=$1
	shift
	"$DIFF" -b "$BUILD" "$@" > "$tmp/$name.out" 2> "$tmp/$name.err"
	echo $? > "$tmp/$name.rc"
}
rc() { cat "$tmp/$1.rc"; }
# divergent NAME [PAIR]: the count of periods decided differently, A against PAIR (B)
divergent() {
	sed -n "s/^divergence, A against ${2:-B}: \([0-9]*\) of .*/\1/p" "$tmp/$1.out"
}

# expect_error DESC STATUS PATTERN -- ARGS: exits STATUS, one line on
# stderr with PATTERN, nothing on stdout
expect_error() {
	local desc=$1 want=$2 pat=$3
	shift 4
	gd err "$@"
	if [ "$(rc err)" != "$want" ]; then
		not_ok "$desc" "exit $(rc err), want $want ($(head -c 300 "$tmp/err.err"))"
	elif ! grep -q -- "$pat" "$tmp/err.err"; then
		not_ok "$desc" "message '$(cat "$tmp/err.err")' lacks '$pat'"
	elif [ "$(wc -l < "$tmp/err.err")" -ne 1 ] || [ -s "$tmp/err.out" ]; then
		not_ok "$desc" "not one line on stderr alone: $(head -c 300 "$tmp/err.err") / $(head -c 200 "$tmp/err.out")"
	else
		ok "$desc: $(cat "$tmp/err.err")"
	fi
}

# 1. A/A: the same version twice is an exact "same"
gd aa -g teo "${TABLE[@]}" $R/guest-teo.trace base base
if [ "$(rc aa)" = 0 ] && [ "$(divergent aa)" = 0 ] &&
   grep -q '^B: same as A (no period decided differently, every figure equal)$' "$tmp/aa.out"; then
	ok "base against base (teo, guest-teo.trace): 0 of $(sed -n 's/.*trace, \([0-9]*\) periods.*/\1/p' "$tmp/aa.out") periods divergent, exit 0, 'same'"
else
	not_ok "base against base" "exit $(rc aa): $(head -c 400 "$tmp/aa.err" "$tmp/aa.out")"
fi
# every figure's difference is zero
if awk '/^figure/ { t = 1; next } t && NF == 0 { exit } t && $NF !~ /^\+0(\.0+)?$/ { bad = 1 } END { exit bad }' "$tmp/aa.out"; then
	ok "base against base: every figure's B-A is +0"
else
	not_ok "base against base: B-A" "$(sed -n '/^figure/,/^$/p' "$tmp/aa.out" | head -20)"
fi

# a change that changes no decision: another version, still "same"
gd refactor -g teo "${TABLE[@]}" $R/guest-teo.trace base patch:tests/replay/versions/teo-refactor.patch
keys=$(sed -n 's/^  [AB]: .* key \([0-9a-f]*\): .*/\1/p' "$tmp/refactor.out" | sort -u | wc -l)
if [ "$(rc refactor)" = 0 ] && [ "$(divergent refactor)" = 0 ] && [ "$keys" = 2 ]; then
	ok "teo-refactor.patch (a comment): two keys, 0 divergent periods, exit 0, 'same'"
else
	not_ok "teo-refactor.patch" "exit $(rc refactor), $keys keys: $(head -c 400 "$tmp/refactor.err" "$tmp/refactor.out")"
fi

# 2. the cache: a version is its sources' hash; the unpacked shipped
# tree is the same sources as base, so the same key and program
src=$(scripts/kernel-src 6.12 drivers/cpuidle)
k1=$(scripts/gov-version -b "$BUILD" base | cut -f1)
k2=$(scripts/gov-version -b "$BUILD" "tree:$src" | cut -f1)
# (the governors' objects stay; the program is relinked only when the
# replay's own objects changed)
bin=$BUILD/versions/$k1/pidle-replay
gobj=$BUILD/versions/$k1/o/teo.o
m1=$(stat -c %.9Y "$gobj" 2>/dev/null)
scripts/gov-version -b "$BUILD" base > /dev/null
m2=$(stat -c %.9Y "$gobj" 2>/dev/null)
if [ -n "$k1" ] && [ "$k1" = "$k2" ] && [ -x "$bin" ] && [ -n "$m1" ] && [ "$m1" = "$m2" ]; then
	ok "base and tree:$src are one version ($k1), its governors compiled once"
else
	not_ok "the cache by content" "base $k1, tree $k2, $gobj $m1 then $m2"
fi
# source:VER names a Debian linux-source by its version: source:6.12 is
# base, and the line says which package it was
if out=$(scripts/gov-version -b "$BUILD" source:6.12 2>&1) &&
   [ "$(echo "$out" | cut -f1)" = "$k1" ] &&
   echo "$out" | cut -f3 | grep -q '^linux-source-6\.12 6\.12\.'; then
	ok "source:6.12 is base ($k1): $(echo "$out" | cut -f3)"
else
	not_ok "source:6.12" "want base's key $k1 and its package: $out"
fi

# 3. the example's patch: divergent periods, the same bytes twice
gd quarter -g teo "${TABLE[@]}" $R/guest-teo.trace base "patch:$QUARTER"
gd quarter2 -g teo "${TABLE[@]}" $R/guest-teo.trace base "patch:$QUARTER"
n=$(divergent quarter)
if [ "$(rc quarter)" = 3 ] && [ -n "$n" ] && [ "$n" -gt 0 ] &&
   grep -q "^  B: patch:$QUARTER (teo), key [0-9a-f]\{16\}: linux-source-6.12 .* + $QUARTER$" "$tmp/quarter.out"; then
	ok "teo-intercepts-quarter (guest-teo.trace): $n divergent periods, exit 3, the version named with its key"
else
	not_ok "teo-intercepts-quarter" "exit $(rc quarter), $n divergent: $(head -c 400 "$tmp/quarter.err")"
fi
if cmp -s "$tmp/quarter.out" "$tmp/quarter2.out"; then
	ok "teo-intercepts-quarter: a rerun is byte-identical ($(wc -c < "$tmp/quarter.out") bytes)"
else
	not_ok "rerun" "exit $(rc quarter2) $(head -c 300 "$tmp/quarter2.err"); $(diff "$tmp/quarter.out" "$tmp/quarter2.out" | head -5)"
fi
# the matrix: its off-diagonal cells sum to the divergent periods, all
# cells to the periods
if awk -v n="$n" '/^    A \\ B/ { m = 1; next }
	m && /^    [A-Za-z]/ { for (j = 2; j <= NF; j++) { tot += $j; if (j - 2 != r) off += $j } r++; next }
	m { m = 0 }
	/^pidle-gov-diff: trace/ { sub(/.*trace, /, ""); periods = $1 + 0 }
	END { exit !(off == n && tot == periods && r > 0) }' "$tmp/quarter.out"; then
	ok "teo-intercepts-quarter: the matrix's off-diagonal cells sum to the $n divergent periods"
else
	not_ok "matrix" "$(sed -n '/A \\ B/,/^  the first/p' "$tmp/quarter.out")"
fi
# the first divergent period, shown with its context
first=$(grep -m1 '^    #[0-9]* cpu [0-9]* at ' "$tmp/quarter.out")
if [[ $first =~ A\ [A-Z0-9]+,\ B\ [A-Z0-9]+\;\ sleep\ length\ [0-9.]+\ us ]] &&
   grep -A1 -m1 '^    #[0-9]* cpu' "$tmp/quarter.out" | grep -q '^      before: #'; then
	ok "teo-intercepts-quarter: first divergent period with sleep length and history: ${first# *}"
else
	not_ok "first divergent period" "'$first'"
fi
# the cost line carries the figures' differences
de=$(awk '$1 == "energy" && $2 == "J" { print $NF }' "$tmp/quarter.out")
if grep -q "^B: differs from A; .*energy $de J" "$tmp/quarter.out"; then
	ok "teo-intercepts-quarter: the divergence's cost is the table's difference (energy $de J)"
else
	not_ok "cost" "energy $de: $(tail -n 1 "$tmp/quarter.out")"
fi
# --json: the same figures and divergence, for a program
gd quarterj -J -g teo "${TABLE[@]}" $R/guest-teo.trace base "patch:$QUARTER"
if [ "$(rc quarterj)" = 3 ] && jq -e --argjson n "$n" '.same == false and (.versions | map(.label)) == ["A", "B"]
	and .divergence[0].divergent == $n and .divergence[0].against == "B"
	and ([.divergence[0].matrix | to_entries[] | .key as $i | .value | to_entries[] | select(.key != $i) | .value] | add) == $n
	and (.divergence[0].first | length) == ([$n, 5] | min)
	and (.figures[] | select(.figure == "idles") | .values) == [264, 264]' "$tmp/quarterj.out" > /dev/null; then
	ok "teo-intercepts-quarter --json: the same $n divergent periods, its matrix and first periods"
else
	not_ok "--json" "exit $(rc quarterj): $(head -c 400 "$tmp/quarterj.err" "$tmp/quarterj.out")"
fi

# the other shipped traces replay too; three versions in one run
gd menu3 -g teo "${TABLE[@]}" $R/guest-menu.trace base "patch:$QUARTER" "patch:$OFF"
if [ "$(rc menu3)" = 3 ] && [ -n "$(divergent menu3 C)" ] && grep -q '^figure  *A  *B  *C  *B-A  *C-A$' "$tmp/menu3.out"; then
	ok "three versions on guest-menu.trace: columns A B C B-A C-A; B $(divergent menu3) and C $(divergent menu3 C) divergent periods"
else
	not_ok "three versions" "exit $(rc menu3): $(head -c 400 "$tmp/menu3.err" "$tmp/menu3.out")"
fi

# the page's example is what the command prints
EX=Documentation/pidle-replay-versions.example
tests/replay/versions/example.sh "$BUILD" > "$tmp/example" 2>&1
if diff -u "$EX" "$tmp/example" > "$tmp/example.diff"; then
	ok "$EX is what tests/replay/versions/example.sh prints ($(wc -l < "$EX") lines)"
else
	not_ok "$EX" "stale, make docs-versions-example: $(head -c 600 "$tmp/example.diff")"
fi

# 4. the broken teo is found, with its first divergent period
gd off -g teo "${TABLE[@]}" $R/guest-teo.trace base "patch:$OFF"
n=$(divergent off)
first=$(grep -m1 '^    #[0-9]* cpu [0-9]* at ' "$tmp/off.out")
if [ "$(rc off)" = 3 ] && [ -n "$n" ] && [ "$n" -gt 0 ] && [ -n "$first" ]; then
	ok "teo with an off-by-one bin search found: $n divergent periods, the first ${first# *}"
else
	not_ok "off-by-one teo" "exit $(rc off), $n divergent: $(head -c 400 "$tmp/off.err")"
fi

# 5. mainline's teo tick-wakeup rework backported to 6.12 (a shipped
# version, tools/replay/versions/): it builds and replays every shipped
# trace; on the guests' table (PC6 600 us, under the 4 ms tick) it
# decides every period as 6.12 does; with PC6 at 5 ms its divergence on
# guest-ladder.trace is what the page's checked figure shows, every
# divergent period a shallower choice, and a rerun prints the same bytes
TICKW=tools/replay/versions/teo-tick-wakeups-6.19.patch
PAGE=Documentation/pidle-replay-versions.rst
PC6_5MS='POLL:0:0:cpu:4000,C1:2:2:cpu:1500:5,C6:100:400:cpu:200:500,PC6:133:5000:package:1000:3000'
bad=
for t in guest-teo guest-menu guest-ladder guest-osi-menu synthetic; do
	gd "tickw-$t" -g teo "${TABLE[@]}" "$R/$t.trace" base "patch:$TICKW"
	if [ "$(rc "tickw-$t")" != 0 ] || [ "$(divergent "tickw-$t")" != 0 ] ||
	   ! grep -q "^  B: patch:$TICKW (teo), key [0-9a-f]\{16\}: linux-source-6.12 .* + $TICKW$" "$tmp/tickw-$t.out"; then
		bad="$bad $t.trace (exit $(rc "tickw-$t"): $(head -c 200 "$tmp/tickw-$t.err"))"
	fi
done
if [ -z "$bad" ]; then
	ok "teo-tick-wakeups-6.19.patch builds and replays the five shipped traces, the same as 6.12 on the guests' table"
else
	not_ok "teo-tick-wakeups-6.19.patch on the recorded table" "$bad"
fi
TABLE5=(-s "$PC6_5MS" --topology package=0-1 --power cpu:4000,package:6000)
gd tickw "${TABLE5[@]}" -g teo $R/guest-ladder.trace base "patch:$TICKW"
gd tickw2 "${TABLE5[@]}" -g teo $R/guest-ladder.trace base "patch:$TICKW"
n=$(divergent tickw)
# the page's figure: the block after the '.. figures:' line of this run
paged=$(awk -v p="patch:$TICKW" 'index($0, ".. figures: ") == 1 && index($0, "PC6:133:5000") && index($0, p) { f = 1; next }
	f && /^    divergence, A against B: / { sub(/^    divergence, A against B: /, ""); print $1; exit }' "$PAGE")
if [ "$(rc tickw)" = 3 ] && [ -n "$n" ] && [ "$n" -gt 0 ] && [ "$n" = "$paged" ]; then
	ok "teo-tick-wakeups-6.19.patch, PC6 at 5 ms (guest-ladder.trace): $n divergent periods, as $PAGE shows"
else
	not_ok "teo-tick-wakeups-6.19.patch, PC6 at 5 ms" "exit $(rc tickw), $n divergent, the page $paged: $(head -c 300 "$tmp/tickw.err")"
fi
# shallower first: the first divergent period listed has B's state
# before A's in the table; and deeper and shallower as the page counts them
paged_dir=$(awk -v p="patch:$TICKW" 'index($0, ".. figures: ") == 1 && index($0, "PC6:133:5000") && index($0, p) { f = 1; next }
	f && /^      B chose a deeper state in / { sub(/^      /, ""); print; exit }' "$PAGE")
if awk '/^    A \\ B/ { for (j = 4; j <= NF; j++) idx[$j] = j - 4 }
	/^    #[0-9]* cpu [0-9]* at / { a = $8; b = $10; sub(/,$/, "", a); sub(/;$/, "", b)
		ok = (a in idx) && (b in idx) && idx[b] < idx[a]; exit }
	END { exit !ok }' "$tmp/tickw.out" &&
   [ -n "$paged_dir" ] && grep -qxF "  $paged_dir" "$tmp/tickw.out"; then
	ok "teo-tick-wakeups-6.19.patch, PC6 at 5 ms: the first divergent period chose a shallower state; $paged_dir, as $PAGE shows"
else
	not_ok "teo-tick-wakeups-6.19.patch: shallower first" "page '$paged_dir'; $(sed -n '/^  B chose/p; /A \\ B/,/^  the first/p' "$tmp/tickw.out")"
fi
if cmp -s "$tmp/tickw.out" "$tmp/tickw2.out"; then
	ok "teo-tick-wakeups-6.19.patch: a rerun is byte-identical ($(wc -c < "$tmp/tickw.out") bytes)"
else
	not_ok "teo-tick-wakeups-6.19.patch rerun" "$(diff "$tmp/tickw.out" "$tmp/tickw2.out" | head -5)"
fi

# 6. an out-of-tree governor file: registers itself, is replayed; on the
# synthetic trace (exact sleep lengths) it decides as menu does; on a
# real recording teo, which learns from the intercepts, does not
gd oot "${TABLE[@]}" $R/synthetic.trace base "file:$D/sleeplen.c@sleeplen"
gd oot2 "${TABLE[@]}" $R/guest-teo.trace base@teo "file:$D/sleeplen.c@sleeplen"
if [ "$(rc oot)" = 0 ] && [ "$(divergent oot)" = 0 ] && grep -q '^  B: file:.*sleeplen.c (sleeplen), key ' "$tmp/oot.out"; then
	ok "file:sleeplen.c on synthetic.trace: same as menu (0 divergent periods)"
else
	not_ok "sleeplen on synthetic" "exit $(rc oot): $(head -c 400 "$tmp/oot.err" "$tmp/oot.out")"
fi
if [ "$(rc oot2)" = 3 ] && [ "$(divergent oot2)" -gt 0 ] 2>/dev/null; then
	ok "file:sleeplen.c on guest-teo.trace: differs from base@teo ($(divergent oot2) divergent periods)"
else
	not_ok "sleeplen against teo" "exit $(rc oot2): $(head -c 400 "$tmp/oot2.err")"
fi

# 7. bad inputs: one line naming what was wrong
printf -- '--- a/drivers/cpuidle/governors/teo.c\n+++ b/drivers/cpuidle/governors/teo.c\n@@ -10,3 +10,3 @@\n-no such line\n+x\n context\n' > "$tmp/bad.patch"
expect_error "a patch that does not apply" 2 "version 'patch:$tmp/bad.patch': $tmp/bad.patch: does not apply to linux-source-6.12's drivers/cpuidle/governors: Hunk #1 FAILED" -- \
	-g teo "${TABLE[@]}" $R/guest-teo.trace base "patch:$tmp/bad.patch"
expect_error "a missing patch file" 2 "version 'patch:$tmp/none.patch': $tmp/none.patch: no such patch file" -- \
	-g teo "${TABLE[@]}" $R/guest-teo.trace base "patch:$tmp/none.patch"
expect_error "a missing governor file" 2 "$tmp/none.c: no such file" -- \
	"${TABLE[@]}" $R/guest-teo.trace base "file:$tmp/none.c"
echo 'int x;' > "$tmp/nogov.c"
expect_error "a file that registers no governor" 2 "nogov.c: registers no governor" -- \
	"${TABLE[@]}" $R/guest-teo.trace base "file:$tmp/nogov.c"
printf '#include <linux/cpuidle.h>\nint f(void) { return cpuidle_register_governor(nosuch); }\n' > "$tmp/broken.c"
expect_error "a governor file that does not compile" 2 "broken.c:2:[0-9]*: error: .nosuch. undeclared .*build.log)" -- \
	"${TABLE[@]}" $R/guest-teo.trace base "file:$tmp/broken.c"
expect_error "a tree without governors" 2 "$tmp/drivers/cpuidle/governors/menu.c: no such file" -- \
	"${TABLE[@]}" $R/guest-teo.trace base "tree:$tmp"
expect_error "an unknown governor" 2 "version 'base' (nosuch): .*'nosuch'" -- \
	-g nosuch "${TABLE[@]}" $R/guest-teo.trace base base
expect_error "a governor one version lacks" 2 "sleeplen.c' (teo): .*'teo'" -- \
	-g teo "${TABLE[@]}" $R/guest-teo.trace base "file:$D/sleeplen.c"
expect_error "a missing trace" 2 "$tmp/none.trace: no such trace file" -- \
	-g teo "${TABLE[@]}" "$tmp/none.trace" base base
expect_error "a version of no kind" 2 "'svn:1': not a version (base, patch:FILE, tree:DIR, source:VER, file:FILE.c)" -- \
	-g teo "${TABLE[@]}" $R/guest-teo.trace base svn:1
expect_error "one version" 1 "1 version(s) given: two or more are compared" -- \
	-g teo "${TABLE[@]}" $R/guest-teo.trace base
expect_error "a table the trace does not fit" 2 "version 'base' (teo): .*states.*package" -- \
	-g teo -s "$PC6" $R/guest-teo.trace base base

# pidle-corpus-diff: the corpus under two versions, the developers' table
CD=tools/replay/pidle-corpus-diff
$CD --match '^skx-(ring4|idle)$' base base > "$tmp/cd-same.out" 2> "$tmp/cd-same.err"; st=$?
if [ $st -eq 0 ] && [ "$(grep -c '^skx-\(ring4\|idle\) ' "$tmp/cd-same.out")" = 4 ] &&
   [ "$(awk '$1 ~ /^skx-/ && $2 == "B" { print $NF }' "$tmp/cd-same.out" | sort -u)" = "$(printf '0/198\n0/2264')" ] &&
   [ "$(awk '$1 == "skx-ring4" { $2 = $NF = ""; print }' "$tmp/cd-same.out" | sort -u | wc -l)" = 1 ]; then
	ok "corpus diff: base against base on ring4 and idle: exit 0, every row as A's, 0 periods diverged"
else
	not_ok "corpus diff: base against base" "exit $st: $(cat "$tmp/cd-same.err" "$tmp/cd-same.out" | head -n 8)"
fi
$CD --match '^skx-ring4$' base "patch:$QUARTER" > "$tmp/cd-q.out" 2> "$tmp/cd-q.err"; st=$?
xz -dc $R/corpus/skx-ring4.trace.xz > "$tmp/ring4.trace"
I=$R/corpus/skx-ring4.info
own=$(tools/replay/pidle-gov-diff -g teo -s "$(sed -n 's/^states //p' $I)" -T "$(sed -n 's/^topology //p' $I)" \
	--power "$(sed -n 's/^power //p' $I)" "$tmp/ring4.trace" base "patch:$QUARTER" |
	sed -n 's/^divergence, A against B: \([0-9]*\) of \([0-9]*\) periods.*/\1\/\2/p')
got=$(awk '$1 == "skx-ring4" && $2 == "B" { print $NF }' "$tmp/cd-q.out")
if [ $st -eq 3 ] && [ -n "$own" ] && [ "$got" = "$own" ] && [ "${own%/*}" -gt 0 ] &&
   grep -q "^B: patch:$QUARTER (teo)" "$tmp/cd-q.out"; then
	ok "corpus diff: the example's patch on ring4: exit 3, $got periods diverged, as pidle-gov-diff counts them on the trace"
else
	not_ok "corpus diff: the example's patch on ring4" "exit $st, row '$got', pidle-gov-diff '$own': $(head -n 5 "$tmp/cd-q.err")"
fi
$CD --match '^skx-ring4$' base "patch:$QUARTER" > "$tmp/cd-q2.out" 2>&1
cmp -s "$tmp/cd-q.out" "$tmp/cd-q2.out" && ok "corpus diff: a rerun prints the same bytes" ||
	not_ok "corpus diff: a rerun prints the same bytes" "$(diff "$tmp/cd-q.out" "$tmp/cd-q2.out" | head -n 4)"
# an OSI table without powers (sdm845): no energy row, not a crash
$CD --match '^sdm845-idle$' base base > "$tmp/cd-osi.out" 2> "$tmp/cd-osi.err"; st=$?
[ $st -eq 0 ] && [ "$(awk '$1 == "sdm845-idle" { print $(NF - 1) }' "$tmp/cd-osi.out" | sort -u)" = - ] &&
	ok "corpus diff: an OSI recording on a table without powers (sdm845): its rows, J '-'" ||
	not_ok "corpus diff: sdm845 without powers" "exit $st: $(cat "$tmp/cd-osi.err" | tail -n 3)"
cd_error() {	# DESC STATUS PATTERN -- ARGS...
	local desc=$1 want=$2 pat=$3 st
	shift 4
	$CD "$@" > "$tmp/cde.out" 2> "$tmp/cde.err"; st=$?
	[ $st -eq "$want" ] && grep -qE -- "$pat" "$tmp/cde.err" && ok "corpus diff: $desc" ||
		not_ok "corpus diff: $desc" "exit $st, want $want: $(head -n 3 "$tmp/cde.err")"
}
cd_error "one version" 1 "1 version\(s\) given: two or more are compared" -- base
cd_error "a --match nothing matches" 2 "no trace in .* matches 'nosuch'" -- --match nosuch base base
cd_error "a directory without a corpus" 2 "$tmp/none: no corpus there" -- -c "$tmp/none" base base

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
