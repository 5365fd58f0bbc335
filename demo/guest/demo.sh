#!/bin/busybox sh
# demo: the guest half of make demo (demo/run.sh is the host half). Loads
# the module with the Skylake-SP preset and the topology pidle-topo finds
# here, runs the same workload under each available governor inside
# pidle-stat, measures each state's wake-up latency with pidle-bench, and
# prints the raw CSV between "# demo: begin NAME" / "# demo: end NAME"
# lines for the host to tabulate. Each step is a KTAP result, so that the
# host's check_log reports a failed step as it does for a test suite.
# Kernel command line: demo_seconds=S (workload length per governor),
# demo_preset=NAME (pidle-topo preset, default skx).
. /ktap.sh
. /module.sh
SECONDS_PER_GOV=5
PRESET=skx
for a in $(cat /proc/cmdline); do
	case "$a" in
	demo_seconds=*) SECONDS_PER_GOV=${a#demo_seconds=} ;;
	demo_preset=*) PRESET=${a#demo_preset=} ;;
	esac
done
# Timer sleeps of several lengths on one thread of each core, around the
# preset's target residencies (skx: C1E 20 us, core C6 276 us, package C6
# 600 us): short sleeps on package 0, longer ones on package 1, and the
# other four threads idle but for the tick.
WORK="0:30/100/400 2:50/250/1000 4:200/800/3000 6:500/2000/8000"
GOVS=$(cat $CPUIDLE/available_governors 2>/dev/null)

block() {	# NAME FILE: FILE between markers
	echo "# demo: begin $1"
	cat "$2"
	echo "# demo: end $1"
}

ktap_header
ktap_plan $((2 + $(echo $GOVS | wc -w)))
diag "governors: $GOVS (current: $(cat $CPUIDLE/current_governor 2>/dev/null))"

# 1: the module, with what pidle-topo says of this guest
P=$(pidle-topo --states $PRESET --params 2>&1)
if [ $? -ne 0 ]; then
	ktap_result "load with pidle-topo --states $PRESET" 1 "pidle-topo: $P"
	exit 0
fi
if ! load $P wait=halt; then
	ktap_result "load with pidle-topo --states $PRESET" 1 "insmod failed: $OUT"
	exit 0
fi
echo "# demo: params $(echo "$P" | tr ' ' '\n' | grep '^states=') wait=halt (pidle-topo --states $PRESET)"
echo "# demo: topology $(cat $SYS/topology)"
echo "# demo: workload pidle-work -t $SECONDS_PER_GOV $WORK"
echo "# demo: governors $GOVS"
ktap_result "load with pidle-topo --states $PRESET" 0

# 2..: the workload under each governor
for g in $GOVS; do
	if ! echo $g > $CPUIDLE/current_governor 2>/tmp/err ||
	   [ "$(cat $CPUIDLE/current_governor)" != "$g" ]; then
		ktap_result "governor $g" 1 "cannot select it: $(cat /tmp/err), current $(cat $CPUIDLE/current_governor)"
		continue
	fi
	sleep 1		# let the new governor settle before counting
	pidle-stat --csv -o /tmp/stat.csv -- /pidle-work -t $SECONDS_PER_GOV $WORK \
		> /tmp/work.csv 2>/tmp/err
	st=$?
	if [ $st -ne 0 ]; then
		ktap_result "governor $g" 1 "pidle-stat -- pidle-work: exit $st: $(cat /tmp/err)"
		continue
	fi
	block "stat $g" /tmp/stat.csv
	block "work $g" /tmp/work.csv
	ktap_result "governor $g" 0
done

# last: wake-up latency of each state alone (the governor has no choice
# with one state enabled), timer and IPI wake-ups of CPU 1 by CPU 0. Not
# the polling state: with it alone enabled all 8 vCPUs would spin, and
# on a 2-CPU host a TCG guest then crawls.
k=1; [ "$(cat $CPUIDLE/../cpu0/cpuidle/state0/latency)" = 0 ] || k=0
list=
while [ $k -lt $(nstates) ]; do list="$list${list:+,}$k"; k=$((k + 1)); done
if pidle-bench -n 200 -I 2000 -s $list --csv > /tmp/bench.csv 2>/tmp/err; then
	block bench /tmp/bench.csv
	ktap_result "pidle-bench" 0
else
	ktap_result "pidle-bench" 1 "$(cat /tmp/err)"
fi
unload >/dev/null
