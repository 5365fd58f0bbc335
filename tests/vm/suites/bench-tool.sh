#!/bin/busybox sh
# bench-tool: pidle-bench on the module in a 2-vCPU guest: what it prints,
# that it leaves the disable files as they were (after a run and after
# SIGTERM), that its figures see the configured latency, and its errors.
# The benchmarks themselves are make bench's (bench/vm/suites/), not here.
# smp: 2
. /lib.sh
DIS=/sys/devices/system/cpu/cpu1/cpuidle
CSV=/tmp/bench.csv
# disables: every CPU's stateK/disable, one digit each
disables() { cat /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state*/disable | tr -d '\n'; }
# column NAME TEST FIELD: FIELD of the CSV's row for state NAME and TEST
# (the name is quoted, RFC 4180)
column() { awk -F, -v n="\"$1\"" -v t=$2 -v f=$3 '$2 == n && $4 == t { print $f }' $CSV; }

# 1: two states x two tests, after the header (the CSV: $CSV)
csv_rows() {
	pidle-bench --csv -e 1,2 -n 40 -I 1000 > $CSV 2>/tmp/err; st=$?
	sed 's/^/# /' $CSV
	hdr="state,name,exit_latency_us,test,samples,median_us,p99_us,diff_median_us,diff_p99_us,fidelity,exits,overshoot_avg_ns,overshoot_max_ns,err_median_us,left_out"
	rows=$(grep -cE '^[12],("NOLAT",0|"B500",500),(timer|ipi),40,' $CSV)
	[ $st -eq 0 ] && [ "$(head -n 1 $CSV)" = "$hdr" ] && [ "$rows" -eq 4 ] ||
		{ why "exit $st, $rows of 4 rows: $(cat /tmp/err)"; return 1; }
}

# 2
restored() {
	after=$(disables)
	[ "$after" = "$BEFORE" ] || { why "before $BEFORE, after $after"; return 1; }
}

# 3: B500 minus NOLAT, the fidelity column, within a tolerance wide enough
# for an emulated guest (the 2 ms measurement of timing.sh reads +0.7%).
fidelity() {
	fid=$(column B500 timer 10)
	diag "B500 timer fidelity $fid"
	awk -v f="$fid" 'BEGIN { exit !(f != "" && f >= 0.6 && f <= 1.4) }' ||
		{ why "fidelity '$fid', want 0.6 to 1.4"; return 1; }
}

# 4: the module's counters: exits of the measured CPU, both tests
exits() {
	exits=$(column B500 timer 11)
	diag "B500 exits $exits"
	[ -n "$exits" ] && [ "$exits" -ge 80 ] || { why "B500 exits '$exits', want >= 80 (2 x 40 samples)"; return 1; }
}

# 5
sigterm() {
	pidle-bench -e 2 -n 100000 -I 1000 -t timer >/dev/null 2>&1 &
	pid=$!
	i=0
	while [ "$(cat $DIS/state1/disable)" != 1 ] && [ $i -lt 100 ]; do i=$((i + 1)); usleep 20000; done
	kill -TERM $pid; wait $pid; st=$?
	after=$(disables)
	[ $i -lt 100 ] && [ $st -eq 143 ] && [ "$after" = "$BEFORE" ] ||
		{ why "exit $st, waited $i, before $BEFORE, after $after"; return 1; }
}

# 6
bad_index() {
	err=$(pidle-bench -e 3 2>&1); st=$?
	want="pidle-bench: invalid state '3': expected the index of an existing state."
	[ $st -eq 1 ] && [ "$(echo "$err" | head -n 1)" = "$want" ] && [ "$(disables)" = "$BEFORE" ] ||
		{ why "exit $st: $err"; return 1; }
}

ktap_header
ktap_plan 6
load states=POLL:0:0,NOLAT:0:1,B500:500:1000 wait=halt || ktap_finished
# A state the user had disabled stays disabled after the run.
echo 1 > $DIS/state0/disable
BEFORE=$(disables)
ktap_test "csv rows for each state and test" csv_rows
ktap_test "disable files restored after a run" restored
ktap_test "B500's timer wake-ups pay its 500 us" fidelity
ktap_test "in-module overshoot reported" exits
ktap_test "SIGTERM restores the disable files, exit 143" sigterm
ktap_test "bad state index refused" bad_index
echo 0 > $DIS/state0/disable
unload >/dev/null
ktap_finished
