#!/bin/bash
# fake-boot.sh JOBDIR KVER LOG: stands in for the guest in the runner's
# host tests (PIDLE_EXP_BOOT). For each cell of JOBDIR/cells.sh
# it writes what experiments/guest/exp.sh writes: pidle-stat's JSON (the
# fixture stat.json, a real guest's), a workload row whose figures depend
# on the cell (so that cases differ and repeats spread), the samples and
# the cell's result line. Appends the cell ids it was given to
# $FAKE_CALLS; stops, like a killed guest, after $FAKE_STOP_AFTER cells.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
jd=$1 log=$3
n=0
{
	echo "# vm: kernel $2, suite exp"
	echo "KTAP version 1"
	echo "1..$(grep -c '^cell ' "$jd/cells.sh")"
	while read -r line; do
		eval "set -- ${line#cell }"
		id=$1 gov=$5 x=$6 dma=${10}
		echo "$id" >> "${FAKE_CALLS:-/dev/null}"
		[ -n "${FAKE_STOP_AFTER:-}" ] && [ $n -ge "$FAKE_STOP_AFTER" ] && break
		n=$((n + 1))
		r=${id##*/r}
		# haltpoll: not in this kernel, as in a TCG guest
		if [ "$gov" = haltpoll ]; then
			echo "# exp: cell $id skipped governor haltpoll not in this kernel (it has: menu ladder teo); it registers only in a KVM guest, and this one is TCG"
			echo "ok $n $id # SKIP"
			continue
		fi
		# deep unless PM QoS or residency x3: 100 us more; menu 10 us
		# less, teo 5; each repeat 1 us more than the last
		wake=30
		[ "$dma" = - ] && [ "$x" = 1 ] && wake=130
		[ "$gov" = menu ] && wake=$((wake - 10))
		[ "$gov" = teo ] && wake=$((wake - 5))
		wake=$((wake + r))
		# energy, mJ: 200, PM QoS +100, a residency factor +50, ladder
		# +20, teo -10; each repeat 1 mJ more than the last
		mj=$((200 + r))
		[ "$dma" != - ] && mj=$((mj + 100))
		[ "$x" != 1 ] && mj=$((mj + 50))
		[ "$gov" = ladder ] && mj=$((mj + 20))
		[ "$gov" = teo ] && mj=$((mj - 10))
		if [ -n "${FAKE_DOMAINS:-}" ]; then
			# a core state with entry+exit latencies, and genpd's counters
			# in the core level's summary: usage 50 + r, rejected 4 (menu)
			# or 9 (teo), above 7 - r, below 2, residency 12.5 %;
			# FAKE_DOMAINS=wake: with the first men's wake sources,
			# timer 20, ipi 30 + r, device 1
			echo "# exp: info $id states POLL:0:0,C1:2:2,C6:100:400,CC:50+100:300:core"
		else
			echo "# exp: info $id states POLL:0:0,C1:2:2,C6:100:400"
		fi
		echo "# exp: begin $id stat"
		if [ -n "${FAKE_ENERGY:-}" ]; then
			# helper 12's shape: "energy" objects beside "summary" and in each CPU
			# pidle-stat's shape: "energy" objects beside "summary" and in
			# each CPU (avg W: over the fixture's 1.291 s; efficiency 90 %
			# for the machine, 80 % + r for CPU 1, null for CPU 0)
			w=$(awk -v j=$mj 'BEGIN { printf "%.6f", j / 1000 / 1.291 }')
			sed -e 's/,"summary":/,"energy":{"j":0.'$mj',"avg_w":'$w',"idle_j":0.1,"oracle_j":0.09,"efficiency_pct":90.00},"summary":/' \
			    -e 's/{"cpu":1,/{"cpu":1,"energy":{"j":0.02,"avg_w":0.2,"idle_j":0.01,"oracle_j":0.008,"efficiency_pct":8'$r'.00},/' \
			    -e 's/{"cpu":0,/{"cpu":0,"energy":{"j":0.02,"avg_w":0.2,"idle_j":0,"oracle_j":0,"efficiency_pct":null},/' "$HERE/stat.json"
		elif [ -n "${FAKE_DOMAINS:-}" ]; then
			rej=4; [ "$gov" = teo ] && rej=9
			dw=
			[ "$FAKE_DOMAINS" = wake ] && dw='"wake_timer":20,"wake_ipi":'$((30 + r))',"wake_device":1,"wake_unknown":0,'
			sed -e 's/{"level":"core","summary":{"cpus":"0-1","states":\[\]}/{"level":"core","summary":{"cpus":"0-1","states":[{"state":3,"name":"CC","residency_pct":12.50,"usage":'$((50 + r))',"too_deep_pct":0.00,"rejected":'$rej',"latency_paid_us":0.0,'"$dw"'"above":'$((7 - r))',"below":2}]}/' "$HERE/stat.json"
		elif [ -n "${FAKE_WAKE:-}" ]; then
			# CPU 1's C6 periods by source: timer 150, ipi 50 (75 %
			# timer), ipi 150 under PM QoS (50 % timer)
			ipi=50; [ "$dma" != - ] && ipi=150
			sed -e 's/"name":"C6","residency_pct":13.91,/&"wake_timer":150,"wake_ipi":'$ipi',"wake_device":0,"wake_unknown":0,/' "$HERE/stat.json"
		else
			cat "$HERE/stat.json"
		fi
		echo "# exp: end $id stat"
		echo "# exp: begin $id work"
		echo "hz,period_us,interrupts,missed,work_us,wake_p50_us,wake_p99_us,resp_p50_us,resp_p99_us,resp_max_us,added_ms,total_s,ideal_s,overrun_pct,origin_err_us"
		echo "1000,1000.000,200,0,28.0,$wake.0,$((wake + 5)).0,$((wake + 28)).0,$((wake + 33)).0,$((wake + 40)).0,$((wake * 200 / 1000)).000,0.2,0.199,0.5,3.0"
		echo "# exp: end $id work"
		echo "# exp: begin $id samples"
		for i in 1 2 3 4 5 6 7 8 9 10; do echo "$((wake + 28 + i)).0"; done
		echo "# exp: end $id samples"
		echo "# exp: cell $id ok "
		echo "ok $n $id"
	done < "$jd/cells.sh"
} > "$log"
