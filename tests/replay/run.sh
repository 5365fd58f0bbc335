#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check-replay: pidle-replay on the traces of this folder (host only,
# a few seconds). synthetic.trace is hand-made (trace-cmd report's text,
# -t: ns): cpu1 sleeps 950 us 50 times, woken by its own hrtimer, cpu0
# 10 ms 5 times, by its tick. guest-menu.trace is a real recording
# (tests/replay/record.sh: 6.12 under -icount, menu, the tiny experiment's
# workload), replayed with the same table and governor; guest-ladder.trace
# and guest-teo.trace (the eval kernel) the same with ladder and teo.
# osi.exp: PC and OSI tables of the same hierarchy. tracedat/menu.dat:
# trace-cmd record's file of a guest run, read beside its text, and cut
# and damaged copies of it refused; a standard trace.dat (streamed) made
# from bench/replay-gen.awk's trace, beside its text (std_tracedat).
# Prints its own "N passed, N failed".
set -u
BUILD=${1:-build}
R=$BUILD/pidle-replay
D=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1: $2"; }
# agree_check TXT STATUS PERIODS: what is wrong with a --agree report
# (TXT, its exit STATUS, the same run's --periods FILE), or nothing.
# Every figure's row ends in a verdict: within the tolerance, or not
# placed with the decisions that differ, by class; a placed figure beyond
# the tolerance is a replay bug, and the exit status 5. The differing
# decisions the report counts are those --periods lists (recorded and
# replayed state apart), counted here on their own, and each has a
# reason (none in the class "placed").
agree_check() {
	local rows bad n want why=
	rows=$(sed -n '/^agreement/,/^  decisions:/p' "$1" | sed '1,2d;$d')
	[ -n "$rows" ] || why="no figure rows;"
	bad=$(grep -vE ' within$| not placed: [0-9]+ decisions differ:( [0-9]+ [A-Za-z ]+,?)+$' <<< "$rows")
	[ -z "$bad" ] || why="$why rows without a verdict and its reason: $bad;"
	[ "$2" -eq 0 ] || why="$why exit $2 (a placed figure beyond 1 %: $(grep BEYOND "$1"));"
	n=$(sed -n 's/^  decisions: \([0-9]*\) of .*/\1/p' "$1")
	want=$(awk 'NR > 1 && $7 != $8' "$3" | wc -l)
	[ "$n" = "$want" ] || why="$why the report counts ${n:-no} differing decisions, --periods lists $want;"
	# and none without a reason: a decision the trace places, differing
	grep -q '^  decisions: .*; placed [0-9]' "$1" && why="$why $(grep '^  decisions:' "$1");"
	echo "$why"
}

# expect_status STATUS DESC PATTERN -- ARGS: the tool exits STATUS with
# PATTERN in its message and prints no report on stdout
# (Documentation/tools.rst: 1 a bad option, argument or combination, or
# an output that cannot be written; 2 an unusable trace or file)
expect_status() {
	local want=$1 desc=$2 pat=$3 st
	shift 4
	"$R" "$@" > "$tmp/out" 2> "$tmp/err"
	st=$?
	if [ $st -ne "$want" ]; then
		not_ok "$desc" "exit $st, want $want ($(head -c 200 "$tmp/err"))"
	elif ! grep -q -- "$pat" "$tmp/err"; then
		not_ok "$desc" "message '$(cat "$tmp/err")' lacks '$pat'"
	elif [ -s "$tmp/out" ]; then
		not_ok "$desc" "a report was printed beside the error"
	else
		ok "$desc: $(head -n 1 "$tmp/err")"
	fi
}

# expect_error DESC PATTERN -- ARGS: exits 2 (an unusable trace or file)
# with PATTERN in its message and prints no report on stdout.
expect_error() { expect_status 2 "$@"; }

# jqcheck DESC FILTER FILE: FILTER (jq -e) holds for FILE's first object
jqcheck() {
	if jq -e "$2" "$3" > /dev/null 2>&1; then
		ok "$1"
	else
		not_ok "$1" "$(jq -c "$2" "$3" 2>&1 | head -c 300) from $(head -c 300 "$3")"
	fi
}

PC6='POLL:0:0:cpu:4000,C1:2:2:cpu:1500:5,C6:100:400:cpu:200:500,PC6:133:600:package:1000:3000'
S=$D/synthetic.trace

# 1. the synthetic trace: what each governor must choose
"$R" -s "$PC6" -T package=0-1 --power cpu:4000,package:6000 -g menu,ladder,recorded --json "$S" > "$tmp/syn.json" 2> "$tmp/err" ||
	not_ok "synthetic trace replays" "$(cat "$tmp/err")"
head -n 1 "$tmp/syn.json" > "$tmp/menu.json"
sed -n 2p "$tmp/syn.json" > "$tmp/ladder.json"
sed -n 3p "$tmp/syn.json" > "$tmp/rec.json"
jqcheck "menu: 55 periods, 50 timer and 5 tick wake-ups" \
	'.periods == 55 and .wake.timer == 50 and .wake.tick == 5' "$tmp/menu.json"
jqcheck "menu: every period in PC6 (950 us and 10 ms sleeps, PC6's residency 600 us), package down 50 times" \
	'.states[3].requested == 55 and .domains[0].usage == 50' "$tmp/menu.json"
jqcheck "menu: pays PC6's 133 us at each wake-up" \
	'.latency_mean_us == 133 and .latency_max_us == 133' "$tmp/menu.json"
jqcheck "recorded: the trace's own states (C6 50, PC6 5), never the package" \
	'.states[2].requested == 50 and .states[3].requested == 5 and .domains[0].usage == 0' "$tmp/rec.json"
jqcheck "ladder: climbs from C1 one state per 4 long sleeps (kernel ladder.c)" \
	'.states[1].requested > 0 and .states[2].requested > 0 and .states[3].requested > 0 and .states[0].requested == 0' "$tmp/ladder.json"
jqcheck "energy: oracle never above what was paid; the package's down time cheaper than recorded C6" \
	'.energy.oracle_j <= .energy.idle_j' "$tmp/menu.json"

# the tracefs text (flags column, microseconds) reads the same
sed -E 's/\] ([0-9]+\.[0-9]{6})000:/] d..1. \1:/' "$S" > "$tmp/us.trace"
"$R" -s "$PC6" -T package=0-1 --power cpu:4000,package:6000 --json "$tmp/us.trace" > "$tmp/us.json" 2>&1
if [ "$(jq -c 'del(.replay_s, .periods_per_s)' "$tmp/us.json")" = "$(jq -c 'del(.replay_s, .periods_per_s)' "$tmp/menu.json")" ]; then
	ok "the tracefs format (flags column, microseconds) gives the same report as trace-cmd report -t"
else
	not_ok "tracefs format" "$(head -c 300 "$tmp/us.json")"
fi

# 2. PM QoS 20 us keeps menu out of C6 and PC6
"$R" -s "$PC6" -T package=0-1 --qos-us 20 --json "$S" > "$tmp/qos.json" 2>&1
jqcheck "PM QoS 20 us: menu picks C1 only" \
	'.states[1].requested == 55 and .states[2].requested == 0 and .states[3].requested == 0 and .latency_max_us == 2' "$tmp/qos.json"

# 2b. a table per CPU set (issue 37): each CPU's governor sees its own
# driver's table, as cpuidle hands menu cpuidle_get_cpu_driver(); CPU 1's
# D needs 5000 us, which its 1000 us sleeps never reach (set 0's 500 us
# would take all 50), and CPU 0's own cluster goes down in CL0 (100 us)
SETS='0=WFI:1:1,D:10:500,CL0:100:900:cluster;1=WFI:1:1,D:10:5000,CL1:300:9000:cluster'
"$R" -s "$SETS" -T cluster=0,1 --json "$S" > "$tmp/sets.json" 2>&1
jqcheck "a table per CPU set: CPU 1 keeps to WFI under its own table (50), CPU 0 takes its cluster's CL0 (5), paying 100 us" \
	'.states[0].requested == 50 and .states[1].requested == 0 and .states[2].requested == 5 and .domains[0].usage == 5 and .latency_max_us == 100' "$tmp/sets.json"
SWAP='0=WFI:1:1,D:10:5000,CL0:100:6000:cluster;1=WFI:1:1,D:10:500,CL1:300:2000:cluster'
"$R" -s "$SWAP" -T cluster=0,1 --json "$S" > "$tmp/swap.json" 2>&1
jqcheck "the sets swapped: CPU 1 takes D (50, 500 us under its table), CPU 0 still its cluster (5)" \
	'.states[0].requested == 0 and .states[1].requested == 50 and .states[2].requested == 5' "$tmp/swap.json"

# 2c. power= per CPU set (issue 37, item 3): each CPU's active power and
# each cluster's up power are its own set's. 1000 mW on one set only, then
# on the other: the two add up to 1000 mW on both, and each is the right
# CPU's (CPU 1 wakes 50 times, CPU 0 5: CPU 1 is busy longer; CPU 0's
# cluster is down most of the trace, CPU 1's never, CL1 needing 9000 us)
for p in '0=cpu:1000;1=cpu:0' '0=cpu:0;1=cpu:1000' 'cpu:1000' \
	 '0=cluster:1000;1=cluster:0' '0=cluster:0;1=cluster:1000' 'cluster:1000'; do
	"$R" -s "$SETS" -T cluster=0,1 --power "$p" --json "$S" 2>&1
done | jq -s '[.[].energy.j]' > "$tmp/setpow.json"
jqcheck "power= per set: CPU 0's and CPU 1's active power each its own set's, adding up to one power= for both; so do the clusters' up powers" \
	'def near(a; b): (a - b) * (a - b) < 1e-12;
	 .[0] > 0 and .[1] > .[0] and near(.[0] + .[1]; .[2]) and
	 .[3] > 0 and .[4] > .[3] and near(.[3] + .[4]; .[5])' "$tmp/setpow.json"
expect_status 1 "power= per set, sets not states='s: refused naming the set" \
	"table cmdline: power: set 0 (CPUs 0-1) is not one of the CPU sets of states=" -- \
	-s "$SETS" -T cluster=0,1 --power '0-1=cpu:1;2=cpu:2' "$S"
# 2d. sets of different lengths (issue 37, msm8956's kinds): CPU 0's
# table is WFI and CL0 (2 states), CPU 1's WFI, D and CL1 (3). Each
# governor gets its own driver's state_count; the model's slots are the
# longest set's (WFI, D, then the cluster's), CPU 0's WFI in slot 1 (a
# set's deepest cpu-level state is the level's last slot), so CPU 0
# never requests slot 0, which its set lacks
LEN='0=WFI:1:1,CL0:100:900:cluster;1=WFI:1:1,D:10:500,CL1:300:9000:cluster'
"$R" -s "$LEN" -T cluster=0,1 -g menu,teo --json "$S" > "$tmp/len.json" 2>&1
sed -n 2p "$tmp/len.json" > "$tmp/len-teo.json"
jqcheck "different lengths, menu: CPU 1 takes D (50), CPU 0 its cluster's CL0 (5), the slots named as the longest set's" \
	'.states[0].requested == 0 and .states[1].name == "D" and .states[1].requested == 50 and .states[2].requested == 5 and .domains[0].usage == 5 and .latency_max_us == 100' "$tmp/len.json"
jqcheck "different lengths, teo: the same choices on its own tables" \
	'.states[0].requested == 0 and .states[1].requested == 50 and .states[2].requested == 5' "$tmp/len-teo.json"
"$R" -s "$LEN" -T cluster=0,1 --qos-us 50 --periods "$tmp/len.periods" "$S" > /dev/null 2>&1
if [ "$(awk '!/^#/ && $1 == 0 { print $8 }' "$tmp/len.periods" | sort -u | tr '\n' ' ')" = "1 " ] &&
   [ "$(awk '!/^#/ && $1 == 1 { print $8 }' "$tmp/len.periods" | sort -u | tr '\n' ' ')" = "1 " ]; then
	ok "different lengths, PM QoS 50 us: CPU 0's governor picks its own index 0 (WFI, model slot 1), CPU 1's D (slot 1); no period in a slot a CPU's set lacks"
else
	not_ok "different lengths, PM QoS 50 us" "$(grep -v '^#' "$tmp/len.periods" | awk '{ print $1, $8 }' | sort | uniq -c | tr '\n' ';')"
fi

# 2e. sm6115's shape (issue 37): each cluster its own states, and a
# cluster state whose residency (782 us) is below its CPU state's (1182
# us). OSI keeps them apart, as cpuidle and genpd do: taken, the
# cluster's shallow state entered; PC mode gives cpuidle the whole table,
# which must be in ascending residency: refused, naming the states.
SM='0=WFI:1:1,C:290+376:1182,CL:360+421:782:cluster,CL1:800+2118:7376:cluster;1=WFI:1:1,C:290+376:1182,CM:314+345:660:cluster,CM1:640+1654:8094:cluster'
"$R" -s "$SM" -T cluster=0,1 --mode osi --json "$S" > "$tmp/sm.json" 2>&1
jqcheck "sm6115's shape in OSI: a cluster state below its CPU state's residency taken, the clusters down in their own states" \
	'.domains[0].state == "CL" and (.domains | map(.usage) | add) > 0 and (.states | length) == 2' "$tmp/sm.json"
expect_status 1 "sm6115's shape in PC mode: refused, the table not in cpuidle's order" \
	"set 0 (CPUs 0): state 2 (CL): target residency 782 us is less than state 1's 1182 us: in PC mode cpuidle gets the whole table" -- \
	-s "$SM" -T cluster=0,1 "$S"

# 3. bad input: a message naming what is wrong, never a report
n=$(wc -c < "$S")
head -c $((n - 40)) "$S" > "$tmp/trunc.trace"
expect_error "truncated trace" "truncated" -- -s "$PC6" -T package=0-1 "$tmp/trunc.trace"
head -n 10 "$S" > "$tmp/ooo.trace"
sed -n 5p "$S" | sed 's/ 1000\.0/ 999.0/' >> "$tmp/ooo.trace"
tail -n +11 "$S" >> "$tmp/ooo.trace"
expect_error "events out of order" "out of order" -- -s "$PC6" -T package=0-1 "$tmp/ooo.trace"
{ cat "$S"; echo '     stress-1234 [002] 1000.060000000: sched_wakeup:        comm=x pid=1 prio=120 target_cpu=002'; } > "$tmp/busy.trace"
expect_error "a CPU that never idles" "cpu 2: no idle period" -- -s "$PC6" -T package=0-2 "$tmp/busy.trace"
"$R" -s "$PC6" -T package=0-2 --busy 2 --json "$tmp/busy.trace" > "$tmp/busy.json" 2> "$tmp/err"
jqcheck "... declared --busy: it keeps the package up all along" \
	'.domains[0].usage == 0 and .states[3].requested == 55' "$tmp/busy.json"
expect_error "more CPUs than the topology" "more than the 1 of the topology" -- -s "$PC6" -T package=0 "$S"
grep -v hrtimer_cancel "$S" > "$tmp/nocancel.trace"
expect_error "a trace without hrtimer_cancel" "no timer:hrtimer_cancel" -- -s "$PC6" "$tmp/nocancel.trace"
# every now= behind the trace clock by more than its first event's time:
# each time would wrap below 0 (found by fuzz_gov)
expect_error "an hrtimer clock that starts after the trace" "line 2: at 1000010000 ns on the trace clock, before the start of the hrtimers' clock" -- \
	-s "$PC6" -T package=0 "$D/../fuzz/corpus/fuzz_trace/found-clock-before-zero.trace"
grep -v cpu_idle "$S" > "$tmp/noidle.trace"
expect_error "a trace without cpu_idle" "no power:cpu_idle" -- -s "$PC6" "$tmp/noidle.trace"
{ head -n 20 "$S"; echo 'CPU:1 [LOST 42 EVENTS]'; tail -n +21 "$S"; } > "$tmp/lost.trace"
expect_error "a trace that lost events" "lost events" -- -s "$PC6" "$tmp/lost.trace"
{ head -n 20 "$S"; echo 'this is not a trace line'; tail -n +21 "$S"; } > "$tmp/junk.trace"
expect_error "a line that is not an event" "line 21: not a trace line" -- -s "$PC6" "$tmp/junk.trace"
# more CPUs than the kernel's governors are built for here (1024, the
# replay's NR_CPUS): the real cause, not "not one of ... or more than"
sed -e 's/cpu_id=1$/cpu_id=1500/' -e 's/\[001\]/[1500]/' -e 's/target_cpu=001/target_cpu=1500/' "$S" > "$tmp/1501.trace"
expect_error "a trace of 1501 CPUs and menu" \
	"governor 'menu': the kernel's governors replay at most 1024 CPUs (the replay's NR_CPUS, tests/kshim/linux/percpu.h), the trace has 1501; the governor recorded replays it" \
	-- -s POLL:0:0,C1:2:2,C6:100:400,C7:200:800 --busy 1-1499 "$tmp/1501.trace"
"$R" -s POLL:0:0,C1:2:2,C6:100:400,C7:200:800 --busy 1-1499 -g recorded --json "$tmp/1501.trace" > "$tmp/1501.json" 2> "$tmp/err"
jqcheck "... the governor recorded replays it (1501 CPUs, 55 periods)" '.periods == 55' "$tmp/1501.json"
# time that does not pass, or goes back (issue 38): refused with the line;
# a period of 0 ns (entry and exit in one tick of a microsecond trace)
# replayed in order, its entry before its exit
sed -E 's/\] 1000\.[0-9]+:/] 1000.000000000:/' "$S" > "$tmp/equal.trace"
expect_error "a trace whose timestamps are all equal (was 4 WARNINGs, exit 0, POLL achieved 55 > requested 50)" \
	"equal.trace: line 321: the last wake-up is at the time of the first idle entry (line 4): no time passes in the trace (are its timestamps all equal?)" \
	-- -s "$PC6" -T package=0-1 "$tmp/equal.trace"
sed '7s/1000\.001000000/1000.000050000/' "$S" > "$tmp/zero.trace"
"$R" -s "$PC6" -T package=0-1 --json "$tmp/zero.trace" > "$tmp/zero.json" 2> "$tmp/err"
st=$?
if [ $st -eq 0 ] && ! grep -q WARNING "$tmp/err" && jq -e '.periods == 55' "$tmp/zero.json" > /dev/null 2>&1; then
	ok "a period of 0 ns: its entry replayed before its exit (was a model WARNING: entered while still in)"
else
	not_ok "a period of 0 ns" "exit $st, $(head -c 300 "$tmp/err")"
fi
# a quoted line's control bytes (a terminal's escape, a carriage return)
# printed as '?': the message stays one line (fuzz_trace found it)
{ head -n 20 "$S"; printf 'junk \033[2J\rhere\n'; tail -n +21 "$S"; } > "$tmp/ctl.trace"
expect_error "a line with control bytes, quoted in one line" "line 21: not a trace line .*: 'junk ?\[2J?here'\$" -- -s "$PC6" "$tmp/ctl.trace"
expect_status 1 "a governor not compiled in: a bad argument, before the trace is read" "invalid governor 'haltpoll': expected menu teo ladder or recorded" -- -s "$PC6" -T package=0-1 -g haltpoll "$S"
expect_error "recorded states beyond the table" "enters state 3" -- -s POLL:0:0,C1:2:2,C6:100:400 -g recorded "$S"

# CPU numbers beyond the module's PIDLE_MAX_CPUS (8192), and every other
# number the reader keeps in fewer bits than it reads: refused with the
# line, before any replay (issue 34 item 5). ROW: "LINE SED-EXPR" of
# synthetic.trace, then the message.
LIM="beyond the module's limit of 8192 CPUs (PIDLE_MAX_CPUS: CPUs 0-8191)"
bad_number() {
	local desc=$1 edit=$2 pat=$3
	sed "$edit" "$S" > "$tmp/num.trace"
	expect_error "$desc" "$pat" -- -s "$PC6" -T package=0-1 "$tmp/num.trace"
}
bad_number "a line's CPU [4294967295] (was a heap overflow: calloc(max_cpu + 1) wrapped to 0)" \
	'5s/\[001\]/[4294967295]/' "num.trace: line 5: CPU \[4294967295\]: $LIM"
bad_number "a line's CPU of 21 digits (was cut by strtoul)" \
	'5s/\[001\]/[999999999999999999999]/' "line 5: CPU \[999999999999999999999\]: $LIM"
bad_number "cpu_idle's cpu_id=4294967295 (was a heap overflow)" \
	'6s/cpu_id=1/cpu_id=4294967295/' "line 6: cpu_id=4294967295: $LIM"
bad_number "cpu_idle's cpu_id=99999999999 (was cut to 32 bits)" \
	'6s/cpu_id=1/cpu_id=99999999999/' "line 6: cpu_id=99999999999: $LIM"
bad_number "cpu_idle's cpu_id=70000 (was \"cpu 2: no idle period\")" \
	'6s/cpu_id=1/cpu_id=70000/' "line 6: cpu_id=70000: $LIM"
bad_number "cpu_idle's cpu_id=-1" \
	'6s/cpu_id=1/cpu_id=-1/' "line 6: cpu_id=-1: $LIM"
bad_number "sched_wakeup's target_cpu=65537 (was cut to 16 bits: CPU 1)" \
	'10s/target_cpu=001/target_cpu=65537/' "line 10: target_cpu=65537: $LIM"
bad_number "the header's cpus=4294967296 (was cut to 0)" \
	'1s/cpus=2/cpus=4294967296/' "line 1: cpus=4294967296: not a CPU count of 1 to 8192"
bad_number "cpu_idle's state=12 (was kept as 254)" \
	'6s/state=2/state=12/' "line 6: state=12: beyond cpuidle's 10 states (CPUIDLE_STATE_MAX)"
bad_number "a time of 2^64 ns (was wrapped)" \
	'6s/ 1000\.000050000:/ 18446744073.709551616:/' "line 6: time 18446744073.709551616: beyond 9223372036.854775807 s (KTIME_MAX)"
bad_number "hrtimer_expire_entry's now=-1 (the clocks' offset overflowed)" \
	'9s/now=1000001000600/now=-1/' "line 9: now=-1: not a time of 0 to 9223372036854775807 ns (KTIME_MAX)"
bad_number "pm_qos value=99999999999999999 (was a signed overflow)" \
	'7a\        <idle>-0 [001] 1000.001000100: pm_qos_update_request: value=99999999999999999' \
	"line 8: value=99999999999999999: not a PM QoS latency of 0 to 2147483647 us"

# 3b. experiment files: the replay refuses what experiments/run.sh
# refuses, with the same FILE:LINE message: the one table of bad files of
# tests/experiments/bad ("# expect: LINE: TEXT"), which make
# check-experiments runs through the runner's parse.awk; a file marked
# "# runner-only: WHY" is one the replay rightly takes
bad_exp() {	# FILE: why= what is wrong with the replay's answer
	local f=$1 exp ln text want st
	exp=$(sed -n '1s/^# expect: //p' "$f")
	ln=${exp%%: *}; text=${exp#*: }
	if [ "$ln" = - ]; then want="pidle-replay: $f: $text"; else want="pidle-replay: $f:$ln: $text"; fi
	"$R" --exp "$f" --list "$S" > "$tmp/out" 2> "$tmp/err"
	st=$?
	why=
	[ $st -eq 2 ] || why="exit $st, want 2"
	# the expectation may be the message's start, as for the runner
	case "$(head -n 1 "$tmp/err")" in "$want"*) ;; *) why="$why message '$(head -n 1 "$tmp/err")', want '$want'" ;; esac
	[ "$(wc -l < "$tmp/err")" -eq 1 ] || why="$why $(wc -l < "$tmp/err") lines on stderr, want 1"
	[ -s "$tmp/out" ] && why="$why cells listed beside the error"
}
# a value beyond the replay's buffers: refused by its length, never cut
printf '[table t]\nstates = %s\n[defaults]\ntable = t\n' "$(head -c 5000 /dev/zero | tr '\0' x)" > "$tmp/long.exp"
expect_error "an experiment file's value of 5000 characters" "long.exp:2: states: a value of 5000 characters, more than the replay reads (4095)" -- \
	--exp "$tmp/long.exp" --list --cpus 2
nbad=0 nrun=0
for f in "$D"/../experiments/bad/*.exp; do
	if grep -q '^# runner-only: ' "$f"; then
		nrun=$((nrun + 1))
		continue
	fi
	bad_exp "$f"
	nbad=$((nbad + 1))
	if [ -z "$why" ]; then
		ok "experiment file $(basename "$f"): refused as the runner refuses it ($(head -n 1 "$tmp/err" | sed 's/.*exp:/exp:/'))"
	else
		not_ok "experiment file $(basename "$f") refused as the runner refuses it" "$why"
	fi
done
[ $nbad -ge 20 ] && [ $nrun -le 3 ] && ok "experiment files: $nbad bad files refused by both readers, $nrun runner-only" ||
	not_ok "experiment files" "$nbad shared bad files (want 20 or more), $nrun runner-only"

# 3c. the command line: every bad argument a usage error (exit 1),
# found before any work, with nothing written; an output that cannot be
# written fails (exit 1), not a report lost with exit 0 (issue 38)
T2='-T package=0-1'
expect_status 1 "-g '': no governor" "invalid governor list '': an empty name" -- -s "$PC6" $T2 -g '' "$S"
expect_status 1 "-g menu,,teo: an empty name in the list" "invalid governor list 'menu,,teo': an empty name" -- -s "$PC6" $T2 -g menu,,teo "$S"
expect_status 1 "-g bogus: named as the bad governor, not as menu or a CPU limit" "invalid governor 'bogus': expected menu teo ladder or recorded" -- -s "$PC6" $T2 -g bogus "$S"
expect_status 1 "--busy 5 on a 2-CPU trace" "--busy 5: CPU 5 is not in the trace, which has CPUs 0-1" -- -s "$PC6" $T2 --busy 5 "$S"
expect_status 1 "--offline x: not a CPU list" "invalid --offline CPU list 'x'" -- -s "$PC6" $T2 --offline x "$S"
expect_status 1 "-s: a bad table is a bad argument" "--states/--power: states: state 0 (bogus)" -- -s bogus "$S"
expect_status 1 "--exp with -g: refused, not ignored" "--exp names its governors" -- --exp "$D/sweep.exp" -g teo "$S"
expect_status 1 "--exp with --policy: refused, not ignored" "--exp names its tables: --states, --power, --policy" -- --exp "$D/sweep.exp" --policy timer "$S"
expect_status 1 "--exp with --qos-us: refused, not applied under the label 'qos none'" "--exp names its PM QoS" -- --exp "$D/sweep.exp" --qos-us 5 "$S"
expect_status 1 "--exp with a --topology its tables do not take" "sweep.exp:9: \[table pc6\] has topology = package=0-1: --topology package=0,1 is for the tables of topology auto" -- \
	--exp "$D/sweep.exp" -T package=0,1 "$S"
expect_status 1 "-o /dev/full: the report not written" "/dev/full: cannot write" -- -s "$PC6" $T2 -o /dev/full "$S"
expect_status 1 "--periods /dev/full: no report beside it" "/dev/full: cannot write" -- -s "$PC6" $T2 --periods /dev/full "$S"
expect_status 1 "--summary in a missing directory: found before the report is written" "/nonexistent/s.csv: cannot write" -- -s "$PC6" $T2 -g menu,teo --summary /nonexistent/s.csv "$S"
expect_status 1 "--cpus without --list: a replay needs a trace" "--cpus goes with --exp and --list" -- --exp "$D/sweep.exp" --cpus 2
expect_status 1 "--cpus and a TRACE" "--cpus stands for the TRACE" -- --exp "$D/sweep.exp" --list --cpus 2 "$S"
expect_status 2 "--cpus 4 and a table of 2 CPUs: the table's line (exit 2: the file)" "sweep.exp:9: table pc6: topology" -- \
	--exp "$D/sweep.exp" --list --cpus 4
if [ "$("$R" --exp "$D/sweep.exp" --list --cpus 2 2> "$tmp/err" | wc -l)" -eq 12 ]; then
	ok "--exp --list --cpus 2: sweep.exp's 12 cells without a trace (experiments/run.sh's table check)"
else
	not_ok "--exp --list --cpus" "$(cat "$tmp/err")"
fi
"$R" -s "$PC6" $T2 "$S" > /dev/full 2> "$tmp/err"
st=$?
[ $st -eq 1 ] && grep -q 'standard output: cannot write' "$tmp/err" && ok "a full standard output: exit 1 ($(cat "$tmp/err"))" ||
	not_ok "a full standard output" "exit $st, $(cat "$tmp/err")"
"$R" --help > "$tmp/help" 2>&1
why=
grep -qE -- '-C,|-J,| -t,| -j,' "$tmp/help" && why="--help lists letters the tool refuses or has given up: $(grep -E -- '-C,|-J,| -t,| -j,' "$tmp/help")"
for o in -T --topology --jobs --csv --json; do grep -q -- "$o" "$tmp/help" || why="$why no $o in --help"; done
"$R" -C -s "$PC6" "$S" > /dev/null 2>&1 && why="$why -C is taken"
"$R" -s "$PC6" -t package=0-1 -j 2 -g menu,teo --csv "$S" > "$tmp/old.csv" 2> "$tmp/err" || why="$why the old -t and -j: exit $?"
grep -q "option -t is deprecated: use -T (--topology)" "$tmp/err" && grep -q "option -j is deprecated: use --jobs" "$tmp/err" ||
	why="$why no deprecation lines: $(cat "$tmp/err")"
[ "$(wc -l < "$tmp/old.csv")" -eq 3 ] || why="$why the old spellings gave $(wc -l < "$tmp/old.csv") CSV lines, want 3"
[ -z "$why" ] && ok "--help lists what the tool takes (-T, --jobs, --csv, --json); the old -t and -j work with a deprecation line" ||
	not_ok "--help and the old spellings" "$why"

# 4. the guest recording, replayed with its own table and governor
G=$D/guest-menu.trace
if [ -s "$G" ]; then
	eval "$(sed -n 's/^\(states\|topology\|power\|governor\) \(.*\)/\1="\2"/p' "${G%.trace}.info")"
	# every recording of this folder (guest-GOVERNOR.trace), each with
	# its own table and governor
	for t in "$D"/guest-*.trace; do
		t_mode=pc t_domain_gov=
		eval "$(sed -n 's/^\(states\|topology\|power\|governor\|mode\|domain_gov\) \(.*\)/t_\1="\2"/p' "${t%.trace}.info")"
		"$R" -s "$t_states" -T "$t_topology" --power "$t_power" -g "$t_governor" \
			--mode "$t_mode" ${t_domain_gov:+--domain-gov "$t_domain_gov"} \
			--agree 1 --periods "$tmp/agree.per" "$t" > "$tmp/agree.txt" 2> "$tmp/err"
		st=$?
		sed 's/^/# /' "$tmp/agree.txt"
		# these are replayed decision for decision: every figure
		# within 1 %, none left unplaced
		why=$(agree_check "$tmp/agree.txt" $st "$tmp/agree.per")
		grep -q 'not placed' "$tmp/agree.txt" && why="$why a figure not placed: $(grep 'not placed' "$tmp/agree.txt")"
		grep -q '^  decisions: 0 of ' "$tmp/agree.txt" || why="$why $(grep '^  decisions:' "$tmp/agree.txt")"
		if [ -z "$why" ]; then
			ok "$(basename "$t") ($t_governor, $t_mode${t_domain_gov:+ $t_domain_gov}): every decision the guest's, every figure (idles, misses, usage, residency, domain downs, latency, energy) within 1 %"
		else
			not_ok "$(basename "$t") ($t_governor) agrees within 1 %" "exit $st $why $(cat "$tmp/err")"
		fi
		# OSI: the domain governor's own counters, exactly the
		# guest's (its pidle-stat JSON beside the trace)
		[ "$t_mode" = osi ] || continue
		"$R" -s "$t_states" -T "$t_topology" --power "$t_power" -g "$t_governor" \
			--mode osi ${t_domain_gov:+--domain-gov "$t_domain_gov"} --json "$t" > "$tmp/osi.json" 2> "$tmp/err"
		want=$(jq -c '[.. | objects | select(has("rejected")) | {usage, rejected, above, below}] | unique' "${t%.trace}.stat")
		got=$(jq -c '[.. | objects | select(has("rejected")) | {usage, rejected, above, below}] | unique' "$tmp/osi.json")
		if [ -n "$want" ] && [ "$want" != "[]" ] && [ "$want" = "$got" ]; then
			ok "$(basename "$t"): the domain governor's usage, rejected, above and below as the guest counted them ($got)"
		else
			not_ok "$(basename "$t"): the domain governor's counters as the guest's" "guest $want, replay $got $(cat "$tmp/err")"
		fi
	done
	# a table that is not the guest's (PC6's exit latency 140 us, not
	# 133): no decision differs, so the latency paid is a placed figure
	# beyond 1 %, which the report calls a replay bug, with exit 5, and
	# which agree_check refuses
	"$R" -s "${states/PC6:133:/PC6:140:}" -T "$topology" --power "$power" -g "$governor" \
		--agree 1 --periods "$tmp/agree.per" "$G" > "$tmp/agree.txt" 2> "$tmp/err"
	st=$?
	why=$(agree_check "$tmp/agree.txt" $st "$tmp/agree.per")
	if [ $st -eq 5 ] && grep -qE '^  exit latency paid ms .* BEYOND: a replay bug: no decision differs$' "$tmp/agree.txt" &&
	   [ -n "$why" ]; then
		ok "a table not the guest's (PC6 140 us): exit 5, the latency paid a placed figure beyond 1 % (a replay bug), refused by the check"
	else
		not_ok "a table not the guest's" "exit $st, check '$why': $(grep 'latency paid' "$tmp/agree.txt")"
	fi
	# a line missing in the middle (a pidle_exit): a hole, refused
	awk '/pidle_exit:/ && ++n == 100 { next } { print }' "$G" > "$tmp/hole.trace"
	expect_error "a module trace with a pidle_exit missing" "no pidle_exit since its pidle_enter: a hole" -- \
		-s "$states" -T "$topology" "$tmp/hole.trace"
	awk '/cpu_idle: state=4294967295/ && ++n == 100 { next } { print }' "$G" | grep -v pidle_ > "$tmp/hole2.trace"
	expect_error "a standard trace with a cpu_idle exit missing" "without an exit since its entry at line" -- \
		-s "$states" -T "$topology" "$tmp/hole2.trace"
	# a module trace's CPU beyond the limit (was a heap overflow)
	sed '14s/cpu_id=0/cpu_id=4294967295/' "$G" > "$tmp/modcpu.trace"
	expect_error "a module trace's cpu_id=4294967295" "modcpu.trace: line 14: cpu_id=4294967295: $LIM" -- \
		-s "$states" -T "$topology" "$tmp/modcpu.trace"
	# an idle_ns past the CPU's next entry: time going backwards
	sed '229s/idle_ns=2018238/idle_ns=900000000/' "$G" > "$tmp/back.trace"
	expect_error "a module trace whose idle_ns runs past the next entry (was a model WARNING, exit 0)" \
		"back.trace: line 271: cpu 0 enters idle at 6905397996 ns, before its last wake-up at 7790000249 ns (line 229): time going backwards" -- \
		-s "$states" -T "$topology" "$tmp/back.trace"
	# pidle_exit's latency_ns kept in 32 bits: beyond, refused
	sed '15s/latency_ns=100000/latency_ns=4294967296/' "$G" > "$tmp/modlat.trace"
	expect_error "a module trace's latency_ns=4294967296 (was cut to 0)" \
		"modlat.trace: line 15: latency_ns=4294967296: beyond 4294967295 ns" -- \
		-s "$states" -T "$topology" "$tmp/modlat.trace"
	# the same run read from the standard events alone (the module's
	# stripped): what a trace of a real machine gives
	grep -v 'pidle_' "$G" > "$tmp/std.trace"
	"$R" -s "$states" -T "$topology" --power "$power" -g "$governor" --recorded-states "$states" --json "$tmp/std.trace" > "$tmp/std.json" 2> "$tmp/err"
	"$R" -s "$states" -T "$topology" --power "$power" -g recorded --json "$G" > "$tmp/mod.json" 2>> "$tmp/err"
	if jq -e -s '.[0] as $s | .[1] as $m |
		def near(a; b; pct): ((a - b) | fabs) <= (b * pct / 100) + 0.5;
		near($s.periods; $m.periods; 1) and
		([range(0; $m.states | length)] | all(. as $i |
			near($s.states[$i].requested; $m.states[$i].requested; 1))) and
		near($s.domains[0].usage; $m.domains[0].usage; 1) and
		near($s.energy.j; $m.energy.j; 2)' "$tmp/std.json" "$tmp/mod.json" > /dev/null; then
		ok "standard events only: menu's choices, package downs within 1 %, energy within 2 % of the recorded run ($(jq -c '[.periods, [.states[].requested], .domains[0].usage, .energy.j]' "$tmp/std.json") against $(jq -c '[.periods, [.states[].requested], .domains[0].usage, .energy.j]' "$tmp/mod.json"))"
	else
		not_ok "standard events only" "$(jq -c '[.periods, [.states[].requested], .domains[0].usage, .energy.j]' "$tmp/std.json" "$tmp/mod.json" | tr '\n' ' ') $(cat "$tmp/err")"
	fi
	# the sweep: -j 2 gives the rows -j 1 gives, in the same order
	"$R" --exp "$D/sweep.exp" -T "$topology" --csv --jobs 1 "$G" > "$tmp/j1.csv" 2> "$tmp/err"
	"$R" --exp "$D/sweep.exp" -T "$topology" --csv --jobs 2 "$G" > "$tmp/j2.csv" 2>> "$tmp/err"
	cells=$("$R" --exp "$D/sweep.exp" -T "$topology" --list "$G" | wc -l)
	if [ "$cells" -eq 12 ] && [ "$(wc -l < "$tmp/j1.csv")" -eq 13 ] &&
	   diff <(cut -d, -f1-60 "$tmp/j1.csv" | sed 's/,[0-9]*$//') <(cut -d, -f1-60 "$tmp/j2.csv" | sed 's/,[0-9]*$//') > /dev/null; then
		ok "sweep: 12 cells (3 tables x 3 governors + 3 under PM QoS), -j 2 the same rows as -j 1"
	else
		not_ok "sweep" "cells $cells, rows $(wc -l < "$tmp/j1.csv"); $(cat "$tmp/err")"
	fi
	# the summary and its plot
	"$R" --exp "$D/sweep.exp" -T "$topology" --jobs 2 --summary "$tmp/sum.csv" "$G" > "$tmp/sweep.txt" 2> "$tmp/err"
	front=$(grep -c ',1$' "$tmp/sum.csv")
	if [ "$(wc -l < "$tmp/sum.csv")" -eq 13 ] && [ "$front" -ge 2 ] &&
	   grep -q '^summary, best energy x latency first' "$tmp/sweep.txt" &&
	   "$D/../../tools/replay/pidle-replay-plot" "$tmp/sum.csv" "$tmp/plots" > /dev/null 2>&1; then
		if [ -s "$tmp/plots/energy-latency.png" ] && [ -s "$tmp/plots/energy-latency.svg" ]; then
			ok "sweep summary: 12 cells ranked, $front on the Pareto front; the plot drawn (PNG, SVG)"
		else
			not_ok "sweep plot" "no PNG/SVG in $tmp/plots"
		fi
	else
		not_ok "sweep summary" "$(head -3 "$tmp/sum.csv") $(cat "$tmp/err")"
	fi
	# the plot helper (issue 34 item 7, issue 38): paths are data, never
	# gnuplot code; a bad summary refused in one line, nothing written;
	# cells at one point one marker, their names listed together
	P=$D/../../tools/replay/pidle-replay-plot
	odd="$tmp/o'; system('touch $tmp/INJECTED'); print '"
	"$P" "$tmp/sum.csv" "$odd" > /dev/null 2> "$tmp/err"
	st=$?
	if [ $st -eq 0 ] && [ ! -e "$tmp/INJECTED" ] && [ -s "$odd/energy-latency.png" ] && [ -s "$odd/energy-latency.svg" ]; then
		ok "pidle-replay-plot: an OUTDIR with quotes and system() is a directory name, not gnuplot code"
	else
		not_ok "pidle-replay-plot: a path as gnuplot code" "exit $st, injected file: $([ -e "$tmp/INJECTED" ] && echo made || echo none), $(cat "$tmp/err")"
	fi
	mkdir -p "$tmp/it's"
	cp "$tmp/sum.csv" "$tmp/it's/sum'.csv"
	"$P" "$tmp/it's/sum'.csv" "$tmp/it's/plots" > /dev/null 2> "$tmp/err" && [ -s "$tmp/it's/plots/energy-latency.png" ] &&
		ok "pidle-replay-plot: a plain quote in both paths" ||
		not_ok "pidle-replay-plot: a plain quote in a path" "$(cat "$tmp/err")"
	head -n 1 "$tmp/sum.csv" > "$tmp/hdr.csv"
	{ head -n 1 "$tmp/sum.csv"; echo 'pc6,menu,none,fast,2.0,98.2,0.2,1'; } > "$tmp/nan.csv"
	echo 'table,latency' > "$tmp/other.csv"
	for c in "hdr.csv:no cell: the summary has its header only" \
		 'nan.csv:line 2: latency "fast" or energy "2.0" is not a number' \
		 "other.csv:line 1: not a pidle-replay --summary header"; do
		rm -rf "$tmp/none"
		"$P" "$tmp/${c%%:*}" "$tmp/none" > "$tmp/out" 2> "$tmp/err"
		st=$?
		if [ $st -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -qF -- "${c#*:}" "$tmp/err" && [ ! -e "$tmp/none" ] && [ ! -s "$tmp/out" ]; then
			ok "pidle-replay-plot refuses ${c%%:*} in one line, writes nothing: $(cat "$tmp/err")"
		else
			not_ok "pidle-replay-plot refuses ${c%%:*}" "exit $st, $(wc -l < "$tmp/err") lines: $(head -c 300 "$tmp/err"); outdir $([ -e "$tmp/none" ] && echo made || echo absent)"
		fi
	done
	# sweep.exp's dma20 cells: every table at one point (PM QoS keeps
	# them all in C1): one marker, one line naming the three
	svg=$tmp/plots/energy-latency.svg
	n=$(grep -c 'pc6/menu/dma20, flat/menu/dma20, pc10/menu/dma20' "$svg")
	small=$(grep -o 'font-size="[0-9.]*"' "$svg" | sed 's/[^0-9.]//g' | awk '$1 < 9' | wc -l)
	if [ "$n" -eq 1 ] && [ "$small" -eq 0 ]; then
		ok "pidle-replay-plot: the three dma20 cells at one point are listed on one line; no text under 9 pt"
	else
		not_ok "pidle-replay-plot: coinciding cells" "$n lines naming the three dma20 cells (want 1), $small texts under 9 pt"
	fi
	# the Pareto front: a cell is on it exactly when no other is at least
	# as good on energy and latency and better on one
	if jq -e -R -s '[split("\n")[1:][] | select(length > 0) | split(",")] |
		map({l: (.[3] | tonumber), e: (.[4] | tonumber), p: .[7]}) as $c |
		[$c[] | . as $f |
		 ([$c[] | select(.l <= $f.l and .e <= $f.e and (.l < $f.l or .e < $f.e))] | length) as $beaten |
		 (($f.p == "1") == ($beaten == 0))] | all' "$tmp/sum.csv" > /dev/null; then
		ok "the Pareto front: exactly the cells no other beats on both energy and latency"
	else
		not_ok "Pareto front" "$(cat "$tmp/sum.csv")"
	fi
	if [ "$(awk -F, '{ print NF }' "$tmp/j1.csv" | sort -u | wc -l)" -eq 1 ] &&
	   grep -q '^pc10,.*,PC10,' "$tmp/j1.csv" && grep -q '^flat,' "$tmp/j1.csv"; then
		ok "sweep CSV: one header for tables of 3, 4 and 5 states, every row as wide"
	else
		not_ok "sweep CSV" "$(awk -F, '{ print NF }' "$tmp/j1.csv" | sort | uniq -c | tr '\n' ' ')"
	fi
	"$R" --exp "$D/sweep.exp" -T "$topology" --cell 4 --csv "$G" > "$tmp/c4.csv"
	if [ "$(sed -n 2p "$tmp/c4.csv" | cut -d, -f1-3)" = "$(sed -n 5p "$tmp/j1.csv" | cut -d, -f1-3)" ]; then
		ok "--cell 4 runs the fourth cell of --list alone (a job array's task)"
	else
		not_ok "--cell 4" "$(cat "$tmp/c4.csv")"
	fi

	# 5. OS-initiated tables: the CPU states to the governor, the
	# package's PC6 (power-off 50 us + residency 600 us) to a domain
	# governor at last-man time
	OSI='WFI:1:1:cpu:1500:5,C6:100:400:cpu:200:500,PC6:50+133:600:package:1000:3000'
	osi() { "$R" -s "$1" -T "$topology" --power "$power" --mode osi --json "${@:2}" "$G"; }
	osi "$OSI" --domain-gov deepest > "$tmp/deep.json" 2> "$tmp/err"
	osi "$OSI" --domain-gov genpd-6.12 > "$tmp/genpd.json" 2>> "$tmp/err"
	jqcheck "OSI deepest: cpuidle shows the 2 CPU states, the package powered off at every last man, never rejected" \
		'.mode == "osi" and (.states | length) == 2 and .domains[0].gov == "deepest" and .domains[0].usage > 100 and .domains[0].rejected == 0' "$tmp/deep.json"
	if jq -e -s '.[0].domains[0] as $d | .[1].domains[0] as $g |
		$g.gov == "genpd-6.12" and $g.rejected > 0 and
		$g.usage + $g.rejected == $d.usage and
		$g.above < $d.above and $g.too_deep < $d.too_deep and
		([.[0].states[].requested] == [.[1].states[].requested])' "$tmp/deep.json" "$tmp/genpd.json" > /dev/null; then
		ok "OSI genpd-6.12 against deepest: the same CPU choices; of deepest's $(jq .domains[0].usage "$tmp/deep.json") power-offs genpd rejects $(jq .domains[0].rejected "$tmp/genpd.json") (a timer before power-off + residency) and is woken early less often (above $(jq .domains[0].above "$tmp/genpd.json") against $(jq .domains[0].above "$tmp/deep.json"))"
	else
		not_ok "OSI genpd-6.12 against deepest" "$(jq -c .domains "$tmp/deep.json" "$tmp/genpd.json" | tr '\n' ' ') $(cat "$tmp/err")"
	fi
	# no period of the trace is 1 s long: genpd never powers off, deepest always
	OSI1S=${OSI/:600:package/:1000000:package}
	osi "$OSI1S" --domain-gov genpd-6.12 > "$tmp/g1s.json" 2> "$tmp/err"
	osi "$OSI1S" --domain-gov deepest > "$tmp/d1s.json" 2>> "$tmp/err"
	if jq -e -s '.[0].domains[0] as $g | .[1].domains[0] as $d |
		$g.usage == 0 and $g.rejected == $d.usage and $d.usage > 100 and
		$d.rejected == 0 and $d.above == $d.usage' "$tmp/g1s.json" "$tmp/d1s.json" > /dev/null; then
		ok "OSI, a residency of 1 s: genpd-6.12 rejects every last man, deepest powers off every time and is woken early every time"
	else
		not_ok "OSI residency 1 s" "$(jq -c .domains "$tmp/g1s.json" "$tmp/d1s.json" | tr '\n' ' ') $(cat "$tmp/err")"
	fi
	# PM QoS 150 us, below PC6's 50 + 133 us: every genpd port refuses, deepest does not
	good=0
	for g in genpd-6.1 genpd-6.12 genpd; do
		osi "$OSI" --qos-us 150 --domain-gov $g > "$tmp/q.json" 2> "$tmp/err"
		jq -e '.domains[0].usage == 0 and .domains[0].rejected > 100' "$tmp/q.json" > /dev/null && good=$((good + 1))
	done
	osi "$OSI" --qos-us 150 --domain-gov deepest > "$tmp/qd.json" 2> "$tmp/err"
	if [ $good -eq 3 ] && jq -e '.domains[0].usage > 100 and .domains[0].rejected == 0' "$tmp/qd.json" > /dev/null; then
		ok "OSI, PM QoS 150 us (PC6 takes 183 us to leave): genpd-6.1, genpd-6.12 and genpd keep the package up, deepest does not"
	else
		not_ok "OSI PM QoS" "$good of 3 genpd ports kept it up; deepest $(jq -c .domains "$tmp/qd.json") $(cat "$tmp/err")"
	fi
	# a sweep of PC and OSI cells (tests/replay/osi.exp)
	"$R" --exp "$D/osi.exp" --csv --jobs 2 "$G" > "$tmp/osi.csv" 2> "$tmp/err"
	"$R" --exp "$D/osi.exp" --csv --jobs 1 "$G" > "$tmp/osi1.csv" 2>> "$tmp/err"
	if [ "$(wc -l < "$tmp/osi.csv")" -eq 7 ] &&
	   [ "$(awk -F, '{ print NF }' "$tmp/osi.csv" | sort -u | wc -l)" -eq 1 ] &&
	   diff <(sed 's/,[0-9]*$//' "$tmp/osi.csv") <(sed 's/,[0-9]*$//' "$tmp/osi1.csv") > /dev/null &&
	   jq -e -R -s '[split("\n")] | .[0] as $l | ($l[0] | split(",")) as $h |
		[$l[1:][] | select(length > 0) | split(",") | [$h, .] | transpose | map({(.[0]): .[1]}) | add] as $r |
		($r | length) == 6 and
		([$r[] | select(.table == "pc")] | all(.dstate0_gov == "pc" and .state2_name == "PC6" and (.state2_requested | tonumber) > 0)) and
		([$r[] | select(.table == "osi-deepest")] | all(.dstate0_gov == "deepest" and .state2_name == "" and .dstate0_rejected == "0")) and
		([$r[] | select(.table == "osi-genpd")] | all(.dstate0_gov == "genpd-6.12" and (.dstate0_rejected | tonumber) > 0))' "$tmp/osi.csv" > /dev/null; then
		ok "sweep of PC and OSI cells (osi.exp: 3 tables x menu, teo): one header; PC rows request PC6 themselves, OSI rows leave it to deepest (0 rejected) or genpd-6.12 (rejects); -j 2 as -j 1"
	else
		not_ok "PC and OSI sweep" "$(cat "$tmp/osi.csv" "$tmp/err" | head -c 600)"
	fi
	expect_status 1 "domain_gov: a name not built in" 'governor "genpd-7" is not registered (built in: genpd' -- \
		-s "$OSI" -T "$topology" --mode osi --domain-gov genpd-7 "$G"
	expect_status 1 "domain_gov: a level the topology lacks" 'level "cluster" is not a domain level' -- \
		-s "$OSI" -T "$topology" --mode osi --domain-gov cluster:deepest "$G"
	expect_status 1 "domain_gov on a mode pc table" "domain governors choose the domain states of mode osi" -- \
		-s "$OSI" -T "$topology" --domain-gov deepest "$G"
	expect_status 1 "a mode neither pc nor osi" 'mode: "psci": not one of pc, osi' -- \
		-s "$OSI" -T "$topology" --mode psci "$G"
	expect_status 1 "mode osi with a polling deepest CPU state" "is a polling state" -- \
		-s POLL:0:0,PC6:133:600:package -T "$topology" --mode osi "$G"
	sed 's/^domain_gov = package:genpd-6.12$/domain_gov = package:genpd-9/' "$D/osi.exp" > "$tmp/badgov.exp"
	expect_error "an experiment file's bad domain_gov: the table's line, refused before any cell runs" \
		"badgov.exp:[0-9]*: table osi-genpd: domain_gov: item 0 (package): governor \"genpd-9\" is not registered" -- \
		--exp "$tmp/badgov.exp" "$G"
else
	not_ok "guest trace" "$G missing (tests/replay/record.sh makes it)"
fi

# trace.dat (pidle_rp_tracedat.c): tracedat/menu.dat is a real recording
# (record.sh OUT.dat: trace-cmd record in the guest, 6.12, menu, the tiny
# workload), tracedat/menu.trace its text (trace-cmd report -t -N); both
# readers must replay it to the same bytes
# same_as_text DESC DAT TEXT ARGS...: pidle-replay ARGS on the trace.dat
# and on its text give the same report but the first line (records or
# lines), and the same decisions (--periods; menu, or -g ARGS gives)
same_as_text() {
	local desc=$1 dat=$2 txt=$3
	shift 3
	rm -f "$tmp/sd.p" "$tmp/st.p"
	"$R" "$@" --periods "$tmp/sd.p" "$dat" 2>&1 | sed -e 1d -e '/periods\/s$/d' > "$tmp/sd.out"
	"$R" "$@" --periods "$tmp/st.p" "$txt" 2>&1 | sed -e 1d -e '/periods\/s$/d' > "$tmp/st.out"
	if [ -s "$tmp/sd.p" ] && cmp -s "$tmp/sd.out" "$tmp/st.out" && cmp -s "$tmp/sd.p" "$tmp/st.p"; then
		ok "$desc ($(($(wc -l < "$tmp/sd.p") - 1)) period decisions)"
	else
		not_ok "$desc" "$(diff "$tmp/sd.out" "$tmp/st.out" | head -n 5; diff "$tmp/sd.p" "$tmp/st.p" | head -n 5)"
	fi
}

# std_tracedat: a standard trace.dat, which the reader streams into
# periods (pidle_rp_trace.c, DOC: Streaming a trace.dat), against its
# text, read into the events' array first: bench/replay-gen.awk's trace
# with each CPU's tick and an itimer restarted from their callbacks (the
# look-ahead streaming cannot have), as trace.dat by
# bench/replay-gen-dat.py (on $tmp/v6.dat's formats); whole, cut in an
# idle period, with a CPU of the table that has no event, and with one
# more CPU than the table
std_tracedat() {
	local T=$D/../../bench cut
	awk -v n=3000 -v cpus=2 -v periodic=1 -f "$T/replay-gen.awk" |
		LC_ALL=C sort -s -k1,1 | cut -f2- > "$tmp/std.trace"
	if ! python3 "$T/replay-gen-dat.py" "$tmp/v6.dat" "$tmp/std.dat" < "$tmp/std.trace" 2> "$tmp/err"; then
		not_ok "a standard trace.dat" "bench/replay-gen-dat.py: $(cat "$tmp/err")"
		return
	fi
	for g in menu teo ladder; do
		same_as_text "standard trace.dat streamed, $g: as its text, restarted timers and the tick included" \
			"$tmp/std.dat" "$tmp/std.trace" -s "$td_states" -T "$td_topology" --power "$td_power" -g $g
	done
	same_as_text "standard trace.dat streamed at HZ 1000 (the tick's comparisons made at the end): as its text" \
		"$tmp/std.dat" "$tmp/std.trace" -s "$td_states" -T "$td_topology" --hz 1000 -g menu
	# each CPU's last cpu_idle exit left out: the trace ends in an idle
	# period of each, which is dropped
	awk 'NR == FNR { if (/state=4294967295/) last[$NF] = FNR; next }
	     !(/state=4294967295/ && last[$NF] == FNR)' "$tmp/std.trace" "$tmp/std.trace" > "$tmp/stdcut.trace"
	python3 "$T/replay-gen-dat.py" "$tmp/v6.dat" "$tmp/stdcut.dat" < "$tmp/stdcut.trace" &&
	same_as_text "standard trace.dat ending inside an idle period: as its text" \
		"$tmp/stdcut.dat" "$tmp/stdcut.trace" -s "$td_states" -T "$td_topology" -g menu
	expect_error "standard trace.dat, a CPU of the table without an event: refused, the CPU named" \
		"cpu 2: no idle period in the trace" -- -s "$td_states" -T package=0-2 "$tmp/std.dat"
	same_as_text "standard trace.dat, a CPU without an event declared offline: as its text" \
		"$tmp/std.dat" "$tmp/std.trace" -s "$td_states" -T package=0-2 --offline 2 -g menu
	expect_error "standard trace.dat with a CPU beyond the table: refused" \
		"the trace has CPUs 0-1, more than the 1 of the topology" -- -s "$td_states" -T package=0 "$tmp/std.dat"
}

TD=$D/tracedat/menu.dat
if [ -f "$TD" ] && [ -f "${TD%.dat}.info" ]; then
	eval "$(sed -n 's/^\(states\|topology\|power\) \(.*\)/td_\1="\2"/p' "${TD%.dat}.info")"
	# replay_same FILE TAG: the report of menu, teo and the recorded
	# decisions without its first line (the file's name and what it
	# counts, lines or records) and the replay's speed, and every
	# period's decision under menu and teo (--periods, one governor a run;
	# the recorded states have none to write)
	replay_same() {
		local g
		"$R" -s "$td_states" -T "$td_topology" --power "$td_power" -g menu,teo,recorded \
			"$1" > "$tmp/$2.out" 2> "$tmp/$2.err" &&
		sed -i -e 1d -e '/periods\/s$/d' "$tmp/$2.out" || return 1
		: > "$tmp/$2.periods"
		for g in menu teo; do
			"$R" -s "$td_states" -T "$td_topology" --power "$td_power" -g $g \
				--periods "$tmp/$2.p" "$1" > /dev/null 2>> "$tmp/$2.err" &&
			cat "$tmp/$2.p" >> "$tmp/$2.periods" || return 1
		done
	}
	if replay_same "$TD" dat && replay_same "${TD%.dat}.trace" txt &&
	   cmp -s "$tmp/dat.out" "$tmp/txt.out" && cmp -s "$tmp/dat.periods" "$tmp/txt.periods"; then
		ok "trace.dat and its trace-cmd report text replay to the same bytes ($(wc -l < "$tmp/dat.periods") period decisions, under menu and under teo, and the report of both and the recorded states)"
	else
		not_ok "trace.dat and its text replay alike" "$(cat "$tmp/dat.err" "$tmp/txt.err"; diff "$tmp/dat.out" "$tmp/txt.out" | head -n 10)"
	fi
	# the first lines: "N records, E events" and "N+1 lines, E events"
	# (the text's cpus= header line), a module trace both
	"$R" -s "$td_states" -T "$td_topology" "$TD" 2>&1 | head -n 1 > "$tmp/td.head"
	"$R" -s "$td_states" -T "$td_topology" "${TD%.dat}.trace" 2>&1 | head -n 1 > "$tmp/tt.head"
	n=$(sed -n 's/.* \([0-9]*\) records, \([0-9]*\) events.*/\1 \2/p' "$tmp/td.head")
	m=$(sed -n 's/.* \([0-9]*\) lines, \([0-9]*\) events.*/\1 \2/p' "$tmp/tt.head")
	if [ -n "$n" ] && [ "$((${n% *} + 1)) ${n#* }" = "$m" ] &&
	   grep -q 'module (pseudo_cpuidle) trace' "$tmp/td.head"; then
		ok "trace.dat: a module trace of ${n% *} records, the text's ${m% *} lines but its header; the same ${n#* } events read"
	else
		not_ok "trace.dat's records and events" "$(cat "$tmp/td.head" "$tmp/tt.head")"
	fi
	# the file format before compression (version 6, trace-cmd record
	# --file-version 6), written by trace-cmd from the shipped one
	if trace-cmd convert --file-version 6 --compression none -i "$TD" -o "$tmp/v6.dat" > /dev/null 2>&1; then
		if replay_same "$tmp/v6.dat" v6 && cmp -s "$tmp/dat.out" "$tmp/v6.out"; then
			ok "a version 6 trace.dat (uncompressed) replays as the version 7 one"
		else
			not_ok "version 6 trace.dat" "$(cat "$tmp/v6.err"; diff "$tmp/dat.out" "$tmp/v6.out" | head -n 5)"
		fi
		head -c $(($(stat -c %s "$tmp/v6.dat") - 20000)) "$tmp/v6.dat" > "$tmp/cut6.dat"
		expect_error "trace.dat cut in its pages (version 6): refused, not read as a shorter trace" \
			"cut6.dat: cpu 1's data ends at byte [0-9]*, beyond the file's [0-9]* bytes: the trace.dat is truncated" -- \
			-s "$td_states" -T "$td_topology" "$tmp/cut6.dat"
		# pidle_exit's format renamed, bytes for bytes: a trace.dat
		# without the event (trace-cmd report reads it still)
		LC_ALL=C sed 's/name: pidle_exit$/name: pidle_exiz/' "$tmp/v6.dat" > "$tmp/noexit.dat"
		expect_error "trace.dat without pidle_exit: the missing event named" \
			"noexit.dat: no pseudo_cpuidle:pidle_exit (the module trace's wake-ups) event: record it" -- \
			-s "$td_states" -T "$td_topology" "$tmp/noexit.dat"
		std_tracedat
	else
		not_ok "trace-cmd convert --file-version 6" "trace-cmd (scripts/deps) could not convert $TD"
	fi
	head -c 700000 "$TD" > "$tmp/cut.dat"
	expect_error "trace.dat cut in half: refused with the file's name" \
		"cut.dat: a trace.dat libtracecmd cannot open: truncated or corrupt in its headers" -- \
		-s "$td_states" -T "$td_topology" "$tmp/cut.dat"
	head -c 6 "$TD" > "$tmp/cut-magic.dat"
	expect_error "trace.dat cut in its magic" "cut-magic.dat: 6 bytes, cut short in trace-cmd's magic: the trace.dat is truncated" -- \
		-s "$td_states" -T "$td_topology" "$tmp/cut-magic.dat"
	cp "${TD%.dat}.trace" "$tmp/text.dat"
	expect_error "a .dat that is not trace.dat (text): the magic named" \
		"text.dat: not a trace.dat: its first bytes are not trace-cmd's magic" -- \
		-s "$td_states" -T "$td_topology" "$tmp/text.dat"
	expect_error "trace.dat on stdin: refused (libtracecmd seeks)" \
		"-: a trace.dat from a pipe" -- -s "$td_states" -T "$td_topology" - < <(cat "$TD")
else
	not_ok "trace.dat" "$TD or its .info missing (tests/replay/record.sh OUT.dat makes it)"
fi
# 5. the corpus (tests/replay/corpus/, make replay-corpus): each
# recording of the linux-pm workloads replayed with its own table and
# governor under --agree 1. Unlike the 2-CPU recordings above, these
# 8-CPU runs have decisions the trace cannot place (Documentation/
# pidle-replay.rst, "Agreement, figure by figure"): asserted is that
# every figure is within 1 % or not placed, with its reason; that no
# placed one is beyond (exit 0); and that the differing decisions the
# report counts are those --periods lists.
for t in "$D"/corpus/*.trace.xz; do
	[ -f "$t" ] || { not_ok "corpus" "no recording in $D/corpus (make replay-corpus)"; break; }
	i=${t%.trace.xz}.info
	t_mode=pc t_domain_gov= t_power= t_states= t_topology= t_governor=
	eval "$(sed -n 's/^\(states\|topology\|power\|governor\|mode\|domain_gov\) \(.*\)/t_\1="\2"/p' "$i")"
	[ "$t_mode" = osi ] || t_domain_gov=
	[ "$t_power" = none ] && t_power=
	xz -dc "$t" > "$tmp/corpus.trace"
	"$R" -s "$t_states" -T "$t_topology" ${t_power:+--power "$t_power"} -g "$t_governor" \
		--mode "$t_mode" ${t_domain_gov:+--domain-gov "$t_domain_gov"} \
		--agree 1 --periods "$tmp/agree.per" "$tmp/corpus.trace" > "$tmp/agree.txt" 2> "$tmp/err"
	st=$?
	why=$(agree_check "$tmp/agree.txt" $st "$tmp/agree.per")
	if [ -z "$why" ]; then
		ok "corpus $(basename "$t" .trace.xz) ($t_governor, $t_mode): $(grep -c ' within$' "$tmp/agree.txt") figures within 1 %, $(grep -c ' not placed: ' "$tmp/agree.txt") not placed, each with its reason ($(sed -n 's/^  decisions: //p' "$tmp/agree.txt"))"
	else
		not_ok "corpus $(basename "$t" .trace.xz) ($t_governor): per-figure agreement" "$why $(head -c 300 "$tmp/err")"
		sed 's/^/# /' "$tmp/agree.txt"
	fi
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
