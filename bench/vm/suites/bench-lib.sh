# bench-lib.sh: sourced by make bench's guest suites after /lib.sh (not a
# suite: it has no "# smp:" line). Results go out as "bench: TAG CSV-ROW"
# lines for bench/vm.sh; the KTAP result says whether the run gave them.

# arg NAME DEFAULT: the value of NAME= on the kernel command line
arg() {
	v=$2
	for a in $(cat /proc/cmdline); do
		case "$a" in "$1"=*) v=${a#*=} ;; esac
	done
	echo "$v"
}

# bench_run TAG DESC ROWS PIDLE-BENCH-ARGS...: ok when pidle-bench --csv
# exits 0 with ROWS result rows
bench_run() {
	tag=$1; desc=$2; rows=$3; shift 3
	t0=$(date +%s)
	out=$(pidle-bench --csv "$@" 2>/tmp/err); st=$?
	echo "$out" | sed "s/^/bench: $tag /"
	got=$(echo "$out" | grep -c '^[0-9]')
	diag "pidle-bench $*: $(( $(date +%s) - t0 )) s"
	if [ $st -eq 0 ] && [ "$got" -eq "$rows" ]; then ok "$desc"
	else nok "$desc" "pidle-bench exit $st, $got of $rows rows: $(cat /tmp/err)"; fi
}
