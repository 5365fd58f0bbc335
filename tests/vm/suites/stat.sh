#!/bin/busybox sh
# stat: the static pidle-stat in a 2x2x2 guest with the default table
# (C6 at core, PC6 at package level): its plain, CSV and JSON reports over
# a command and over intervals have a row for every CPU and domain state,
# percentages in 0..100 and summary rows that agree with their rows; its
# numbers are exactly what two saved copies of sysfs say; a busy CPU shows
# up on its own row and keeps its core and package up; no module is an error.
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 90
. /lib.sh
PS=/bin/pidle-stat
T=/tmp/stat
CSV_HEAD="interval,elapsed_s,scope,id,cpus,state,name,busy_pct,residency_pct,usage,too_deep_pct,too_shallow_pct,achieved,demoted,rejected,latency_paid_us,overshoot_avg_ns,energy_j,avg_w,idle_energy_j,oracle_energy_j,efficiency_pct"
mkdir -p $T
echo "KTAP version 1"
echo "1..7"

# The CSV with each quoted field's commas made ';' and its quotes dropped,
# so that awk -F, splits it into its 22 fields.
unquote() {
	awk '{ while (match($0, /"[^"]*"/)) {
		f = substr($0, RSTART + 1, RLENGTH - 2); gsub(/,/, ";", f)
		$0 = substr($0, 1, RSTART - 1) f substr($0, RSTART + RLENGTH) }
	       print }' "$1"
}

# The rows sysfs says a report must have: "cpu:N:K" for each CPU with
# cpuidle and each state, "LEVEL:I:K" for each domain state, and the
# summaries "cpu:all:K" and "LEVEL:all:K".
want_keys() {
	{
	for c in /sys/devices/system/cpu/cpu[0-9]*; do
		[ -d $c/cpuidle ] || continue
		for s in $c/cpuidle/state[0-9]*; do
			echo "cpu:${c##*/cpu}:${s##*/state}"
			echo "cpu:all:${s##*/state}"
		done
	done
	for d in $SYS/domains/*; do
		l=$(cat $d/level); i=${d##*/$l}
		for s in $d/state[0-9]*; do
			[ -d $s ] || continue
			echo "$l:$i:${s##*/state}"
			echo "$l:all:${s##*/state}"
		done
	done
	} | sort -u
}

# check_csv FILE INTERVALS: "" when FILE is a well-formed report of
# INTERVALS intervals with every row of want_keys in each, else why not.
check_csv() {
	[ "$(head -n 1 $1)" = "$CSV_HEAD" ] || { echo "header: $(head -n 1 $1)"; return; }
	unquote $1 | tail -n +2 > $T/rows
	awk -F, -v n=$2 '
		NF != 22 { print "line " NR + 1 ": " NF " fields"; bad = 1 }
		$1 < 0 || $1 >= n { print "line " NR + 1 ": interval " $1; bad = 1 }
		{ split("8 9 11 12", pf, " ")	# busy, residency, too deep, too shallow
		  for (j = 1; j <= 4; j++) { f = pf[j]
			if ($f != "" && ($f < 0 || $f > 100)) {
				print "line " NR + 1 ": field " f " = " $f " not in 0..100"; bad = 1 } }
		}
		END { exit bad }' $T/rows > $T/why || { head -n 5 $T/why; return; }
	want_keys > $T/want
	i=0
	while [ $i -lt $2 ]; do
		awk -F, -v i=$i '$1 == i { print $3 ":" $4 ":" $6 }' $T/rows | sort > $T/have
		if ! cmp -s $T/want $T/have; then
			echo "interval $i: rows differ from sysfs: $(diff $T/want $T/have | grep '^[-+][^-+]' | head -n 4 | tr '\n' ' ')"
			return
		fi
		i=$((i + 1))
	done
	# summary = mean of the rows (time %), within the 0.01 of rounding;
	# each CPU's Busy% + its states' residency = 100 unless over 100
	awk -F, '
		$3 == "cpu" && $4 != "all" { sum[$1 " " $6] += $9; n[$1 " " $6]++
					      idle[$1 " " $4] += $9; busy[$1 " " $4] = $8 }
		$3 == "cpu" && $4 == "all" { all[$1 " " $6] = $9 }
		$3 != "cpu" && $4 != "all" { dsum[$1 " " $3 " " $6] += $9; dn[$1 " " $3 " " $6]++ }
		$3 != "cpu" && $4 == "all" { dall[$1 " " $3 " " $6] = $9 }
		function off(a, b) { return a > b ? a - b : b - a }
		END {
			for (k in all) if (off(all[k], sum[k] / n[k]) > 0.011) {
				print "cpu summary " k ": " all[k] " vs mean " sum[k] / n[k]; bad = 1 }
			for (k in dall) if (off(dall[k], dsum[k] / dn[k]) > 0.011) {
				print "domain summary " k ": " dall[k] " vs mean " dsum[k] / dn[k]; bad = 1 }
			for (k in idle) if (idle[k] <= 100 && off(busy[k] + idle[k], 100) > 0.05 ||
					    idle[k] > 100.05 && busy[k] != 0) {
				print "cpu " k ": busy " busy[k] " + idle " idle[k]; bad = 1 }
			exit bad
		}' $T/rows > $T/why || head -n 3 $T/why
}

# expect_from A B ELAPSED: the CSV fields pidle-stat must print for the
# copies A (start) and B (end), computed here from their files:
# "cpu,N,K,residency,usage,too_deep,too_shallow" and
# "LEVEL,I,K,residency,usage,too_deep,rejected,latency_us".
expect_from() {
	{ grep -r '' $1/sys | sed "s|^$1|A |"; grep -r '' $2/sys | sed "s|^$2|B |"; } |
	awk -v el=$3 '
		{ split($2, kv, ":"); path = kv[1]; v = substr($2, length(path) + 2)
		  val[$1 " " path] = v; if ($1 == "B") paths[path] = 1 }
		function d(p) { x = val["B " p] - val["A " p]; return x > 0 ? x : 0 }
		function pct(a, b) { return b > 0 ? 100.0 * a / b : 0 }
		END {
			for (p in paths) {
				if (p ~ /\/cpu\/cpu[0-9]+\/cpuidle\/state[0-9]+\/usage$/) {
					s = substr(p, 1, length(p) - 6)
					split(p, f, "/"); cpu = substr(f[6], 4); k = substr(f[8], 6)
					u = d(s "/usage")
					printf "cpu,%s,%s,%.2f,%.0f,%.2f,%.2f\n", cpu, k,
						pct(d(s "/time") * 1e-6, el), u,
						pct(d(s "/above"), u), pct(d(s "/below"), u)
				}
				if (p ~ /\/domains\/[a-z]+[0-9]+\/state[0-9]+\/usage$/) {
					s = substr(p, 1, length(p) - 6)
					n = split(p, f, "/"); dom = f[n - 2]; k = substr(f[n - 1], 6)
					l = val["B " substr(s, 1, length(s) - length(f[n - 1]) - 1) "/level"]
					u = d(s "/usage")
					printf "%s,%s,%s,%.2f,%.0f,%.2f,%.0f,%.1f\n", l,
						substr(dom, length(l) + 1), k,
						pct(d(s "/residency_ns") * 1e-9, el), u,
						pct(d(s "/too_deep"), u), d(s "/rejected"),
						d(s "/latency_paid_ns") / 1e3
				}
			}
		}' | sort
}

if ! load wait=halt; then
	diag "insmod failed: $OUT"
fi
diag "topology: $(cat $SYS/topology 2>&1); states: $(cat /sys/devices/system/cpu/cpu0/cpuidle/state*/name | tr '\n' ' ')"

# 1: plain, over a command: a row per CPU, a table per level, a row per domain
out=$($PS -- sleep 2 2>&1); st=$?
echo "$out" | sed 's/^/# /'
err=
[ $st -eq 0 ] || err="$err exit $st"
# the CPU column of the CPU table, then "TITLE IDX CPUS" per level table row
cpus_have=$(echo "$out" | awk '/ Busy% / { for (i = 1; i <= NF; i++) if ($i == "CPU") c = i; p = 1; next }
			       p && NF == 0 { exit } p { printf "%s ", $c }')
cpus_want="- $(ls -d /sys/devices/system/cpu/cpu[0-9]*/cpuidle | sed 's|.*/cpu\([0-9]*\)/cpuidle|\1|' | sort -n | tr '\n' ' ')"
[ "$cpus_have" = "$cpus_want" ] || err="$err CPU rows '$cpus_have', want '$cpus_want'"
echo "$out" | awk '$2 == "CPUs" { t = $1; next } NF == 0 { t = "" } t != "" && $1 != "-" { print t, $1, $2 }' | sort > $T/dom.have
for d in $SYS/domains/*; do
	l=$(cat $d/level); t=$(echo $l | awk '{ print $0 == "package" ? "Pkg" : toupper(substr($0, 1, 1)) substr($0, 2) }')
	ls -d $d/state[0-9]* >/dev/null 2>&1 && echo "$t ${d##*/$l} $(cat $d/cpus)"
done | sort > $T/dom.want
cmp -s $T/dom.want $T/dom.have || err="$err domain rows: $(diff $T/dom.want $T/dom.have | grep '^[-+][^-+]' | tr '\n' ' ')"
echo "$out" | grep -q "Core%C6" && echo "$out" | grep -q "Pkg%PC6" || err="$err no Core%C6/Pkg%PC6 columns"
if [ -z "$err" ]; then ok "plain report over sleep 2: every CPU and domain row"
else nok "plain report over sleep 2: every CPU and domain row" "$err"; fi

# 2: CSV over a command
$PS --csv -- sleep 2 > $T/cmd.csv 2>$T/cmd.err; st=$?
diag "csv: $(wc -l < $T/cmd.csv) lines, exit $st $(cat $T/cmd.err)"
grep -E '^0,[0-9.]+,(cpu,all|core,0|package,[01]),' $T/cmd.csv | sed 's/^/# /'
why=$(check_csv $T/cmd.csv 1)
[ $st -eq 0 ] || why="exit $st $why"
if [ -z "$why" ]; then ok "csv over sleep 2: rows for every state, 0..100, summaries agree"
else nok "csv over sleep 2: rows for every state, 0..100, summaries agree" "$why"; fi

# 3: CSV over two 1 s intervals
$PS --csv -i 1 -n 2 > $T/int.csv 2>$T/int.err; st=$?
why=$(check_csv $T/int.csv 2)
el=$(awk -F, 'NR > 1 { print $2 }' $T/int.csv | sort -u | tr '\n' ' ')
diag "intervals: elapsed_s $el"
for e in $el; do
	awk -v e=$e 'BEGIN { exit !(e >= 1.0 && e < 2.0) }' || why="$why elapsed $e"
done
[ $st -eq 0 ] || why="exit $st $(cat $T/int.err) $why"
if [ -z "$why" ]; then ok "csv over 2 intervals of 1 s"
else nok "csv over 2 intervals of 1 s" "$why"; fi

# 4: JSON Lines over a command and over intervals
why=
$PS --json -- sleep 1 > $T/cmd.json || why="exit $? (command)"
$PS --json -i 1 -n 2 > $T/int.json || why="$why exit $? (intervals)"
r1=$(/jsoncheck < $T/cmd.json 2>&1) || why="$why command: $r1"
r2=$(/jsoncheck < $T/int.json 2>&1) || why="$why intervals: $r2"
diag "json: $r1; $r2"
[ "$(wc -l < $T/int.json)" -eq 2 ] || why="$why $(wc -l < $T/int.json) lines for 2 intervals"
ncpu=$(ls -d /sys/devices/system/cpu/cpu[0-9]*/cpuidle | wc -l)
got=$(grep -o '{"cpu":[0-9]*,' $T/cmd.json | wc -l)
[ "$got" -eq "$ncpu" ] || why="$why $got CPU objects for $ncpu CPUs"
ndom=$(ls $SYS/domains | wc -l)
got=$(grep -o '{"domain":[0-9]*,' $T/cmd.json | wc -l)
[ "$got" -eq "$ndom" ] || why="$why $got domain objects for $ndom domains"
if [ -z "$why" ]; then ok "json: valid JSON Lines, an object per CPU and domain"
else nok "json: valid JSON Lines, an object per CPU and domain" "$why"; fi

# 5: exactly what sysfs says: two copies 2 s apart, computed here and by it
rm -rf $T/a $T/b
u0=$(cut -d' ' -f1 /proc/uptime); sysfs_copy $T/a; sleep 2
u1=$(cut -d' ' -f1 /proc/uptime); sysfs_copy $T/b
el=$(awk -v a=$u0 -v b=$u1 'BEGIN { printf "%.2f", b - a }')
expect_from $T/a $T/b $el > $T/expect
$PS --before $T/a --after $T/b --elapsed $el --csv > $T/saved.csv 2>$T/saved.err; st=$?
unquote $T/saved.csv | awk -F, 'NR > 1 && $4 != "all" {
	if ($3 == "cpu") print $3 "," $4 "," $6 "," $9 "," $10 "," $11 "," $12
	else print $3 "," $4 "," $6 "," $9 "," $10 "," $11 "," $15 "," $16 }' | sort > $T/got
diag "saved copies, $el s apart: $(wc -l < $T/expect) rows expected, $(wc -l < $T/got) printed; e.g.:"
grep -E '^(cpu,0,|core,0,|package,)' $T/got | sed 's/^/#   /'
why=
[ $st -eq 0 ] || why="exit $st $(cat $T/saved.err)"
[ -s $T/expect ] || why="$why nothing expected (copies empty?)"
cmp -s $T/expect $T/got || why="$why differs: $(diff $T/expect $T/got | grep '^[-+][^-+]' | head -n 4 | tr '\n' ' ')"
if [ -z "$why" ]; then ok "residency, usage, too-deep/shallow, rejections, latency = sysfs"
else nok "residency, usage, too-deep/shallow, rejections, latency = sysfs" "$why"; fi

# 6: a busy CPU 0 on its own row; its core and package stay up, its
# sibling is demoted, the other package goes down
sib=$(cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list | tr ',-' '\n\n' | grep -v '^0$' | head -n 1)
$PS --csv -- taskset 0x1 timeout 2 sh -c 'while :; do :; done' > $T/busy.csv 2>/dev/null
unquote $T/busy.csv > $T/busy.rows
grep -E '^0,[0-9.]+,(cpu,(all|0|'$sib'),|core,0,|package,)' $T/busy.rows | sed 's/^/# /'
v() { awk -F, -v s=$1 -v i=$2 -v k=$3 -v f=$4 '$3 == s && $4 == i && (k == "" || $6 == k) { print $f; exit }' $T/busy.rows; }
dem=$(awk -F, -v c=$sib '$3 == "cpu" && $4 == c { s += $14 } END { print s + 0 }' $T/busy.rows)
busy0=$(v cpu 0 "" 8); core0=$(v core 0 3 9); pkg0=$(v package 0 4 9); pkg1=$(v package 1 4 9)
diag "cpu0 busy $busy0%, core0 C6 $core0%, package0 PC6 $pkg0%, package1 PC6 $pkg1%, cpu$sib demoted $dem"
if awk -v b=$busy0 -v c=$core0 -v p0=$pkg0 -v p1=$pkg1 -v d=$dem \
	'BEGIN { exit !(b > 50 && c < 10 && p0 < 10 && p1 > p0 && d > 0) }'; then
	ok "busy cpu0: its row busy, core0 and package0 up, cpu$sib demoted, package1 down"
else
	nok "busy cpu0: its row busy, core0 and package0 up, cpu$sib demoted, package1 down" \
	    "busy $busy0 core0 $core0 pkg0 $pkg0 pkg1 $pkg1 demoted $dem"
fi

# 7: without the module: one message naming what is missing, status 2
unload >/dev/null
m1=$($PS -n 1 -i 0.1 2>&1); s1=$?
m2=$($PS --no-module -n 1 -i 0.1 2>&1); s2=$?
diag "unloaded: '$m1' ($s1); --no-module: '$m2' ($s2)"
if [ $s1 -eq 2 ] && echo "$m1" | grep -q "pseudo_cpuidle: not found" &&
   [ $s2 -eq 2 ] && echo "$m2" | grep -q "no cpuidle driver is registered"; then
	ok "no module: refused with the path and status 2"
else
	nok "no module: refused with the path and status 2" "'$m1' ($s1), '$m2' ($s2)"
fi
