#!/bin/bash
# make check-scaleout: the scale-out recipes of Documentation/pidle-replay.rst
# and Documentation/experiments.rst, run as the pages write them (each
# block after a ".. scaleout-recipe: NAME" comment, taken from the page
# here: one source), on this machine:
#   slurm     a one-node Slurm this test starts (slurm.sh: munge, slurmctld,
#             slurmd, state and logs in a temporary directory): the replay
#             sweep's array (tests/replay/sweep.exp, 12 cells) and an
#             experiment's (tiny.exp, three repeats: 3 jobs, the host
#             tests' stand-in guest, tests/experiments/fake-boot.sh);
#   parallel  GNU parallel over ssh to an sshd this test starts on
#             127.0.0.1 with a key made for it (sshd.sh), the same cells;
#   each merged result byte for byte the same as the same cells run here
#             with -j 1 (the replay's CSV but for periods_per_s, its speed:
#             the replay has no option to leave it out);
#   failures  under Slurm: a failed and a cancelled (scancel) cell or job
#             are left failed and cancelled, merge refuses them, the same
#             recipe again runs only them, then the result is the local one;
#             cells or jobs of two versions (another build of pidle-replay,
#             another experiments/ tree) are refused by merge, not mixed.
# Root (slurmd starts jobs as their user). The recipes run in a copy of
# the tree, $T/tree, so that an edit elsewhere cannot change a version in
# the middle of the test. Every daemon is stopped on any exit.
# Missing packages are installed (scripts/deps extra, root) or named.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$TOP/tests/scaleout
BUILD=${1:-$TOP/build}
PASS=0 FAIL=0
ok() { echo "ok - $1"; PASS=$((PASS + 1)); }
nok() { echo "not ok - $1: $2"; FAIL=$((FAIL + 1)); }
check() { if [ -z "$2" ]; then ok "$1"; else nok "$1" "$2"; fi; }
# show FILE: its last lines, as comments (a recipe's output, when it failed)
show() { tail -n 15 "$1" 2>/dev/null | sed 's/^/#   /'; }
finish() { echo "$PASS passed, $FAIL failed"; [ "$FAIL" = 0 ]; exit $?; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

PKGS="munge slurmctld slurmd slurm-client parallel openssh-server openssh-client rsync"
if ! "$TOP/scripts/deps" extra $PKGS > /dev/null; then
	nok "packages" "missing; as root: scripts/deps extra $PKGS"
	finish
fi
[ "$(id -u)" = 0 ] || { nok "root" "slurmd must run as root (it starts jobs as their user)"; finish; }
[ -x "$BUILD/pidle-replay" ] || { nok "build" "no $BUILD/pidle-replay (make tools)"; finish; }

. "$HERE/slurm.sh"
. "$HERE/sshd.sh"
T=$(mktemp -d /tmp/pidle-scaleout.XXXXXX)
cleanup() {
	[ -n "${bgpid:-}" ] && kill "$bgpid" 2>/dev/null
	slurm_stop "$T/slurm"
	sshd_stop "$T/ssh"
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# daemon_logs: printed once, when a test failed
logs_shown=
daemon_logs() {
	[ -n "$logs_shown" ] && return
	logs_shown=1
	slurm_logs "$T/slurm"
	sshd_logs "$T/ssh"
}

# recipe PAGE NAME: the literal block after ".. scaleout-recipe: NAME" in
# Documentation/PAGE.rst (the first "::" paragraph after it), unindented
recipe() {
	awk -v name="$2" '
		$0 ~ "^\\.\\. scaleout-recipe: " name "( |$)" { found = 1; next }
		found == 1 && /::$/ { found = 2; next }
		found == 2 && /^$/ { if (n) blank++; next }
		found == 2 && /^    / { while (blank) { print ""; blank-- } sub(/^    /, ""); print; n++; next }
		found == 2 && n { exit }
		END { if (!n) exit 1 }' "$TOP/Documentation/$1.rst"
}
for r in pidle-replay:replay-parallel pidle-replay:replay-slurm experiments:exp-parallel experiments:exp-slurm; do
	if ! recipe "${r%%:*}" "${r#*:}" > "$T/${r#*:}.sh"; then
		nok "recipe ${r#*:}" "no '.. scaleout-recipe: ${r#*:}' block in Documentation/${r%%:*}.rst"
		finish
	fi
done
# run_recipe NAME DIR: the block, in the tree, as a user would type it
# (bash -e: it stops at the first command that fails); output in $T/NAME-DIR.out
run_recipe() {
	(cd "$T/tree" && DIR=$2 EXP=$EXP HOSTS=$HOSTS bash -e "$T/$1.sh") > "$T/$1-$2.out" 2>&1
	local st=$?
	[ $st = 0 ] || [ -n "${expect_fail:-}" ] || { echo "# recipe $1 (DIR=$2) exit $st:"; show "$T/$1-$2.out"; }
	return $st
}

# The tree: what the recipes use, copied
mkdir -p "$T/tree/build" "$T/tree/tools/replay" "$T/tree/tests" "$T/faults"
cp -a "$TOP/experiments" "$TOP/harness" "$TOP/ab" "$T/tree/"
cp -a "$TOP/tests/experiments" "$T/tree/tests/"
cp "$TOP/tools/replay/pidle-replay-cells" "$T/tree/tools/replay/"
cp "$BUILD/pidle-replay" "$T/tree/build/"
[ -x "$BUILD/pidle-topo" ] && cp "$BUILD/pidle-topo" "$T/tree/build/"	# run.sh checks the tables with it
cp "$TOP/tests/replay/sweep.exp" "$T/tree/sweep.exp"
cp "$TOP/tests/replay/guest-menu.trace" "$T/tree/workload.trace"
EXP=tiny3.exp
sed 's/^repeats = 1/repeats = 3/' "$TOP/experiments/tiny.exp" > "$T/tree/$EXP"
# The program and the guest, behind a door for faults: $FAULTS/fail-K
# fails cell K, hang-K holds it (hanging-K says it started); -K is the
# cell number or the experiment's job name. Each call is logged.
cat > "$T/tree/replay" <<'EOF'
#!/bin/bash
k= prev=
for a; do [ "$prev" = --cell ] && k=$a; prev=$a; done
if [ -n "$k" ]; then
	echo "$k" >> "$FAULTS/replay-calls"
	[ -e "$FAULTS/fail-$k" ] && { echo "pidle-replay: injected failure" >&2; exit 2; }
	[ -e "$FAULTS/hang-$k" ] && { touch "$FAULTS/hanging-$k"; sleep 120; }
fi
exec "$(dirname "$0")/build/pidle-replay" "$@"
EOF
cat > "$T/tree/boot" <<'EOF'
#!/bin/bash
job=$(basename "$1")
[ -e "$FAULTS/hang-$job" ] && { touch "$FAULTS/hanging-$job"; sleep 120; }
[ -e "$FAULTS/fail-$job" ] && export FAKE_STOP_AFTER=0
exec "$(dirname "$0")/tests/experiments/fake-boot.sh" "$@"
EOF
chmod +x "$T/tree/replay" "$T/tree/boot"
export FAULTS=$T/faults PIDLE_REPLAY=$T/tree/replay PIDLE_EXP_BOOT=$T/tree/boot FAKE_CALLS=$T/faults/exp-calls
HOSTS=

# dropcol COLUMN: the CSV on stdin without that column (by its header)
dropcol() {
	awk -F, -v OFS=, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) d = i }
		{ out = ""; for (i = 1; i <= NF; i++) if (i != d) out = out (out == "" && i == 1 ? "" : OFS) $i; print out }'
}
# same_replay CSV: why= when it differs from the local run's
same_replay() {
	why=
	[ -s "$1" ] || { why="no merged CSV"; return; }
	cmp -s <(dropcol periods_per_s < "$1") <(dropcol periods_per_s < "$T/local.csv") ||
		why="merged CSV differs from -j 1's: $(diff <(dropcol periods_per_s < "$1") <(dropcol periods_per_s < "$T/local.csv") | head -n 4)"
}
# same_exp DIR: why= when DIR/merged differs from the local run's
same_exp() {
	local f
	why=
	for f in results.csv results.json; do
		cmp -s "$T/tree/$1/merged/$f" "$T/local-exp/$f" || why="$why $f differs from run.sh -j 1's"
	done
	cmp -s <(sed "s|^plot: $1/merged/|plot: OUT/|" "$T/tree/$1/merged/report.txt" 2>/dev/null) \
	       <(sed "s|^plot: $T/local-exp/|plot: OUT/|" "$T/local-exp/report.txt") ||
		why="$why report.txt differs (but for its path)"
}
calls() { sort -n "$1" 2>/dev/null | paste -sd' '; }

# The same cells, here, -j 1
t0=$(now)
(cd "$T/tree" && build/pidle-replay --exp sweep.exp -T package=0-1 --csv --jobs 1 workload.trace > "$T/local.csv")
echo "# time: replay sweep here, -j 1: $(since "$t0") s ($(($(wc -l < "$T/local.csv") - 1)) cells)"
t0=$(now)
(cd "$T/tree" && experiments/run.sh -j 1 -o "$T/local-exp" "$EXP" > "$T/local-exp.out" 2>&1)
st=$?
echo "# time: experiment here, -j 1: $(since "$t0") s"
why=
[ $st = 0 ] || why="run.sh exit $st"
[ "$(grep -c '"status":"ok"' "$T/local-exp/results.json" 2>/dev/null)" = 9 ] || why="$why not 9 cells ok"
[ "$(($(wc -l < "$T/local.csv") - 1))" = 12 ] || why="$why the replay: not 12 rows"
check "here: the replay sweep and the experiment with -j 1" "$why"
[ -z "$why" ] || { show "$T/local-exp.out"; finish; }
rm -f "$FAULTS"/*

t0=$(now)
if slurm_start "$T/slurm" 12; then ok "slurm: a one-node Slurm up"; else nok "slurm: a one-node Slurm up" "see its logs"; daemon_logs; finish; fi
echo "# time: Slurm set up (munged, slurmctld, slurmd, node idle): $(since "$t0") s"
t0=$(now)
if sshd_start "$T/ssh" FAULTS PIDLE_REPLAY PIDLE_EXP_BOOT FAKE_CALLS; then ok "ssh: sshd on 127.0.0.1, a login by the test's key"
else nok "ssh: sshd on 127.0.0.1, a login by the test's key" "see its log"; daemon_logs; finish; fi
echo "# time: sshd set up (keys, sshd, a login): $(since "$t0") s"

# replay_via RECIPE TAG HOW DESC: the replay sweep's recipe, its
# merged cells against -j 1's, every cell run once; HOW checks the
# transport's own trace (ssh's login), or is empty
replay_via() {
	local st
	t0=$(now)
	run_recipe "$1" "$2"
	st=$?
	mv "$T/tree/cells.csv" "$T/$2.csv" 2>/dev/null
	same_replay "$T/$2.csv"
	[ $st = 0 ] || why="recipe exit $st: $(tail -n 3 "$T/$1-$2.out") $why"
	[ "$(calls "$FAULTS/replay-calls")" = "$(seq 12 | paste -sd' ')" ] || why="$why cells run: $(calls "$FAULTS/replay-calls")"
	[ -z "$3" ] || $3
	check "$4" "$why"
}

# exp_via RECIPE TAG DESC: the experiment's recipe, merged against -j 1's,
# its 9 cells booted once each
exp_via() {
	local st
	t0=$(now)
	run_recipe "$1" "$2"
	st=$?
	same_exp "$2"
	[ $st = 0 ] || why="recipe exit $st: $(tail -n 3 "$T/$1-$2.out") $why"
	[ "$(wc -l < "$FAULTS/exp-calls")" = 9 ] || why="$why $(wc -l < "$FAULTS/exp-calls") cells booted, want 9"
	check "$3" "$why"
}

# an ssh login in sshd's log: the parallel recipes went over ssh
logged_in() { grep -q "Accepted publickey" "$T/ssh/sshd.log" || why="$why no ssh login in sshd's log"; }

# 1. Slurm
replay_via replay-slurm rs "" "slurm: the replay sweep's array, merged, equals -j 1"
echo "# time: replay sweep through Slurm: $(since "$t0") s"
exp_via exp-slurm es "slurm: the experiment's array, merged, equals -j 1"
echo "# time: experiment through Slurm: $(since "$t0") s"
rm -f "$FAULTS"/*

# 2. GNU parallel over ssh
HOSTS=12/scaleout
replay_via replay-parallel rp logged_in "parallel: the replay sweep over ssh, merged, equals -j 1"
echo "# time: replay sweep through GNU parallel over ssh: $(since "$t0") s"
exp_via exp-parallel ep "parallel: the experiment over ssh, merged, equals -j 1"
echo "# time: experiment through GNU parallel over ssh: $(since "$t0") s"
rm -f "$FAULTS"/*

# 3. Failures, under Slurm: task FAILK fails, task HANGK is cancelled
# while it runs. run_cancel NAME DIR FAILK HANGK: the recipe, the
# cancel; its exit status in st
run_cancel() {
	local i jid
	touch "$FAULTS/fail-$3" "$FAULTS/hang-$4"
	expect_fail=1 run_recipe "$1" "$2" &
	bgpid=$!
	for i in $(seq 300); do [ -e "$FAULTS/hanging-$4" ] && break; sleep 0.1; done
	jid=$(squeue -h -o '%F' | head -n 1)
	scancel "${jid}_$5"
	wait $bgpid
	st=$?
	bgpid=
	rm -f "$FAULTS"/fail-* "$FAULTS"/hang-* "$FAULTS"/hanging-*
}
t0=$(now)
run_cancel replay-slurm rf 3 5 5
why=
[ $st != 0 ] || why="the recipe exited 0 with a failed and a cancelled task"
s3=$(cat "$T/tree/rf/cell-3/status" 2>/dev/null) s5=$(cat "$T/tree/rf/cell-5/status" 2>/dev/null)
case $s3 in "failed: "*"exit 2: pidle-replay: injected failure") ;; *) why="$why cell 3: '$s3'" ;; esac
[ "$s5" = cancelled ] || why="$why cell 5: '$s5', want cancelled"
[ "$(cd "$T/tree" && tools/replay/pidle-replay-cells missing rf)" = 3,5 ] || why="$why missing: '$(cd "$T/tree" && tools/replay/pidle-replay-cells missing rf)'"
out=$(cd "$T/tree" && tools/replay/pidle-replay-cells merge rf 2>&1 >/dev/null); mst=$?
[ $mst != 0 ] && [[ $out == *"cells 3 5 not done"* ]] || why="$why merge: exit $mst, '$out'"
check "failures: a failed and a cancelled cell marked so, merge refuses them" "$why"
: > "$FAULTS/replay-calls"
run_recipe replay-slurm rf
st=$?
mv "$T/tree/cells.csv" "$T/rf.csv" 2>/dev/null
same_replay "$T/rf.csv"
[ $st = 0 ] || why="rerun exit $st: $(tail -n 3 "$T/replay-slurm-rf.out") $why"
[ "$(calls "$FAULTS/replay-calls")" = "3 5" ] || why="$why the rerun ran cells '$(calls "$FAULTS/replay-calls")', want 3 5"
check "failures: the same array again runs only cells 3 and 5; merged equals -j 1" "$why"
echo "# time: replay failures and rerun through Slurm: $(since "$t0") s"

t0=$(now)
rm -f "$FAULTS"/*
run_cancel exp-slurm ef 6.12-r1 6.12-r3 3
why=
[ $st != 0 ] || why="the recipe exited 0 with a failed and a cancelled task"
s1=$(cat "$T/tree/ef/6.12-r1.status" 2>/dev/null) s3=$(cat "$T/tree/ef/6.12-r3.status" 2>/dev/null)
case $s1 in "failed: "*r1*) ;; *) why="$why job r1: '$s1'" ;; esac
[ "$s3" = cancelled ] || why="$why job r3: '$s3', want cancelled"
[ "$(cd "$T/tree" && experiments/jobs missing ef)" = 1,3 ] || why="$why missing: '$(cd "$T/tree" && experiments/jobs missing ef)'"
out=$(cd "$T/tree" && experiments/jobs merge ef 2>&1 >/dev/null); mst=$?
[ $mst != 0 ] && [[ $out == *"jobs 6.12-r1 6.12-r3 not done"* ]] || why="$why merge: exit $mst, '$out'"
check "failures: a failed and a cancelled job marked so, merge refuses them" "$why"
: > "$FAULTS/exp-calls"
run_recipe exp-slurm ef
st=$?
same_exp ef
[ $st = 0 ] || why="rerun exit $st: $(tail -n 3 "$T/exp-slurm-ef.out") $why"
got=$(sed 's|.*/r||' "$FAULTS/exp-calls" | sort | uniq -c | awk '{ print $2 "x" $1 }' | paste -sd' ')
[ "$got" = "1x3 3x3" ] || why="$why the rerun booted repeats '$got', want 1x3 3x3 (jobs r1 and r3, 3 cells each)"
check "failures: the same array again boots only jobs r1 and r3; merged equals -j 1" "$why"
echo "# time: experiment failures and rerun through Slurm: $(since "$t0") s"

# Two versions: cell 2 of the Slurm sweep again, by another build (the
# same program, one byte longer); job r2 of the experiment again, from a
# tree whose guest script differs by a comment
cp "$T/tree/build/pidle-replay" "$T/tree/build/pidle-replay-other"
printf '\n' >> "$T/tree/build/pidle-replay-other"
rm -f "$T/tree/rs/cell-2/status"
(cd "$T/tree" && PIDLE_REPLAY=build/pidle-replay-other tools/replay/pidle-replay-cells run rs 2) > "$T/v.out" 2>&1
out=$(cd "$T/tree" && tools/replay/pidle-replay-cells merge rs 2>&1 > "$T/v.csv"); mst=$?
why=
[ $mst != 0 ] || why="merge exit 0"
[[ $out == *"cell 2 was run by another pidle-replay"*sha256:*sha256:* ]] || why="$why merge said '$out'"
[ -s "$T/v.csv" ] && why="$why merge printed rows"
check "versions: the replay's merge refuses cells of two builds" "$why"
cp -a "$T/tree" "$T/tree2"
echo "# another version" >> "$T/tree2/experiments/guest/exp.sh"
rm -f "$T/tree/es/6.12-r2.status"
(cd "$T/tree" && "$T/tree2/experiments/jobs" run es 2) > "$T/v.out" 2>&1
out=$(cd "$T/tree" && experiments/jobs merge es 2>&1 >/dev/null); mst=$?
why2=
[ $mst != 0 ] || why2="merge exit 0"
[[ $out == *"job 6.12-r2 was run by another version"* ]] || why2="$why2 merge said '$out'"
same_exp es
[ -z "$why" ] || why2="$why2 the earlier merge was changed:$why"
why=$why2
check "versions: the experiment's merge refuses jobs of two versions" "$why"

# nothing left running
left=$(squeue -h 2>/dev/null | wc -l)
check "slurm: no task left in the queue" "$([ "$left" = 0 ] || echo "$left tasks")"
[ "$FAIL" = 0 ] || daemon_logs
finish
