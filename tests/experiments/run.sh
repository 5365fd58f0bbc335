#!/bin/bash
# make check-experiments: the experiment runner's host tests, no guest.
#   parse     every shipped experiment parses, to the cells it declares
#             (the OSI ones with their mode and domain_gov columns)
#   bad       each bad/*.exp fails with the error (and line) of its first
#             line "# expect: LINE: TEXT" (LINE "-": the file as a whole)
#   resume    an interrupted run resumes: the second boot gets only the
#             cells the first did not finish, a third boots nothing
#   merge     --list, --job into separate directories, --merge: one report
#   columns   results.csv/json: one row per cell, the axes, pidle-stat's
#             figures, the workload's; an energy figure becomes a column
#   energy    the energy table, its spread and the answers (best governor
#             on latency, energy and their product; PM QoS's and the
#             workaround's energy cost; a governor the kernel lacks named),
#             exact lines for fixed figures (energy.exp); the energy-
#             latency plot
#   noise     each case against its reference by ab/stats.awk's method
#   plots     PNG and SVG, non-empty, for the fixed input
# The guest is tests/experiments/fake-boot.sh, which writes what the
# guest script writes, with a real guest's pidle-stat JSON (stat.json).
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
HERE=$TOP/tests/experiments
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
PASS=0 FAIL=0
ok() { echo "ok - $1"; PASS=$((PASS + 1)); }
nok() { echo "not ok - $1: $2"; FAIL=$((FAIL + 1)); }
check() {	# DESC WHY: ok when WHY is empty
	if [ -z "$2" ]; then ok "$1"; else nok "$1" "$2"; fi
}
cells() { grep -vc -e '^#' -e '^id' "$1"; }
# missing_lines FILE: why= names each line of stdin that FILE lacks
missing_lines() {
	why=
	while IFS= read -r want; do
		grep -qxF -- "$want" "$1" || why="$why
	  missing: '$want'"
	done
}

# parse: the shipped files, and the cells they must give
why=
for want in seed:48 governors:12 coverage:31 tiny:3 osi-modes:12 osi-ipi:8 wake:84 linuxpm:55; do
	f=$TOP/experiments/${want%%:*}.exp
	if ! PIDLE_EXP_DIR=$TOP/experiments awk -f "$TOP/experiments/parse.awk" "$f" > "$T/p.tsv" 2> "$T/p.err"; then
		why="$why ${want%%:*}: $(cat "$T/p.err")"; continue
	fi
	[ "$(cells "$T/p.tsv")" = "${want#*:}" ] || why="$why ${want%%:*}: $(cells "$T/p.tsv") cells, want ${want#*:}"
done
# repeats of two digits: 12 repeats of tiny.exp's 3 cells are 36 (the
# loop once compared the repeat with the value as a string: "2" > "12")
sed 's/^repeats *=.*/repeats = 12/' "$TOP/experiments/tiny.exp" > "$T/rep12.exp"
grep -q '^repeats = 12' "$T/rep12.exp" || echo "repeats = 12" >> "$T/rep12.exp"
n=$(PIDLE_EXP_DIR=$TOP/experiments awk -f "$TOP/experiments/parse.awk" "$T/rep12.exp" | cells /dev/stdin)
[ "$n" = 36 ] || why="$why tiny.exp with repeats = 12: $n cells, want 36"
awk -f "$TOP/experiments/parse.awk" "$TOP/experiments/seed.exp" > "$T/seed.tsv"
line=$(grep -P '^6.12/skx/menu/x3/none/rtc-500us/r2\t' "$T/seed.tsv" | cut -f12,13,18)
[ "$line" = "$(printf '3\tC6 PC6\tpidle-irqwork -f 2000 -n 1000 -w 1000 -c 1')" ] ||
	why="$why seed x3 cell: '$line'"
grep -q '^6.12/skx/menu/none/none/rtc-500us/r1' "$T/seed.tsv" &&
	[ "$(grep -c '^6.12/skx/menu/none/none/rtc-500us/r1' "$T/seed.tsv")" = 1 ] ||
	why="$why the reference cell is not there exactly once (matrices share it)"
line=$(awk -f "$TOP/experiments/parse.awk" "$TOP/experiments/coverage.exp" | grep '/only-C1-PC6/' | cut -f14)
[ "$line" = "C1 PC6" ] || why="$why coverage only-C1-PC6 enables '$line'"
# the demo's tables have powers: power= in the last column, POWER_MW in the states
line=$(grep -P '^6.12/skx/teo/none/none/rtc-500us/r1\t' "$T/seed.tsv" | cut -f9,19)
[ "$line" = "$(printf 'POLL:0:0:cpu:4000,C1:2:2:cpu:1500:5,C1E:10:20:cpu:1000:10,C6:92:276:core:100:386,PC6:133:600:package:1000:3000\tcpu:4000,core:1500,package:6000')" ] ||
	why="$why seed skx cell: states/power '$line'"
line=$(awk -f "$TOP/experiments/parse.awk" "$TOP/experiments/tiny.exp" | grep '^6.12/small/menu/none/none/rtc/r1' | cut -f19)
[ "$line" = - ] || why="$why a table without power gives power '$line', want -"
# the OSI experiments: mode and domain_gov in the last two columns
line=$(awk -f "$TOP/experiments/parse.awk" "$TOP/experiments/osi-modes.exp" | grep -P '^6.12/osi-predict/menu/none/none/sleeps/r2\t' | cut -f20,21)
[ "$line" = "$(printf 'osi\tpredict')" ] || why="$why osi-modes predict cell: mode/domain_gov '$line'"
line=$(awk -f "$TOP/experiments/parse.awk" "$TOP/experiments/osi-modes.exp" | grep -P '^6.12/pc/menu/none/none/sleeps/r1\t' | cut -f20,21)
[ "$line" = "$(printf 'pc\t-')" ] || why="$why osi-modes pc cell: mode/domain_gov '$line'"
check "parse: shipped experiments give their cells" "$why"

# bad: the error names the file, the line and what is wrong
for f in "$HERE"/bad/*.exp; do
	exp=$(sed -n '1s/^# expect: //p' "$f")
	ln=${exp%%: *}; text=${exp#*: }
	if [ "$ln" = - ]; then want="$f: $text"; else want="$f:$ln: $text"; fi
	got=$(PIDLE_EXP_DIR=$TOP/experiments awk -f "$TOP/experiments/parse.awk" "$f" 2>&1 >/dev/null); st=$?
	why=
	[ $st -ne 0 ] || why="exit status 0"
	case "$got" in "$want"*) ;; *) why="$why got '$got', want '$want'" ;; esac
	check "bad: $(basename "$f")" "$why"
done

# tables: --list (and every run) checks each table by the module's
# parser, as the guest will load it: FILE:LINE of the [table], no job
# listed (issue 38: a bad states= was found only in the guest)
why=
sed 's/^states *=.*/states = POLL:0:0,C1:2/' "$TOP/experiments/tiny.exp" > "$T/badstates.exp"
sed 's/^topology *=.*/topology = core=0-1,2-3;package=0-3/' "$TOP/experiments/tiny.exp" > "$T/badtopo.exp"
for c in "badstates.exp:11: table small: states: state 1 (C1): missing target residency" \
	 "badtopo.exp:11: table small: topology: "; do
	f=${c%%:*}
	out=$(PIDLE_EXP_BOOT=$HERE/fake-boot.sh "$TOP/experiments/run.sh" --list -o "$T/tb" "$T/$f" 2> "$T/tb.err"); st=$?
	[ $st -eq 1 ] || why="$why $f: exit $st"
	[ -z "$out" ] || why="$why $f: jobs listed: $out"
	case "$(cat "$T/tb.err")" in "$T/$c"*) ;; *) why="$why $f: '$(cat "$T/tb.err")', want '$T/$c...'" ;; esac
	[ "$(wc -l < "$T/tb.err")" -eq 1 ] || why="$why $f: $(wc -l < "$T/tb.err") lines on stderr"
done
for f in seed tiny wake osi-modes linuxpm; do
	PIDLE_EXP_BOOT=$HERE/fake-boot.sh "$TOP/experiments/run.sh" --list -o "$T/tb-$f" "$TOP/experiments/$f.exp" > /dev/null 2> "$T/tb.err" ||
		why="$why $f.exp refused: $(cat "$T/tb.err")"
done
check "tables: --list checks each table by the module's parser (FILE:LINE), the shipped ones pass" "$why"

sed 's/^repeats = 1/repeats = 3/' "$TOP/experiments/tiny.exp" > "$T/tiny3.exp"

# resume: the first boot dies after one cell of two
run() { PIDLE_EXP_BOOT=$HERE/fake-boot.sh FAKE_CALLS=$T/calls "$TOP/experiments/run.sh" -o "$T/out" "$@"; }
rm -f "$T/calls"
FAKE_STOP_AFTER=1 run "$TOP/experiments/tiny.exp" > "$T/run1.out" 2>&1
first=$(cat "$T/calls" 2>/dev/null); rm -f "$T/calls"
run "$TOP/experiments/tiny.exp" > "$T/run2.out" 2>&1
second=$(cat "$T/calls" 2>/dev/null); rm -f "$T/calls"
run "$TOP/experiments/tiny.exp" > "$T/run3.out" 2>&1
third=$(cat "$T/calls" 2>/dev/null)
why=
[ "$(echo "$first" | wc -w)" = 2 ] || why="$why first boot saw '$first' (want 2 cells, the second not finished)"
echo "$second" | grep -qF "$(echo "$first" | head -n 1)" && why="$why the finished cell was run again"
[ "$(echo "$second" | wc -w)" = 2 ] || why="$why second boot saw '$second' (want the 2 unfinished)"
[ -z "$third" ] || why="$why a third run booted '$third'"
grep -q '1/3 cells done' "$T/run1.out" || why="$why no progress line 1/3 in the first run"
grep -q '3/3 cells done' "$T/run2.out" || why="$why no progress line 3/3 in the second run"
check "resume: finished cells are not run again" "$why"

# jobs on other machines: --list, --job each into its own directory,
# --merge them (the GNU parallel / Slurm recipe of experiments.rst)
why=
jobs=$(PIDLE_EXP_BOOT=$HERE/fake-boot.sh "$TOP/experiments/run.sh" --list -o "$T/m" "$T/tiny3.exp" 2>&1)
[ "$jobs" = "$(printf '6.12-r1\n6.12-r2\n6.12-r3')" ] || why="--list printed '$jobs'"
for j in $jobs; do
	PIDLE_EXP_BOOT=$HERE/fake-boot.sh "$TOP/experiments/run.sh" --job "$j" -o "$T/m-$j" "$T/tiny3.exp" \
		> "$T/job.out" 2>&1 || why="$why --job $j: exit $?"
done
PIDLE_EXP_BOOT=$HERE/fake-boot.sh "$TOP/experiments/run.sh" --merge "$T"/m-6.12-r* -o "$T/m" "$T/tiny3.exp" \
	> "$T/merge.out" 2>&1 || why="$why --merge: exit $?"
n=$(grep -c '"status":"ok"' "$T/m/results.json" 2>/dev/null)
[ "$n" = 9 ] || why="$why $n cells ok after the merge, want 9"
grep -q 'resp p50 median 2.0 us' "$T/merge.out" || why="$why the merged report has no spread over the 3 repeats"
check "merge: jobs run apart, merged into one report" "$why"

# columns
csv=$T/out/results.csv json=$T/out/results.json
why=
[ -f "$csv" ] && [ -f "$json" ] || why="no results.csv/json"
if [ -z "$why" ]; then
	hdr=$(head -n 1 "$csv")
	for c in id kernel repeat table governor_asked change qos workload status elapsed_s busy_pct \
		 C6_residency_pct C6_usage C6_too_deep_pct cpu1_C6_usage cpu1_C6_residency_pct \
		 work_resp_p50_us work_resp_p99_us work_added_ms; do
		case ",$hdr," in *",$c,"*) ;; *) why="$why no column $c" ;; esac
	done
	case ",$hdr," in *,energy_j,*) why="$why an energy column with no energy figure" ;; esac
	[ "$(($(wc -l < "$csv") - 1))" = 3 ] || why="$why $(($(wc -l < "$csv") - 1)) CSV rows for 3 cells"
	[ "$(wc -l < "$json")" = 3 ] || why="$why $(wc -l < "$json") JSON lines for 3 cells"
	grep -qv '^{"id":"6\.12/small/.*,"stat":{"interval":0,.*}}$' "$json" && why="$why a JSON row of the wrong shape"
	n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "status") s = i; next } $s == "ok"' "$csv" | wc -l)
	[ "$n" = 3 ] || why="$why $n cells ok of 3"
fi
check "columns: a row per cell, axes, pidle-stat and workload figures" "$why"
rm -rf "$T/out"
FAKE_ENERGY=1 run "$TOP/experiments/tiny.exp" > "$T/run4.out" 2>&1
why=
hdr=$(head -n 1 "$csv" 2>/dev/null)
for c in energy_j energy_avg_w energy_efficiency_pct cpu1_energy_j; do
	case ",$hdr," in *,$c,*) ;; *) why="$why no $c column" ;; esac
done
case ",$hdr," in *,cpu0_energy_efficiency_pct,*) why="$why a column for a null figure" ;; esac
check "columns: an energy figure in pidle-stat's JSON becomes a column" "$why"

# --cells and figure =: only the matching cells boot; the workload's own
# figure per case, its median and spread over the repeats (the fake's
# resp p50 under menu is 148 us + the repeat: 149, 150, 151)
sed 's/^run = pidle-irqwork.*/&\nfigure = work_resp_p50_us/' "$T/tiny3.exp" > "$T/fig.exp"
rm -f "$T/calls"
PIDLE_EXP_BOOT=$HERE/fake-boot.sh FAKE_CALLS=$T/calls "$TOP/experiments/run.sh" --cells '/menu/none/none/' \
	-o "$T/fig" "$T/fig.exp" > "$T/fig.out" 2>&1
why=
[ "$(sort -u "$T/calls" 2>/dev/null | tr '\n' ' ')" = "6.12/small/menu/none/none/rtc/r1 6.12/small/menu/none/none/rtc/r2 6.12/small/menu/none/none/rtc/r3 " ] ||
	why="$why booted cells '$(tr '\n' ' ' < "$T/calls" 2>/dev/null)', want the three repeats of menu/none/none"
grep -qE '^small/menu/none/none/rtc +work_resp_p50_us +150 +2 ' "$T/fig.out" ||
	why="$why no figure row 'small/menu/none/none/rtc work_resp_p50_us 150 2' in: $(grep -A2 'Workload figures' "$T/fig.out")"
out=$("$TOP/experiments/run.sh" --cells '/nothing/' --list -o "$T/fig2" "$T/fig.exp" 2>&1) &&
	why="$why --cells matching nothing was taken"
case $out in *"--cells /nothing/: no cell id"*) ;; *) why="$why --cells /nothing/ said '$out'" ;; esac
check "figure and --cells: the workload's own figure per case (median, spread); only the cells asked for run" "$why"

# domains: genpd's counters of a domain state (issue 22) through the
# report: fake-boot.sh's FAKE_DOMAINS core state CC, usage 50 + r,
# rejected 4 (menu) or 9 (teo), above 7 - r, below 2, residency 12.5 %;
# one repeat (r1): medians are the figures themselves
rm -rf "$T/out"
FAKE_DOMAINS=1 run "$TOP/experiments/tiny.exp" > "$T/run7.out" 2>&1
missing_lines "$T/run7.out" <<'LINES'
Domains (genpd's terms, summed over each level's domains; res %: mean per domain):
case (table/governor/change/qos/workload)    level:state           usage rejected    above    below  res %
small/menu/none/none/rtc                     core:CC                  51        4        6        2   12.5
small/menu/none/dma20/rtc                    core:CC                  51        4        6        2   12.5
LINES
check "domains: genpd's usage, rejected, above, below per case and domain state" "$why"
rm -rf "$T/out"
FAKE_DOMAINS=wake run "$TOP/experiments/tiny.exp" > "$T/run7w.out" 2>&1
missing_lines "$T/run7w.out" <<'LINES'
case (table/governor/change/qos/workload)    level:state           usage rejected    above    below  res %   timer     ipi  device
small/menu/none/none/rtc                     core:CC                  51        4        6        2   12.5      20      31       1
LINES
check "domains: the first men's wake sources per level, beside genpd's counters" "$why"

# energy: the fixed figures of fake-boot.sh (FAKE_ENERGY) through the
# report, line by line: menu 200 mJ + r, ladder +20, teo -10, x3 +50,
# PM QoS +100; resp p50 menu 150, teo 155, ladder 160 us; haltpoll lacking.
# Three repeats a case: no comparison reaches 95% (ab/stats.awk), so each
# difference is flagged "?" and each answer says it is not settled, with
# the repeats that would settle it.
rm -rf "$T/out"
FAKE_ENERGY=1 run "$HERE/energy.exp" > "$T/run6.out" 2>&1
missing_lines "$T/run6.out" <<'LINES'
Energy (the table's powers; machine = every CPU and domain):
case (table/governor/change/qos/workload)    resp p50  energy J   avg W  eff % cpu eff %  J x ms
small/menu/none/none/rtc                        150.0   0.2020    0.156   90.0      82.0  0.0303
small/ladder/none/none/rtc                      160.0   0.2220?   0.172   90.0      82.0  0.0355
small/teo/none/none/rtc                         155.0   0.1920?   0.149   90.0      82.0  0.0298
small/menu/x3/none/rtc                           50.0   0.2520?   0.195   90.0      82.0  0.0126
small/menu/none/dma20/rtc                        50.0   0.3020?   0.234   90.0      82.0  0.0151
Energy spread: largest 0.0020 J (1.04% of its case's median), 5 cases.
  PM QoS dma20 costs deep residency 13.9% -> 13.9%, energy 0.2020 -> 0.3020 J (+49.5%) (not settled by the repeats)
  workaround x3: added 24.0 -> 4.0 ms (recovers 100% of what PM QoS recovers), deep residency 13.9% -> 13.9%, energy 0.2020 -> 0.2520 J (+24.8%) (not settled by the repeats)
  best on latency (resp p50): menu (150.0 us), then teo (155.0 us): not settled, 4 repeats a case would settle it
  best on energy: teo (0.1920 J), then menu (0.2020 J): not settled, 4 repeats a case would settle it
  best on energy x latency: teo (0.0298 J x ms), then menu (0.0303 J x ms): not settled, 60 repeats a case would settle it
LINES
grep -c '^small/haltpoll/none/none/rtc  *not run: skipped: governor haltpoll not in this kernel' "$T/run6.out" | grep -qx 2 ||
	why="$why haltpoll not listed as not run in both tables"
grep -q '^  governor haltpoll: not in the comparison: skipped: .*KVM' "$T/run6.out" || why="$why the answers do not name haltpoll as missing"
[ "$(sed -n 2p "$T/out/plots/energy-rtc.csv" | cut -d, -f1,9,10,11)" = "small/menu/none/none,0.202,0.156468,90.00" ] ||
	why="$why energy-rtc.csv row 1: '$(sed -n 2p "$T/out/plots/energy-rtc.csv")'"
for e in png svg; do [ -s "$T/out/plots/energy-latency-rtc.$e" ] || why="$why no energy-latency-rtc.$e"; done
grep -q 'energy of the machine over the run (J)' "$T/out/plots/energy-latency-rtc.svg" 2>/dev/null || why="$why no energy axis label in the SVG"
# no energy: no energy table, and the plot says why it is not drawn
grep -q '^Energy' "$T/run2.out" && why="$why an energy table without energy"
grep -q '^plot: energy-latency-rtc not drawn: pidle-stat reported no energy' "$T/run2.out" || why="$why no word on the energy plot without energy"
check "energy: the energy table, spread and answers for fixed figures; the plot" "$why"

# noise and spread: repeats 1..4 differ by 1 us each (fake-boot.sh);
# PM QoS takes 100 us off: CHANGED (no flag), by the A/B's method with 4
# repeats a case; only-c1 gives the reference's figures: never CHANGED
sed 's/^repeats = 1/repeats = 4/' "$TOP/experiments/tiny.exp" > "$T/tiny4.exp"
rm -rf "$T/out"
run "$T/tiny4.exp" > "$T/run5.out" 2>&1
why=
grep -q 'resp p50 median 3.0 us, largest 3.0 us' "$T/run5.out" || why="spread line: $(grep 'spread' "$T/run5.out")"
grep -q 'the deep choice adds 100.0 us per wake-up' "$T/run5.out" || why="$why no 'adds 100.0 us': $(grep 'deep choice' "$T/run5.out")"
grep -E '^small/menu/none/dma20/rtc +[0-9.]+[~?]' "$T/run5.out" && why="$why the PM QoS case not CHANGED"
grep -qE '^small/menu/only-c1/none/rtc +[0-9.]+[~?]' "$T/run5.out" || why="$why only-c1 (no QoS, no x: same figures) flagged CHANGED"
grep -q '^Against the reference: "~" the same within .* "?" not settled by the repeats (Hodges-Lehmann' "$T/run5.out" ||
	why="$why the report does not name its method"
check "noise: the spread is stated, each case compared by the A/B's method" "$why"

why=
for p in latency-rtc residency-rtc; do
	for e in png svg; do
		[ -s "$T/out/plots/$p.$e" ] || why="$why no $p.$e"
	done
done
head -c 8 "$T/out/plots/latency-rtc.png" 2>/dev/null | grep -q PNG || why="$why latency-rtc.png is not a PNG"
grep -q 'response time (us)' "$T/out/plots/latency-rtc.svg" 2>/dev/null || why="$why no x axis label with its unit"
check "plots: PNG and SVG written for a fixed input" "$why"

# plots.sh (issue 34 item 7): the results directory is data, never
# gnuplot code; a name that would be code is refused, nothing written
why=
odd="$T/r'; system('touch $T/INJECTED'); print '"
mkdir -p "$odd" && cp -r "$T/out/." "$odd/"
rm -f "$odd"/plots/*.png "$odd"/plots/*.svg
"$TOP/experiments/plots.sh" "$odd" > "$T/plots.out" 2>&1 || why="exit $?: $(head -n 3 "$T/plots.out")"
[ -e "$T/INJECTED" ] && why="$why gnuplot ran the path's system()"
[ -s "$odd/plots/latency-rtc.png" ] && [ -s "$odd/plots/residency-rtc.svg" ] || why="$why no plots in a directory with quotes"
sed -i '2,$s/,rtc,/,rt'"'"'c,/' "$odd/plots/cases.csv"
rm -f "$odd"/plots/*.png "$odd"/plots/*.svg
"$TOP/experiments/plots.sh" "$odd" > "$T/plots2.out" 2>&1 && why="$why a quoted workload name: exit 0"
grep -q "^plots: 'rt'c': not a case or workload name" "$T/plots2.out" || why="$why no refusal of rt'c: $(head -n 2 "$T/plots2.out")"
[ -z "$(ls "$odd/plots/" | grep -E '\.(png|svg)')" ] || why="$why files written for a refused name: $(ls "$odd/plots/" | grep -E '\.(png|svg)' | tr '\n' ' ')"
check "plots: paths are data, a name that would be gnuplot code refused, nothing written" "$why"

# expect: each workload's expectation, on every repeat, in the report
# and in the exit status (fake-boot.sh's FAKE_WAKE: CPU 1's C6 periods
# 75 % timer, 50 % under PM QoS)
rm -rf "$T/out"
sed 's/^run = pidle-irqwork .*/&\nexpect = cpu1:timer:60/' "$TOP/experiments/tiny.exp" > "$T/tinyx.exp"
FAKE_WAKE=1 run "$T/tinyx.exp" > "$T/run8.out" 2>&1
rc=$?
why=
[ $rc = 3 ] || why="$why exit status $rc, want 3 (a check not met)"
missing_lines "$T/run8.out" <<'LINES'
Checks (each workload's expect: SOURCE's share of NAME's periods, % in each repeat):
small/menu/none/none/rtc                     cpu1 timer >= 60 %: 75.0  met
small/menu/none/dma20/rtc                    cpu1 timer >= 60 %: 50.0  NOT met
small/menu/only-c1/none/rtc                  cpu1 timer >= 60 %: 75.0  met
checks: 1 of 3 NOT met
LINES
sed 's/cpu1:timer:60/cpu1:timer:40/' "$T/tinyx.exp" > "$T/tinyx2.exp"
sed 's/cpu1:timer:60/cpu1:timer:40 cpu7:ipi:10/' "$T/tinyx.exp" > "$T/tinyx3.exp"
rm -rf "$T/out"
FAKE_WAKE=1 run "$T/tinyx3.exp" > "$T/run10.out" 2>&1
missing_lines "$T/run10.out" <<'LINES'
small/menu/none/none/rtc                     cpu7 ipi >= 10 %: -  NOT met (no wake-source counts for cpu7: not a CPU or domain of this topology, or the module counts none)
checks: 3 of 6 NOT met
LINES
rm -rf "$T/out"
FAKE_WAKE=1 run "$T/tinyx2.exp" > "$T/run9.out" 2>&1 || why="$why exit status $? with every check met"
grep -q '^checks: all 3 met$' "$T/run9.out" || why="$why no 'checks: all 3 met'"
check "expect: each workload's wake-source expectation checked on every repeat; one not met fails the run" "$why"

echo "$PASS passed, $FAIL failed"
[ $FAIL -eq 0 ]
