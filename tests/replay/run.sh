#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make check-replay: pidle-replay on the traces of this folder (host only,
# a few seconds). synthetic.trace is hand-made (trace-cmd report's text,
# -t: ns): cpu1 sleeps 950 us 50 times, woken by its own hrtimer, cpu0
# 10 ms 5 times, by its tick. guest-menu.trace is a real recording
# (tests/replay/record.sh: 6.12 under -icount, menu, the tiny experiment's
# workload), replayed with the same table and governor. Prints its own
# "N passed, N failed".
set -u
BUILD=${1:-build}
R=$BUILD/pidle-replay
D=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1: $2"; }

# expect_error DESC PATTERN -- ARGS: exits 2 with PATTERN in its message
# and prints no report on stdout.
expect_error() {
	local desc=$1 pat=$2 st
	shift 3
	"$R" "$@" > "$tmp/out" 2> "$tmp/err"
	st=$?
	if [ $st -ne 2 ]; then
		not_ok "$desc" "exit $st, want 2 ($(head -c 200 "$tmp/err"))"
	elif ! grep -q -- "$pat" "$tmp/err"; then
		not_ok "$desc" "message '$(cat "$tmp/err")' lacks '$pat'"
	elif [ -s "$tmp/out" ]; then
		not_ok "$desc" "a report was printed beside the error"
	else
		ok "$desc: $(cat "$tmp/err")"
	fi
}

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
"$R" -s "$PC6" -t package=0-1 --power cpu:4000,package:6000 -g menu,ladder,recorded --json "$S" > "$tmp/syn.json" 2> "$tmp/err" ||
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
"$R" -s "$PC6" -t package=0-1 --power cpu:4000,package:6000 --json "$tmp/us.trace" > "$tmp/us.json" 2>&1
if [ "$(jq -c 'del(.replay_s, .periods_per_s)' "$tmp/us.json")" = "$(jq -c 'del(.replay_s, .periods_per_s)' "$tmp/menu.json")" ]; then
	ok "the tracefs format (flags column, microseconds) gives the same report as trace-cmd report -t"
else
	not_ok "tracefs format" "$(head -c 300 "$tmp/us.json")"
fi

# 2. PM QoS 20 us keeps menu out of C6 and PC6
"$R" -s "$PC6" -t package=0-1 --qos-us 20 --json "$S" > "$tmp/qos.json" 2>&1
jqcheck "PM QoS 20 us: menu picks C1 only" \
	'.states[1].requested == 55 and .states[2].requested == 0 and .states[3].requested == 0 and .latency_max_us == 2' "$tmp/qos.json"

# 3. bad input: a message naming what is wrong, never a report
n=$(wc -c < "$S")
head -c $((n - 40)) "$S" > "$tmp/trunc.trace"
expect_error "truncated trace" "truncated" -- -s "$PC6" -t package=0-1 "$tmp/trunc.trace"
head -n 10 "$S" > "$tmp/ooo.trace"
sed -n 5p "$S" | sed 's/ 1000\.0/ 999.0/' >> "$tmp/ooo.trace"
tail -n +11 "$S" >> "$tmp/ooo.trace"
expect_error "events out of order" "out of order" -- -s "$PC6" -t package=0-1 "$tmp/ooo.trace"
{ cat "$S"; echo '     stress-1234 [002] 1000.060000000: sched_wakeup:        comm=x pid=1 prio=120 target_cpu=002'; } > "$tmp/busy.trace"
expect_error "a CPU that never idles" "cpu 2: no idle period" -- -s "$PC6" -t package=0-2 "$tmp/busy.trace"
"$R" -s "$PC6" -t package=0-2 --busy 2 --json "$tmp/busy.trace" > "$tmp/busy.json" 2> "$tmp/err"
jqcheck "... declared --busy: it keeps the package up all along" \
	'.domains[0].usage == 0 and .states[3].requested == 55' "$tmp/busy.json"
expect_error "more CPUs than the topology" "more than the 1 of the topology" -- -s "$PC6" -t package=0 "$S"
grep -v hrtimer_cancel "$S" > "$tmp/nocancel.trace"
expect_error "a trace without hrtimer_cancel" "no timer:hrtimer_cancel" -- -s "$PC6" "$tmp/nocancel.trace"
grep -v cpu_idle "$S" > "$tmp/noidle.trace"
expect_error "a trace without cpu_idle" "no power:cpu_idle" -- -s "$PC6" "$tmp/noidle.trace"
{ head -n 20 "$S"; echo 'CPU:1 [LOST 42 EVENTS]'; tail -n +21 "$S"; } > "$tmp/lost.trace"
expect_error "a trace that lost events" "lost events" -- -s "$PC6" "$tmp/lost.trace"
{ head -n 20 "$S"; echo 'this is not a trace line'; tail -n +21 "$S"; } > "$tmp/junk.trace"
expect_error "a line that is not an event" "line 21: not a trace line" -- -s "$PC6" "$tmp/junk.trace"
printf '[table osi]\nstates = POLL:0:0,C1:2:2\nmode = osi\n[defaults]\ntable = osi\n' > "$tmp/osi.exp"
expect_error "an OSI table (mode = osi): refused, not replayed as PC" "mode = osi: not replayed" -- --exp "$tmp/osi.exp" "$S"
expect_error "a governor not compiled in" "governor 'haltpoll'" -- -s "$PC6" -t package=0-1 -g haltpoll "$S"
expect_error "recorded states beyond the table" "enters state 3" -- -s POLL:0:0,C1:2:2,C6:100:400 -g recorded "$S"

# 4. the guest recording, replayed with its own table and governor
G=$D/guest-menu.trace
if [ -s "$G" ]; then
	eval "$(sed -n 's/^\(states\|topology\|power\|governor\) \(.*\)/\1="\2"/p' "${G%.trace}.info")"
	# every recording of this folder (guest-GOVERNOR.trace), each with
	# its own table and governor
	for t in "$D"/guest-*.trace; do
		eval "$(sed -n 's/^\(states\|topology\|power\|governor\) \(.*\)/t_\1="\2"/p' "${t%.trace}.info")"
		"$R" -s "$t_states" -t "$t_topology" --power "$t_power" -g "$t_governor" --agree 1 "$t" > "$tmp/agree.txt" 2> "$tmp/err"
		st=$?
		sed 's/^/# /' "$tmp/agree.txt"
		if [ $st -eq 0 ] && grep -q 'within' "$tmp/agree.txt"; then
			ok "$(basename "$t") ($t_governor): replayed usage, domain downs, latency and energy within 1 % of the recorded run"
		else
			not_ok "$(basename "$t") ($t_governor) agrees within 1 %" "exit $st $(cat "$tmp/err")"
		fi
	done
	# a line missing in the middle (a pidle_exit): a hole, refused
	awk '/pidle_exit:/ && ++n == 100 { next } { print }' "$G" > "$tmp/hole.trace"
	expect_error "a module trace with a pidle_exit missing" "no pidle_exit since its pidle_enter: a hole" -- \
		-s "$states" -t "$topology" "$tmp/hole.trace"
	awk '/cpu_idle: state=4294967295/ && ++n == 100 { next } { print }' "$G" | grep -v pidle_ > "$tmp/hole2.trace"
	expect_error "a standard trace with a cpu_idle exit missing" "without an exit since its entry at line" -- \
		-s "$states" -t "$topology" "$tmp/hole2.trace"
	# the same run read from the standard events alone (the module's
	# stripped): what a trace of a real machine gives
	grep -v 'pidle_' "$G" > "$tmp/std.trace"
	"$R" -s "$states" -t "$topology" --power "$power" -g "$governor" --recorded-states "$states" --json "$tmp/std.trace" > "$tmp/std.json" 2> "$tmp/err"
	"$R" -s "$states" -t "$topology" --power "$power" -g recorded --json "$G" > "$tmp/mod.json" 2>> "$tmp/err"
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
	"$R" --exp "$D/sweep.exp" -t "$topology" --csv -j 1 "$G" > "$tmp/j1.csv" 2> "$tmp/err"
	"$R" --exp "$D/sweep.exp" -t "$topology" --csv -j 2 "$G" > "$tmp/j2.csv" 2>> "$tmp/err"
	cells=$("$R" --exp "$D/sweep.exp" -t "$topology" --list "$G" | wc -l)
	if [ "$cells" -eq 12 ] && [ "$(wc -l < "$tmp/j1.csv")" -eq 13 ] &&
	   diff <(cut -d, -f1-60 "$tmp/j1.csv" | sed 's/,[0-9]*$//') <(cut -d, -f1-60 "$tmp/j2.csv" | sed 's/,[0-9]*$//') > /dev/null; then
		ok "sweep: 12 cells (3 tables x 3 governors + 3 under PM QoS), -j 2 the same rows as -j 1"
	else
		not_ok "sweep" "cells $cells, rows $(wc -l < "$tmp/j1.csv"); $(cat "$tmp/err")"
	fi
	# the summary and its plot
	"$R" --exp "$D/sweep.exp" -t "$topology" -j 2 --summary "$tmp/sum.csv" "$G" > "$tmp/sweep.txt" 2> "$tmp/err"
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
	"$R" --exp "$D/sweep.exp" -t "$topology" --cell 4 --csv "$G" > "$tmp/c4.csv"
	if [ "$(sed -n 2p "$tmp/c4.csv" | cut -d, -f1-3)" = "$(sed -n 5p "$tmp/j1.csv" | cut -d, -f1-3)" ]; then
		ok "--cell 4 runs the fourth cell of --list alone (a job array's task)"
	else
		not_ok "--cell 4" "$(cat "$tmp/c4.csv")"
	fi
else
	not_ok "guest trace" "$G missing (tests/replay/record.sh makes it)"
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
