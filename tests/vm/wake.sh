# wake.sh: the wake-up suites' helpers (wakeup, wakeup-count), sourced
# after /lib.sh. CPU 1 idles in one state; the test module
# /pidle_wake_probe.ko, run from CPU 0, times how late a handler runs
# there, or counts what its calls did (tests/vm/kmod/pidle_wake_probe.c).
# Busybox sh.
PROBE=/sys/module/pidle_wake_probe/parameters
PARAMS=/sys/module/$MOD/parameters
# A 0-latency non-polling baseline and a deep state of its own core
# (topology core=0,1): differences between them are the simulated
# latency, free of the guest's own wake-up cost.
LAT_US=1000
TABLE=POLL:0:0,NOLAT:0:1,DEEP:$LAT_US:2000:core
ICOUNT=$(arg pidle_icount none)

# probe_load: the test module, ten trials of a +4 ms event each
probe_load() {
	insmod /pidle_wake_probe.ko trials=10 delay_us=4000 ||
		diag "the test module did not load: the cases that use it fail"
}

# probe MODE: run the trials; sets LMIN LMED LMAX (ns, "-" when it failed)
probe() {
	LMIN=-; LMED=-; LMAX=-
	echo $1 > $PROBE/run || return 1
	_r=$(cat $PROBE/result); diag "$_r"
	set -- $(echo "$_r" | sed 's/.*min_ns=\(-*[0-9]*\) median_ns=\(-*[0-9]*\) max_ns=\(-*[0-9]*\)/\1 \2 \3/')
	LMIN=$1; LMED=$2; LMAX=$3
}

# diff_med MODE K: DIFF = median lateness of MODE from state K minus that
# from NOLAT (state 1), ns
diff_med() {
	only_state 1; probe $1; _base=$LMED
	only_state $2; probe $1; _deep=$LMED
	all_states
	DIFF=-
	[ "$_base" != - ] && [ "$_deep" != - ] || return 1
	DIFF=$((_deep - _base))
	diag "$1: median lateness NOLAT $_base ns, state$2 $_deep ns, difference $DIFF ns"
}

# cluster_lat FROM CPU K SIBLING...: DIFF = median lateness of an IPI
# from FROM to CPU alone in its cluster (each SIBLING offline), every CPU
# allowed its state K alone (the cluster's), minus that in WFI (state 0),
# ns. What else wakes CPU powers its cluster up before the IPI comes (a
# sibling kicked for nohz balancing, RCU's grace-period thread), so the
# siblings are offline and RCU's threads run on FROM (suites/hetero.sh).
cluster_lat() {
	_from=$1 _cpu=$2 _k=$3
	shift 3
	echo $_from > $PROBE/from; echo $_cpu > $PROBE/cpu
	cpu_off "$@" || return 1
	only_state 0; probe ipi; _base=$LMED
	for _p in $(pidof rcu_sched rcu_preempt); do taskset -p $((1 << _from)) $_p > /dev/null; done
	only_state $_k; probe ipi; _deep=$LMED
	all_states
	cpu_on "$@" || return 1
	DIFF=-
	[ "$_base" != - ] && [ "$_deep" != - ] || return 1
	DIFF=$((_deep - _base))
	diag "ipi from cpu$_from to cpu$_cpu (cpus $* offline): median lateness in WFI $_base ns, in its state $_k ($(cat /sys/devices/system/cpu/cpu$_cpu/cpuidle/state$_k/name)) $_deep ns, difference $DIFF ns"
}

# within X LO HI
within() { [ "$1" != - ] && [ "$1" -ge $2 ] && [ "$1" -le $3 ]; }
loaded_with() { unload >/dev/null; load "$@"; }
