#!/bin/busybox sh
# large: a 64-vCPU guest, 2 packages x 2 dies x 8 cores x 2 threads
# (Skylake-Server shows SMT and, through CPUID leaf 0x1f, dies). Loads with
# topology=auto, a table with core, die and package states and wait=halt,
# reads the topology back and writes it again (explicit and compact form),
# lets the idle machine take every domain down, checks every counter once
# the CPUs are held busy and the counters have settled, reconfigures
# (states, domain_policy=timer, a compact topology without the die level),
# takes a CPU offline and back, and unloads.
# Under TCG on a 2-core host, 64 free-running vCPUs get a 32nd of a host
# core each: every wait below is "until it happens, within a generous
# bound", never a fixed guest time, and the time taken is a diagnostic.
# The consistency check holds all 64 vCPUs busy while it reads 3,400
# counters: about 6 of the run's 9 minutes (2-core host, 6.12).
# Not in make check: make check-vm-large (see tests/vm/README).
# separate: make check-vm-large
# smp: 64,sockets=2,dies=2,cores=8,threads=2
# timeout: 1500
. /lib.sh
ktap_header
ktap_plan 7
P=/sys/module/$MOD/parameters
# One state per level, so that every domain has one to go down in.
T=POLL:0:0,C1:2:2,C1E:10:20,CC6:100:300:core,DC6:150:450:die,PC6:200:600:package
LIMIT=120	# s: the bound on each wait for something the model must do
diag "cpus: $(ncpus)"

# dsnap FILE: "DOMAIN RESIDENCY" per domain, its states' residency summed;
# a domain-only snapshot, far cheaper than snap's thousands of files.
dsnap() {
	grep -r . $SYS/domains/*/state*/residency_ns | awk -F: '{
		n = split($1, p, "/"); r[p[n - 2]] += $2 }
		END { for (d in r) printf "%s %.0f\n", d, r[d] }' > "$1"
}
# all_down BASE DOMAIN...: every DOMAIN's residency grew since BASE
# (residency includes the down period going on: lib.sh went_down); else
# STILL_UP names the first one that did not.
all_down() {
	_b=$1; shift
	dsnap /tmp/dnow
	STILL_UP=$(echo "$@" | tr ' ' '\n' | awk -v base=$_b -v now=/tmp/dnow '
		{ want[$1] = 1 }
		END {
			while ((getline l < base) > 0) { split(l, f, " "); b[f[1]] = f[2] }
			while ((getline l < now) > 0) { split(l, f, " "); n[f[1]] = f[2] }
			for (d in want) if (!(d in n) || n[d] <= b[d]) { print d; exit }
		}')
	[ -z "$STILL_UP" ]
}
# wait_down DOMAIN...: until every DOMAIN has gone down since the call,
# at most LIMIT s; prints the seconds it took. Fails with the first
# domain still up.
wait_down() {
	dsnap /tmp/dbase; _t0=$(now_ns)
	until all_down /tmp/dbase "$@"; do
		if [ $(($(now_ns) - _t0)) -gt $((LIMIT * 1000000000)) ]; then
			why "$STILL_UP never went down in $LIMIT s"
			return 1
		fi
		sleep 0.5
	done
	diag "all $# went down within $(($(now_ns) - _t0)) ns"
}

t_load=$(now_ns)
check_load() {
	load states=$T wait=halt || return 1
	topo=$(cat $SYS/topology)
	diag "topology=auto: $topo"
	ncore=$(ls -d $SYS/domains/core* | wc -l)
	ndie=$(ls -d $SYS/domains/die* 2>/dev/null | wc -l)
	npkg=$(ls -d $SYS/domains/package* | wc -l)
	case "$topo" in
	"core=0-1,2-3,"*",62-63;die=0-15,16-31,32-47,48-63;package=0-31,32-63") ;;
	*) why "topology $topo"; return 1 ;;
	esac
	[ $ncore -eq 32 ] && [ $ndie -eq 4 ] && [ $npkg -eq 2 ] ||
		{ why "$ncore cores, $ndie dies, $npkg packages"; return 1; }
}
# 1
ktap_test "64 CPUs load with topology=auto: 32 cores, 4 dies, 2 packages" check_load
loaded || ktap_finished	# short of its plan: fails

# 2: what reads back loads again, as it is and in the compact form. A
# topology write restarts the counters: they count from t_cnt.
COMPACT="core=0-1*32;die=0-15*4;package=0-31*2"
check_readback() {
	_e=
	echo "$topo" > $P/topology || _e="$_e [explicit read-back refused]"
	[ "$(cat $P/topology)" = "$topo" ] || _e="$_e [explicit: reads back $(cat $P/topology)]"
	t_cnt=$(now_ns)
	echo "$COMPACT" > $P/topology || _e="$_e [compact refused]"
	[ "$(cat $P/topology)" = "$topo" ] || _e="$_e [compact: reads back $(cat $P/topology)]"
	[ -z "$_e" ] || { why "$_e"; return 1; }
}
t_cnt=$t_load
ktap_test "the topology read back, and its compact form $COMPACT, load again" check_readback

# 3: the idle machine takes every core, die and package down.
check_idle() {
	wait_down $(ls $SYS/domains)
}
ktap_test "idle: every core, die and package goes down" check_idle

# 4: every counter consistent (check_counters in lib.sh). pidlecheck wants
# a snapshot in which no counter moves: every CPU busy, and the snapshot
# taken again until two in a row are equal (a spinner can take seconds to
# reach its CPU on this guest).
check_settled() {
	spin_on $(online_cpus)
	_n=0
	snap /tmp/s1
	while :; do
		sleep 1
		snap /tmp/s2
		cmp -s /tmp/s1 /tmp/s2 && break
		_n=$((_n + 1))
		if [ $_n -ge 20 ]; then
			spin_stop
			diff /tmp/s1 /tmp/s2 | head -n 5 | sed 's/^/# moved: /'
			why "counters still moving with every CPU busy after $_n snapshots"
			return 1
		fi
		mv /tmp/s2 /tmp/s1
	done
	_el=$(($(now_ns) - t_cnt))
	spin_stop
	diag "settled after $_n retries: $(wc -l < /tmp/s1) counters, $_el ns since the counters began"
	_v=$(check_counters /tmp/s1 $_el "")
	[ -z "$_v" ] && return 0
	echo "$_v" | head -n 10 | sed 's/^/# /'
	why "$(echo "$_v" | wc -l) violations"
	return 1
}
ktap_test "counters consistent once settled" check_settled

# 5: reconfiguration: another table, the timer policy, and a compact
# topology without the die level; each write applies whole. Under timer
# a package goes down only when its 32 CPUs' earliest next timer leaves
# room for a package state: it must happen, but how soon depends on the
# guest's timers, so the check waits for it.
T2=POLL:0:0,C1:2:2,CC6:80:250:core,PC3:150:400:package,PC6:300:900:package
check_reconfig() {
	_e=
	echo "$T2" > $P/states || _e="$_e [states refused]"
	echo timer > $P/domain_policy || _e="$_e [domain_policy refused]"
	echo "core=0-1*32;package=0-31*2" > $P/topology || _e="$_e [topology refused]"
	[ "$(cat $P/domain_policy)" = timer ] || _e="$_e [policy $(cat $P/domain_policy)]"
	[ $(ls -d $SYS/domains/die* 2>/dev/null | wc -l) -eq 0 ] || _e="$_e [die domains left]"
	[ $(ls -d $SYS/domains/core* | wc -l) -eq 32 ] || _e="$_e [cores]"
	[ $(ls -d $SYS/domains/package* | wc -l) -eq 2 ] || _e="$_e [packages]"
	[ -z "$_e" ] || { why "$_e"; return 1; }
	wait_down package0 package1 core0 core31 || return 1
	diag "timer: rejected per package $(cat $SYS/domains/package0/state*/rejected | tr '\n' ' ')/ $(cat $SYS/domains/package1/state*/rejected | tr '\n' ' ')"
}
ktap_test "reconfigured: states, domain_policy=timer, compact topology; packages go down under timer" check_reconfig

# 6: CPU 63 offline keeps nothing up: its core and package still go down;
# back online it idles again.
# Debian's 6.12 in this guest sometimes warns "Dying CPU not properly
# vacated!" (sched_cpu_dying+0x93, the rq counting a task besides the
# stopper) when a CPU goes offline, with no module loaded: 2 warnings in
# 12 offlines of CPUs 63, 62 and 31, none in 35 with the scheduler feature
# DELAY_DEQUEUE (EEVDF's delayed dequeue, 6.12 and later) turned off. Not
# ours; the harness fails any WARN, so the case turns the feature off
# around its hotplug where the kernel has it (admin-guide, Limitations).
FEAT=/sys/kernel/debug/sched/features
delay_dequeue() {	# off|on
	mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	grep -q DELAY_DEQUEUE $FEAT 2>/dev/null || return 0
	if [ $1 = off ]; then echo NO_DELAY_DEQUEUE > $FEAT; else echo DELAY_DEQUEUE > $FEAT; fi
	diag "sched feature DELAY_DEQUEUE $1"
}
check_hotplug() {
	delay_dequeue off
	echo 0 > /sys/devices/system/cpu/cpu63/online || { why "offline refused"; return 1; }
	wait_down core31 package1 || { echo 1 > /sys/devices/system/cpu/cpu63/online; return 1; }
	echo 1 > /sys/devices/system/cpu/cpu63/online || { why "online refused"; return 1; }
	delay_dequeue on
	_r0=$(cat $SYS/cpu63/state*/requested | awk '{ s += $1 } END { print s }')
	_t0=$(now_ns)
	while [ "$(cat $SYS/cpu63/state*/requested | awk '{ s += $1 } END { print s }')" -le "$_r0" ]; do
		[ $(($(now_ns) - _t0)) -lt $((LIMIT * 1000000000)) ] ||
			{ why "cpu63 not idling in $LIMIT s after online"; return 1; }
		sleep 0.5
	done
}
ktap_test "CPU 63 offline: its core and package still go down; back online it idles" check_hotplug

# 7
check_unload() {
	_t=$(now_ns)
	_o=$(unload) || { why "$_o"; return 1; }
	diag "rmmod: $(($(now_ns) - _t)) ns, driver now $(driver)"
}
ktap_test "rmmod" check_unload
ktap_finished
