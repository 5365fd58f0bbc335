#!/bin/busybox sh
# domains-config: the domain parameters in a 2x2x2 guest. An explicit
# topology= is honoured and a wrong one refused; domain_policy=timer
# rejects a state its domain's next timer rules out. (Idle, busy CPUs and
# hotplug: the domains suite.)
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 150
. /lib.sh
PKGS="package0 package1"

# 1: (c) explicit topologies that differ from the machine's
explicit_topology() {
	err=
	for t in "core=0-3,4-7;package=0-7|core0:0-3 core1:4-7 package0:0-7|$DOMAINS_TABLE" \
		 "cluster=0-7|cluster0:0-7|POLL:0:0,C1:2:2,CL6:200:600:cluster"; do
		topo=${t%%|*}; rest=${t#*|}; want=${rest%%|*}; st=${rest#*|}
		load "topology=$topo" states=$st wait=halt || { err="$err [$topo refused]"; continue; }
		have=; for d in $SYS/domains/*; do have="$have ${d##*/}:$(cat $d/cpus)"; done
		snap /tmp/c0; sleep $W; snap /tmp/c1
		shown=$(cat $SYS/topology); u=
		for d in $SYS/domains/*; do
			d=${d##*/}; u="$u $d $(use /tmp/c0 $d) -> $(use /tmp/c1 $d),"
			went_down /tmp/c0 /tmp/c1 $d || err="$err [$topo: $d never went down]"
		done
		diag "topology=$topo: shown '$shown', domains$have; usage$u"
		[ "$shown" = "$topo" ] || err="$err [$topo shown as $shown]"
		[ "$have" = " $want" ] || err="$err [$topo: domains$have]"
		unload >/dev/null || err="$err [rmmod after $topo]"
	done
	reasons "$err"
}

# 2: (c) wrong topologies refused, with their message, nothing registered
wrong_topology() {
	err=
	for c in "core=0-1,2-3;package=0-3|CPU 4 is in no domain" \
		 "core=0-1,2-3,4-5,6-7,8-9;package=0-9|out of range (8 CPUs)" \
		 "core=0-3,3-7|in two domains" \
		 "core=0-2,3-5,6-7;package=0-3,4-7|levels must nest" \
		 "core=0-3,4-7|level \"package\" is not a level of the topology"; do
		topo=${c%|*}; pat=${c##*|}
		d0=$(dmesg | wc -l)
		if load "topology=$topo" states=$DOMAINS_TABLE 3> /dev/null; then
			err="$err [$topo accepted]"; unload >/dev/null; continue
		fi
		m=$(dmesg | tail -n +$((d0 + 1)) | grep -F "$pat" | head -n 1)
		diag "topology=$topo refused: ${m#*] }"
		[ -n "$m" ] || err="$err [$topo: no dmesg line with '$pat']"
		[ -e $SYS ] && err="$err [$topo: $SYS exists]"
		[ "$(driver)" = "$MOD" ] && err="$err [$topo: driver registered]"
	done
	reasons "$err"
}

# 3: (d) domain_policy=timer. Only PCB (10 s target residency) is enabled,
# so every CPU asks for it; under auto the packages go down in PCB, under
# timer the earliest next timer of a package's CPUs is always nearer than
# 10 s: PCB is rejected, never entered, and the package goes down in the
# shallower PCA (50 us) instead, which fits.
TT=POLL:0:0,C1:2:2,PCA:20:50:package,PCB:50:10000000:package
# counters: PCA usage, PCB usage, PCA rejected, PCB rejected (packages),
# PCB achieved and demoted (CPUs)
pcb_counters() {
	echo "$(dsum usage 2 $PKGS) $(dsum usage 3 $PKGS) $(dsum rejected 2 $PKGS) $(dsum rejected 3 $PKGS) $(csum achieved 3 0 1 2 3 4 5 6 7) $(csum demoted 3 0 1 2 3 4 5 6 7)"
}
timer_policy() {
	err=
	for policy in auto timer; do
		load states=$TT wait=halt domain_policy=$policy || { err="$err [$policy: insmod failed]"; continue; }
		set_disable 0 1; set_disable 1 1; set_disable 2 1
		sleep 0.5
		x0=$(pcb_counters)
		sleep 2
		x1=$(pcb_counters)
		diag "domain_policy=$policy, packages: PCA usage, PCB usage, PCA rejected, PCB rejected, CPUs' PCB achieved, PCB demoted: $x0 -> $x1"
		set -- $x0; pa0=$1 pb0=$2 ra0=$3 rb0=$4 ab0=$5 db0=$6
		set -- $x1; pa1=$1 pb1=$2 ra1=$3 rb1=$4 ab1=$5 db1=$6
		if [ $policy = auto ]; then
			[ $pb1 -gt $pb0 ] || err="$err [auto: PCB never entered]"
			[ $rb1 -eq 0 ] && [ $ra1 -eq 0 ] || err="$err [auto: rejections]"
		else
			[ $rb1 -gt $rb0 ] || err="$err [timer: PCB rejected count did not grow]"
			[ $pb1 -eq 0 ] && [ $ab1 -eq 0 ] || err="$err [timer: PCB entered]"
			[ $db1 -gt $db0 ] || err="$err [timer: CPUs asking for PCB not demoted]"
			[ $pa1 -gt $pa0 ] || err="$err [timer: PCA never accepted]"
			# Only PCB is asked for, so only PCB can be rejected.
			[ $ra1 -eq $ra0 ] || err="$err [timer: PCA rejected $ra0 -> $ra1]"
		fi
		set_disable 0 0; set_disable 1 0; set_disable 2 0
		unload >/dev/null || err="$err [rmmod after $policy]"
	done
	reasons "$err"
}

ktap_header
diag "cpus: $(ncpus), governor $(cat $CPUIDLE/current_governor_ro 2>/dev/null || cat $CPUIDLE/current_governor)"
ktap_test "explicit topology= honoured" explicit_topology
ktap_test "wrong topology= refused with its message" wrong_topology
ktap_test "domain_policy=timer rejects a state its next timer rules out, accepts one that fits" timer_policy
ktap_finished
