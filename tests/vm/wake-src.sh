# wake-src.sh: the wake suite's (suites/wake.sh) counters of wake-up
# sources: per-CPU and per-domain sums, snapshots and their differences,
# a workload run between two snapshots. Sourced by the suite after
# /lib.sh, as /wake-src.sh in the image; uses its SYS, SRCS and EV.

# wsum CPU SRC: wake_SRC of CPU over its states (above_SRC, below_SRC as named)
wsum() {
	_n=wake_$2
	case $2 in above_*|below_*) _n=$2 ;; esac
	_s=0
	for _f in $SYS/cpu$1/state[0-9]*/$_n; do _s=$((_s + $(cat $_f))); done
	echo $_s
}

# dwsum DOMAIN SRC: wake_SRC of a domain over its states
dwsum() {
	_s=0
	for _f in $SYS/domains/$1/state[0-9]*/wake_$2; do _s=$((_s + $(cat $_f))); done
	echo $_s
}

# csum2 CPU FILE: cpuidle's FILE (above, below) of CPU over its states
csum2() {
	_s=0
	for _f in /sys/devices/system/cpu/cpu$1/cpuidle/state[0-9]*/$2; do _s=$((_s + $(cat $_f))); done
	echo $_s
}

# wsnap FILE: "cpuN SRC COUNT" lines for every CPU and source; also
# "cpuN above|below COUNT" (the module's above_SRC, below_SRC summed) and
# "cpuN cpuidle_above|cpuidle_below COUNT" (cpuidle's own)
# With TAG, each CPU's reads are bracketed by trace markers "pidle-snap
# TAG begin|end cpuN", so that the trace cross-check counts that CPU's
# exits between its reads exactly (xcheck).
wsnap() {
	: > $1
	for _c in $(online_cpus); do
		[ -n "${2:-}" ] && echo "pidle-snap $2 begin cpu$_c" > $TR/trace_marker
		for _w in $SRCS; do echo "cpu$_c $_w $(wsum $_c $_w)" >> $1; done
		[ -n "${2:-}" ] && echo "pidle-snap $2 end cpu$_c" > $TR/trace_marker
		for _q in above below; do
			_s=0
			for _w in timer ipi device unknown; do _s=$((_s + $(wsum $_c ${_q}_$_w))); done
			echo "cpu$_c $_q $_s" >> $1
			echo "cpu$_c cpuidle_$_q $(csum2 $_c $_q)" >> $1
		done
	done
}

# wdiff A B CPU SRC: the count's growth from snapshot A to B
wdiff() {
	awk -v k="cpu$3" -v w=$4 'FNR == NR { if ($1 == k && $2 == w) a = $3; next }
		$1 == k && $2 == w { print $3 - a }' $1 $2
}

# share PART OTHER...: PART's share in % of PART + OTHERs
share() {
	_p=$1; _t=$1; shift
	for _o in "$@"; do _t=$((_t + _o)); done
	pct $_p $_t
}

# at_least PCT_ACTUAL PCT_MIN
at_least() { awk -v a=$1 -v m=$2 'BEGIN { exit !(a >= m) }'; }

# workload NAME CMD...: run CMD between two snapshots (/tmp/NAME.0, .1)
workload() {
	_n=$1; shift
	wsnap /tmp/$_n.0
	"$@" > /tmp/$_n.csv 2>&1 || { why "$*: $(cat /tmp/$_n.csv)"; return 1; }
	wsnap /tmp/$_n.1
	diag "$_n: $(tail -n 1 /tmp/$_n.csv)"
}

# show NAME CPU: one CPU's growth per source over workload NAME
show() {
	_l=
	for _w in $SRCS; do _l="$_l $_w=$(wdiff /tmp/$1.0 /tmp/$1.1 $2 $_w)"; done
	diag "$1: cpu$2$_l"
}

# srcs CPU: the CPU's timer, ipi, device and unknown counts over its states
srcs() { echo $(wsum $1 timer) $(wsum $1 ipi) $(wsum $1 device) $(wsum $1 unknown); }

# around NAME CPU CMD...: run CMD (its output in /tmp/NAME.csv); sets _t
# _i _d _u, CPU's wake-ups by source over CMD alone. The CPU's counters
# are read right before and after: a snapshot of every CPU (workload)
# takes long enough for its own wake-ups to rival a workload's (CI,
# 6.12: 215 timer against a ping-pong's 200 IPIs; eval: rt-app's share
# of timer wake-ups 74 %).
around() {
	_nm=$1 _cpu=$2; shift 2
	_s0=$(srcs $_cpu)
	"$@" > /tmp/$_nm.csv 2>&1 || { why "$*: $(cat /tmp/$_nm.csv)"; return 1; }
	_s1=$(srcs $_cpu)
	set -- $_s0 $_s1
	_t=$(($5 - $1)) _i=$(($6 - $2)) _d=$(($7 - $3)) _u=$(($8 - $4))
	diag "$_nm: $(tail -n 1 /tmp/$_nm.csv)"
	diag "$_nm: cpu$_cpu timer=$_t ipi=$_i device=$_d unknown=$_u"
}
