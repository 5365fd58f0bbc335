# counters.sh: the model's counters (/sys/kernel/pseudo_cpuidle) as the
# suites read them, sourced by lib.sh: one counter or a sum, snapshots of
# them all and sums over a snapshot, whether a domain went down between
# two, the invariants checked on one (/pidlecheck). Busybox sh.

# The domains suites' table: two states per domain level, so that
# "deepest" means something; DEEP: its core and package states.
DOMAINS_TABLE=POLL:0:0,C1:2:2,C1E:10:20,CC3:50:100:core,CC6:100:300:core,PC3:200:600:package,PC6:300:900:package
DEEP=3-6
W=2	# their measurement window, s

# dval DOMAIN STATE FIELD / cval CPU STATE FIELD: one counter
dval() { cat $SYS/domains/$1/state$2/$3; }
cval() { cat $SYS/cpu$1/state$2/$3; }
# dsum FIELD STATE DOMAIN...: a counter summed over domains
dsum() {
	f=$1; k=$2; shift 2; s=0
	for d in "$@"; do s=$((s + $(dval $d $k $f))); done
	echo $s
}
# csum FIELD STATE CPU...: a counter summed over CPUs
csum() {
	f=$1; k=$2; shift 2; s=0
	for c in "$@"; do s=$((s + $(cval $c $k $f))); done
	echo $s
}

# snap FILE: every counter of the model, one "PATH:VALUE" line each,
# paths relative to $SYS (domains/core0/state3/usage:12, cpu1/state0/requested:7).
snap() {
	{ grep -r . $SYS/domains; grep -r . $SYS/cpu[0-9]*; } 2>/dev/null \
		| sed "s|^$SYS/||" > "$1"
}
# snap_domains FILE: the domains' counters alone. A full snap reads every
# CPU's per-state files (with the wake sources, ~0.5 s of busybox on an
# 8-vCPU TCG guest): inside a window that measures idleness it is busy
# time of its own (domains, 6.12: a 2 s window measured 3.02 s, package0
# down 67.7%).
snap_domains() {
	grep -r . $SYS/domains 2>/dev/null | sed "s|^$SYS/||" > "$1"
}

# ssum SNAP REGEX: the sum of the counters of SNAP whose path matches REGEX
# (an awk regular expression), e.g. ssum /tmp/s '^domains/core2/state[0-9]+/usage$'
ssum() {
	awk -v re="$2" '{ i = index($0, ":"); if (substr($0, 1, i - 1) ~ re) s += substr($0, i + 1) }
		END { printf "%.0f\n", s }' "$1"
}
# own_paid SNAP0 SNAP1 DOMAIN K LAT_NS: DOMAIN's stateK between the two
# snapshots, said in a diag line; OWN_ERR is why it fails (never down, or
# a latency paid other than LAT_NS a power-up), empty when it holds. A
# down period is counted in usage when it begins and paid for at its
# power-up, so one going on at a snapshot is in that snapshot's usage
# and not yet in its latency paid: between two snapshots the power-ups
# paid are the down periods counted, one more or one fewer; each pays
# LAT_NS whole, so the latency paid is a multiple of it.
own_paid() {
	_re="^domains/$3/state$4"
	_u=$(($(ssum "$2" "$_re/usage\$") - $(ssum "$1" "$_re/usage\$")))
	_l=$(($(ssum "$2" "$_re/latency_paid_ns\$") - $(ssum "$1" "$_re/latency_paid_ns\$")))
	_k=$((_l / $5))
	diag "$3: $_u down periods, latency paid $_l ns ($_k power-ups of $5 ns)"
	OWN_ERR=
	[ $_u -gt 0 ] || OWN_ERR=" $3 never down"
	[ $_l -eq $((_k * $5)) ] && [ $_k -ge $((_u - 1)) ] && [ $_k -le $((_u + 1)) ] ||
		OWN_ERR="$OWN_ERR $3 paid $_l ns for $_u down periods: want $5 ns a power-up, as many power-ups as down periods (one more or fewer)"
}
# res/use SNAP DOMAIN: the domain's residency / usage over all its states
res() { ssum "$1" "^domains/$2/state[0-9]+/residency_ns\$"; }
use() { ssum "$1" "^domains/$2/state[0-9]+/usage\$"; }

# residency_ns includes the down period going on, so it grows while a
# domain is down even when no period ends.
# went_down SNAP0 SNAP1 DOMAIN: down for some of the time in between.
# stayed_up SNAP0 SNAP1 DOMAIN: up all the time in between.
went_down() { [ $(res "$2" $3) -gt $(res "$1" $3) ]; }
stayed_up() {
	[ $(res "$2" $3) -eq $(res "$1" $3) ] && [ $(use "$2" $3) -eq $(use "$1" $3) ]
}

# check_counters SNAP ELAPSED_NS ONLINES: the invariants the model keeps,
# checked on a snapshot taken with every online CPU busy; ONLINES lists
# "CPU:N", the times each CPU was brought online since the counters began.
# Prints one line per violation; silent when consistent. The invariants:
# tests/vm/guest/pidlecheck.c.
check_counters() {
	/pidlecheck "$1" "$2" "${POLICY:-auto}" $3
}
