#!/bin/busybox sh
# energy: the energy model in a 2x2x2 guest with a table that has power
# (its sysfs tree and zones match Documentation/ABI/testing, scripts/check-abi)
# (core C6 and package PC6, entry energies, active and up powers). Over an
# idle interval every CPU's and domain's energy rises by what the table
# predicts from the residencies measured meanwhile (energycheck); the
# powercap zones exist, nest, and powercap-info reads them, and a zone's
# energy is its subtree's in the module's sysfs; pidle-stat's energy is
# exactly what two saved copies of sysfs say, and live no efficiency passes
# 100 %; each governor's run of timer sleeps has an energy and an
# efficiency (printed next to its wake-up latency); powercap readers on
# every CPU never see a zone's energy_uj go back, across resets, parameter
# writes and load; a reconfiguration restarts the module's own energy
# files from zero; a bad power= is
# refused; a table without power shows no energy anywhere and pidle-stat
# says so; unloading removes the zones.
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 240
# icount: shift=2,sleep=off
. /lib.sh
# the powercap workload: zones, powercap-info, readers across resets
. /energy-powercap.sh
PS=/bin/pidle-stat
PC=/sys/class/powercap/pseudo-cpuidle
PARAMS=/sys/module/pseudo_cpuidle/parameters
T=/tmp/energy
TABLE=POLL:0:0:cpu:1000,C1:2:2:cpu:300,C6:100:400:core:50:20,PC6:300:1200:package:100:200
POWER=cpu:1000,core:200,package:2000
mkdir -p $T

check_load() {
	load states=$TABLE power=$POWER wait=halt || return 1
	for f in $SYS/energy_uj $SYS/cpu0/energy_uj $SYS/cpu7/oracle_energy_uj \
		 $SYS/domains/core3/idle_energy_uj $SYS/domains/package1/energy_uj; do
		[ -r $f ] || { why "$f missing"; return 1; }
	done
	[ "$(cat $PARAMS/power)" = "$POWER" ] || { why "power reads back as $(cat $PARAMS/power)"; return 1; }
	p0=$(zone_of package-0); c0=$(zone_of core-0); c3=$(zone_of core-3)
	diag "zones: $(for z in $PC/pseudo-cpuidle:* $PC/pseudo-cpuidle:*/pseudo-cpuidle:*; do [ -d $z ] && echo -n "${z#$PC/}=$(cat $z/name) "; done)"
	[ -n "$p0" ] && [ -n "$c0" ] && [ -n "$c3" ] || { why "zones: $(ls $PC 2>&1)"; return 1; }
	case "$c0" in "$p0"/*) ;; *) why "core-0 ($c0) not inside package-0 ($p0)"; return 1 ;; esac
}

# Every file of the tree (a table with power, core and package domains,
# the powercap zones) is described in Documentation/ABI/testing/
# sysfs-kernel-pseudo_cpuidle, and every What: there exists here.
check_abi() {
	out=$(sh /check-abi /abi.txt 2>&1); st=$?
	echo "$out" | sed 's/^/# /'
	[ $st -eq 0 ] || why "$(echo "$out" | grep -v '^check-abi:' | head -4 | tr '\n' ' ')"
	return $st
}

check_rise() {
	/energycheck 3 > $T/check 2>&1; st=$?
	sed 's/^\([^#]\)/# \1/' $T/check
	[ $st -eq 0 ] || why "$(grep '^energycheck:' $T/check | head -3)"
	return $st
}

# sum of energy_uj of the package-0 subtree in the module's sysfs
sub() {
	s=$(cat $SYS/domains/package0/energy_uj)
	for n in cpu0 cpu1 cpu2 cpu3 domains/core0 domains/core1; do
		s=$((s + $(cat $SYS/$n/energy_uj)))
	done
	echo $s
}

# csv_energy KEY: energy_j of the energy row whose scope,id start with KEY
csv_energy() { grep ",$1" $T/e.csv | grep ',-1,"energy"' | cut -d, -f18; }

check_stat() {
	sysfs_copy $T/a; sleep 1; sysfs_copy $T/b
	$PS --before $T/a --after $T/b --elapsed 1 --csv > $T/e.csv 2>$T/e.err ||
		{ why "pidle-stat: $(cat $T/e.err)"; return 1; }
	for n in cpu0 cpu5 domains/core2 domains/package1; do
		d=$(( $(cat $T/b$SYS/$n/energy_uj) - $(cat $T/a$SYS/$n/energy_uj) ))
		want=$(awk -v d=$d 'BEGIN { printf "%.6f", d / 1e6 }')
		case $n in
		cpu*) got=$(csv_energy "cpu,${n#cpu},\"${n#cpu}\",-1") ;;
		domains/core*) got=$(csv_energy "core,${n#domains/core},") ;;
		*) got=$(csv_energy "package,${n#domains/package},") ;;
		esac
		[ "$got" = "$want" ] || { why "$n: $got J, sysfs says $want"; return 1; }
	done
	d=$(( $(cat $T/b$SYS/energy_uj) - $(cat $T/a$SYS/energy_uj) ))
	want=$(awk -v d=$d 'BEGIN { printf "%.6f", d / 1e6 }')
	got=$(grep '^0,1.000,total,' $T/e.csv | cut -d, -f18)
	[ "$got" = "$want" ] || { why "total: $got J, sysfs says $want"; return 1; }
	# Live, each node read while one of its CPUs runs pidle-stat: no
	# period ends in the middle of a read, so no efficiency passes 100 %.
	$PS --json -- sleep 1 > $T/e.json 2>$T/e.err || { why "pidle-stat -- sleep: $(cat $T/e.err)"; return 1; }
	eff=$(grep -o '"efficiency_pct":[0-9.]*' $T/e.json | cut -d: -f2 | sort -n | tail -1)
	[ -n "$eff" ] && awk -v e=$eff 'BEGIN { exit !(e <= 100) }' || { why "efficiency $eff %"; return 1; }
	$PS -- sleep 1 > $T/e.txt 2>&1
	sed 's/^/# /' $T/e.txt
}

check_reconfig() {
	e1=$(cat $SYS/energy_uj)
	echo "cpu:2000,core:200,package:2000" > $PARAMS/power || { why "write refused"; return 1; }
	e2=$(cat $SYS/energy_uj)
	diag "energy_uj $e1 before the write, $e2 after"
	[ "$e2" -lt "$e1" ] || { why "energy $e1 uJ before, $e2 uJ after"; return 1; }
	zone_of package-0 >/dev/null || { why "no package-0 zone after the write"; return 1; }
}

check_refused() {
	before=$(cat $PARAMS/power)
	echo "cpu:1,cluster:5" > $PARAMS/power 2>/dev/null && { why "accepted"; return 1; }
	msg=$(dmesg | grep 'power: item 1 (cluster): level "cluster" is not a level' | tail -1)
	[ -n "$msg" ] || { why "no log line naming the item"; return 1; }
	[ "$(cat $PARAMS/power)" = "$before" ] || { why "power $before -> $(cat $PARAMS/power)"; return 1; }
}

check_no_power() {
	echo none > $PARAMS/power
	echo POLL:0:0,C1:2:2,C6:100:400:core > $PARAMS/states
	[ -e $SYS/energy_uj ] && { why "$SYS/energy_uj exists"; return 1; }
	[ -e $SYS/cpu0/energy_uj ] && { why "cpu0/energy_uj exists"; return 1; }
	[ -e $PC ] && { why "$PC exists"; return 1; }
	$PS -i 0.5 -n 1 > $T/none.txt 2>&1
	grep -q '^Energy: unavailable' $T/none.txt || { why "pidle-stat: $(tail -1 $T/none.txt)"; return 1; }
	grep -q ' J ' $T/none.txt && { why "pidle-stat shows a J column"; return 1; }
	return 0
}

# jnum KEY FILE: a top-level number of pidle-stat's JSON
jnum() { grep -o "\"$1\":[-0-9.]*" $2 | head -1 | cut -d: -f2; }

# Each governor on both axes: 1500 timer sleeps of 600 us on CPU 2 (core
# C6 pays off, package PC6 does not), energy and wake-up latency.
check_governors() {
	govs=$(cat $CPUIDLE/available_governors)
	diag "governor   energy_J   avg_W  eff_%  wake_p50_us"
	for g in $govs; do
		echo $g > $CPUIDLE/current_governor 2>/dev/null || continue
		sleep 1
		$PS --json -o $T/g.json -- /wakelat -c 2 600 1500 > $T/g.lat 2>$T/g.err ||
			{ why "$g: $(cat $T/g.err)"; return 1; }
		e=$(jnum energy_uj $T/g.json); w=$(jnum energy_avg_w $T/g.json)
		eff=$(jnum energy_efficiency_pct $T/g.json)
		[ -n "$e" ] && [ "$e" -gt 0 ] || { why "$g: no energy in $(head -c 200 $T/g.json)"; return 1; }
		awk -v e=$eff 'BEGIN { exit !(e > 0 && e <= 100) }' || { why "$g: efficiency $eff"; return 1; }
		diag "$(awk -v g=$g -v e=$e -v w=$w -v f=$eff -v l=$(tail -1 $T/g.lat) \
			'BEGIN { printf "%-8s %10.6f %7.4f %6.2f %12.1f", g, e / 1e6, w, f, l / 1e3 }')"
	done
}

check_unload() {
	echo $TABLE > $PARAMS/states
	echo $POWER > $PARAMS/power
	had=$(zone_of package-1) || { why "no package-1 zone after reloading the table"; return 1; }
	unload >/dev/null || { why "rmmod failed"; return 1; }
	[ ! -e $PC ] && ! ls /sys/class/powercap | grep -q pseudo ||
		{ why "after rmmod: $(ls /sys/class/powercap 2>&1)"; return 1; }
}

ktap_header
ktap_plan 11
ktap_test "load with power=: energy files in sysfs, package and core powercap zones" check_load
ktap_test "every sysfs file is in the ABI document, every documented file exists" check_abi
ktap_test "energy of every CPU and domain over 3 s as the table predicts from the residencies" check_rise
ktap_test "powercap-info reads the zones; package-0 is its CPUs and domains" check_powercap
ktap_test "pidle-stat energy columns are what sysfs says; live efficiency at most 100 %" check_stat
ktap_test "every governor's run has energy, efficiency in (0, 100] %" check_governors
ktap_test "powercap energy_uj never goes back: readers on every CPU across resets, parameter writes, load" check_monotonic
ktap_test "power= write: energy restarts from zero, zones rebuilt" check_reconfig
ktap_test "power= naming a level the topology lacks is refused, logged, nothing changed" check_refused
ktap_test "a table without power: no energy files, no zones, pidle-stat says unavailable" check_no_power
ktap_test "unload removes the powercap zones" check_unload
ktap_finished
