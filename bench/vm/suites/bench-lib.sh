# bench-lib.sh: sourced by make bench's guest suites after /ktap.sh and
# /module.sh (not a suite: it has no "# smp:" line). Results go out as "bench: TAG CSV-ROW"
# lines for bench/vm.sh; the KTAP result says whether the run gave them.

# bench_run WARMUP TAG DESC ROWS PIDLE-BENCH-ARGS...: ok when pidle-bench --csv
# exits 0 with ROWS result rows and, where the module counts exits, the
# measured CPU left each state at least once per sample taken: else some
# wake-ups did not come from the state (another task had the CPU), and
# the figures would not be the state's.
# With WARMUP > 0, a run of WARMUP samples goes first, its figures dropped:
# soon after boot the CPUs still have other work (seen under -icount: no
# exit at all from the state over the first 600 timer samples, each 204 us
# late, against 69 us once quiet).
bench_run() {
	warmup=$1; tag=$2; desc=$3; rows=$4; shift 4
	t0=$(date +%s)
	[ "$warmup" -gt 0 ] && pidle-bench "$@" -n "$warmup" >/dev/null 2>&1
	out=$(pidle-bench --csv "$@" 2>/tmp/err); st=$?
	echo "$out" | sed "s/^/bench: $tag /"
	got=$(echo "$out" | grep -c '^[0-9]')
	# per state: samples over its timer and ipi rows (the -irq rows are
	# the same wake-ups) against its exits (column 11)
	short=$(echo "$out" | awk -F, '/^[0-9]/ && $11 != "" && ($4 == "timer" || $4 == "ipi") {
			n[$2] += $5; e[$2] = $11 }
		END { for (s in n) if (e[s] < n[s]) printf " %s: %d exits for %d samples", s, e[s], n[s] }')
	diag "pidle-bench $*: $(( $(date +%s) - t0 )) s with the warm-up"
	if [ $st -ne 0 ] || [ "$got" -ne "$rows" ]; then
		ktap_result "$desc" 1 "pidle-bench exit $st, $got of $rows rows: $(cat /tmp/err)"
	elif [ -n "$short" ]; then
		ktap_result "$desc" 1 "not every wake-up was from its state:$short"
	else
		ktap_result "$desc" 0
	fi
}

# bench_poll DESC PIDLE-BENCH-ARGS...: the polling comparison's run, the
# same on both sides (bench-poll-kernel, bench-poll-pseudo): command line
# bench_n= samples (2000), bench_test= timer|ipi|both, a row per test.
bench_poll() {
	_desc=$1; shift
	_test=$(arg bench_test both)
	_rows=2; [ "$_test" = both ] || _rows=1
	bench_run 1000 poll "$_desc" $_rows "$@" -t $_test -n $(arg bench_n 2000) -I 1000
}
