#!/bin/busybox sh
# stat: the static pidle-stat in a 2x2x2 guest with the default table
# (C6 at core, PC6 at package level): its plain, CSV and JSON reports over
# a command and over intervals have a row for every CPU and domain state,
# percentages in 0..100 and summary rows that agree with their rows.
# (Its numbers against sysfs, a busy CPU and no module: stat-numbers.)
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 90
. /lib.sh
PS=/bin/pidle-stat
T=/tmp/stat
CSV_HEAD="interval,elapsed_s,scope,id,cpus,state,name,busy_pct,residency_pct,usage,too_deep_pct,too_shallow_pct,achieved,demoted,rejected,latency_paid_us,overshoot_avg_ns,energy_j,avg_w,idle_energy_j,oracle_energy_j,efficiency_pct,above,below,wake_timer,wake_ipi,wake_device,wake_unknown,wake_aborted,above_timer,below_timer,above_ipi,below_ipi,above_device,below_device,above_unknown,below_unknown"
# the module has the wake-source files: pidle-stat adds their 15 columns
mkdir -p $T

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

# check_csv FILE INTERVALS: true when FILE is a well-formed report of
# INTERVALS intervals with every row of want_keys in each, else why not.
check_csv() {
	[ "$(head -n 1 $1)" = "$CSV_HEAD" ] || { why "header: $(head -n 1 $1)"; return 1; }
	unquote $1 | tail -n +2 > $T/rows
	awk -F, -v n=$2 '
		NF != 37 { print "line " NR + 1 ": " NF " fields"; bad = 1 }
		$1 < 0 || $1 >= n { print "line " NR + 1 ": interval " $1; bad = 1 }
		{ split("8 9 11 12", pf, " ")	# busy, residency, too deep, too shallow
		  for (j = 1; j <= 4; j++) { f = pf[j]
			if ($f != "" && ($f < 0 || $f > 100)) {
				print "line " NR + 1 ": field " f " = " $f " not in 0..100"; bad = 1 } }
		}
		END { exit bad }' $T/rows > $T/why || { why "$(head -n 5 $T/why)"; return 1; }
	want_keys > $T/want
	i=0
	while [ $i -lt $2 ]; do
		awk -F, -v i=$i '$1 == i { print $3 ":" $4 ":" $6 }' $T/rows | sort > $T/have
		if ! cmp -s $T/want $T/have; then
			why "interval $i: rows differ from sysfs: $(diff $T/want $T/have | grep '^[-+][^-+]' | head -n 4 | tr '\n' ' ')"
			return 1
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
		}' $T/rows > $T/why || { why "$(head -n 3 $T/why)"; return 1; }
}

# 1: plain, over a command: a row per CPU, a table per level, a row per domain
plain_rows() {
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
	reasons "$err"
}

# 2: CSV over a command
csv_command() {
	$PS --csv -- sleep 2 > $T/cmd.csv 2>$T/cmd.err; st=$?
	diag "csv: $(wc -l < $T/cmd.csv) lines, exit $st $(cat $T/cmd.err)"
	grep -E '^0,[0-9.]+,(cpu,all|core,0|package,[01]),' $T/cmd.csv | sed 's/^/# /'
	[ $st -eq 0 ] || why "exit $st"
	check_csv $T/cmd.csv 1 && [ $st -eq 0 ]
}

# 3: CSV over two 1 s intervals
csv_intervals() {
	$PS --csv -i 1 -n 2 > $T/int.csv 2>$T/int.err; st=$?
	check_csv $T/int.csv 2; err=$?
	el=$(awk -F, 'NR > 1 { print $2 }' $T/int.csv | sort -u | tr '\n' ' ')
	diag "intervals: elapsed_s $el"
	for e in $el; do
		awk -v e=$e 'BEGIN { exit !(e >= 1.0 && e < 2.0) }' || { why "elapsed $e"; err=1; }
	done
	[ $st -eq 0 ] || { why "exit $st $(cat $T/int.err)"; err=1; }
	return $err
}

# 4: JSON Lines over a command and over intervals
json_lines() {
	err=
	$PS --json -- sleep 1 > $T/cmd.json || err="exit $? (command)"
	$PS --json -i 1 -n 2 > $T/int.json || err="$err exit $? (intervals)"
	r1=$(/jsoncheck < $T/cmd.json 2>&1) || err="$err command: $r1"
	r2=$(/jsoncheck < $T/int.json 2>&1) || err="$err intervals: $r2"
	diag "json: $r1; $r2"
	[ "$(wc -l < $T/int.json)" -eq 2 ] || err="$err $(wc -l < $T/int.json) lines for 2 intervals"
	ncpu=$(ls -d /sys/devices/system/cpu/cpu[0-9]*/cpuidle | wc -l)
	got=$(grep -o '{"cpu":[0-9]*,' $T/cmd.json | wc -l)
	[ "$got" -eq "$ncpu" ] || err="$err $got CPU objects for $ncpu CPUs"
	ndom=$(ls $SYS/domains | wc -l)
	got=$(grep -o '{"domain":[0-9]*,' $T/cmd.json | wc -l)
	[ "$got" -eq "$ndom" ] || err="$err $got domain objects for $ndom domains"
	reasons "$err"
}

ktap_header
load wait=halt
diag "topology: $(cat $SYS/topology 2>&1); states: $(cat /sys/devices/system/cpu/cpu0/cpuidle/state*/name | tr '\n' ' ')"
ktap_test "plain report over sleep 2: every CPU and domain row" plain_rows
ktap_test "csv over sleep 2: rows for every state, 0..100, summaries agree" csv_command
ktap_test "csv over 2 intervals of 1 s" csv_intervals
ktap_test "json: valid JSON Lines, an object per CPU and domain" json_lines
ktap_finished
