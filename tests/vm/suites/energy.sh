#!/bin/busybox sh
# energy: the energy model in a 2x2x2 guest with a table that has power
# (core C6 and package PC6, entry energies, active and up powers). Over an
# idle interval every CPU's and domain's energy rises by what the table
# predicts from the residencies measured meanwhile (energycheck); the
# powercap zones exist, nest, and powercap-info reads them, and a zone's
# energy is its subtree's in the module's sysfs; pidle-stat's energy is
# exactly what two saved copies of sysfs say; a reconfiguration restarts
# the energy from zero; a table without power shows no energy anywhere and
# pidle-stat says so; unloading removes the zones.
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 120
. /lib.sh
PS=/bin/pidle-stat
PC=/sys/class/powercap/pseudo-cpuidle
T=/tmp/energy
TABLE=POLL:0:0:cpu:1000,C1:2:2:cpu:300,C6:100:400:core:50:20,PC6:300:1200:package:100:200
POWER=cpu:1000,core:200,package:2000
mkdir -p $T
echo "KTAP version 1"
echo "1..8"

# sysfs_copy DIR: what pidle-stat reads, copied under DIR.
sysfs_copy() {
	for c in /sys/devices/system/cpu/cpu[0-9]*; do
		mkdir -p $1$c
		cp -r $c/cpuidle $1$c/ 2>/dev/null
	done
	mkdir -p $1/sys/devices/system/cpu/cpuidle $1/sys/kernel
	cp /sys/devices/system/cpu/cpuidle/current_* $1/sys/devices/system/cpu/cpuidle/
	cp -r $SYS $1/sys/kernel/ 2>/dev/null	# the write-only reset files fail
}

# The energy_uj of a zone named $1 (its directory).
zone_of() {
	for z in $PC/pseudo-cpuidle:*/ $PC/pseudo-cpuidle:*/pseudo-cpuidle:*/; do
		[ "$(cat $z/name 2>/dev/null)" = "$1" ] && { echo ${z%/}; return 0; }
	done
	return 1
}

# 1: loads with power; every energy file and zone is there
if load states=$TABLE power=$POWER wait=halt; then
	why=
	for f in $SYS/energy_uj $SYS/cpu0/energy_uj $SYS/cpu7/oracle_energy_uj \
		 $SYS/domains/core3/idle_energy_uj $SYS/domains/package1/energy_uj; do
		[ -r $f ] || why="$why $f missing;"
	done
	[ "$(cat /sys/module/pseudo_cpuidle/parameters/power)" = "$POWER" ] ||
		why="$why power reads back as $(cat /sys/module/pseudo_cpuidle/parameters/power);"
	p0=$(zone_of package-0); c0=$(zone_of core-0); c3=$(zone_of core-3)
	[ -n "$p0" ] && [ -n "$c0" ] && [ -n "$c3" ] || why="$why zones: $(ls $PC 2>&1 | tr '\n' ' ');"
	case "$c0" in "$p0"/*) ;; *) why="$why core-0 ($c0) not inside package-0 ($p0);" ;; esac
	diag "zones: $(for z in $PC/pseudo-cpuidle:* $PC/pseudo-cpuidle:*/pseudo-cpuidle:*; do [ -d $z ] && echo -n "${z#$PC/}=$(cat $z/name) "; done)"
	[ -z "$why" ] && ok "load with power=: energy files in sysfs, package and core powercap zones" ||
		nok "load with power=: energy files in sysfs, package and core powercap zones" "$why"
else
	nok "load with power=: energy files in sysfs, package and core powercap zones" "insmod: $OUT"
fi

# 2: energy over an idle interval against the table and the residencies
if /energycheck 3 > $T/check 2>&1; then
	sed 's/^\([^#]\)/# \1/' $T/check
	ok "energy of every CPU and domain over 3 s as the table predicts from the residencies"
else
	sed 's/^\([^#]\)/# \1/' $T/check
	nok "energy of every CPU and domain over 3 s as the table predicts from the residencies" "$(grep '^energycheck:' $T/check | head -3 | tr '\n' ' ')"
fi

# 3: powercap-info reads the zones; a zone is its subtree
sub() {	# sum of energy_uj of the package-0 subtree in the module's sysfs
	s=$(cat $SYS/domains/package0/energy_uj)
	for n in cpu0 cpu1 cpu2 cpu3 domains/core0 domains/core1; do
		s=$((s + $(cat $SYS/$n/energy_uj)))
	done
	echo $s
}
why=
out=$(powercap-info pseudo-cpuidle 2>&1) || why="powercap-info: $out;"
for z in package-0 package-1 core-0 core-3; do
	echo "$out" | grep -q "$z" || why="$why powercap-info lists no $z;"
done
p0=$(zone_of package-0)
n0=${p0##*:}		# its zone number, for powercap-info -z
s1=$(sub); z=$(powercap-info pseudo-cpuidle -z $n0 -j 2>&1); s2=$(sub)
[ "$z" -ge "$s1" ] && [ "$z" -le "$s2" ] || why="$why package-0 energy_uj $z not between its subtree's $s1 and $s2;"
diag "powercap-info: $(echo "$out" | grep -i -m 4 'name\|energy' | tr '\n' ' ')"
[ -z "$why" ] && ok "powercap-info reads the zones; package-0 is its CPUs and domains" ||
	nok "powercap-info reads the zones; package-0 is its CPUs and domains" "$why"

# 4: pidle-stat's energy is exactly what two saved copies of sysfs say
sysfs_copy $T/a; sleep 1; sysfs_copy $T/b
why=
$PS --before $T/a --after $T/b --elapsed 1 --csv > $T/e.csv 2>$T/e.err || why="pidle-stat: $(cat $T/e.err)"
for n in cpu0 cpu5 domains/core2 domains/package1; do
	d=$(( $(cat $T/b$SYS/$n/energy_uj) - $(cat $T/a$SYS/$n/energy_uj) ))
	want=$(awk -v d=$d 'BEGIN { printf "%.6f", d / 1e6 }')
	case $n in
	cpu*) key="cpu,${n#cpu},\"${n#cpu}\",-1" ;;
	domains/core*) key="core,${n#domains/core}," ;;
	*) key="package,${n#domains/package}," ;;
	esac
	got=$(grep ",$key" $T/e.csv | grep ',-1,"energy"' | cut -d, -f18)
	[ "$got" = "$want" ] || why="$why $n: $got J, sysfs says $want;"
done
d=$(( $(cat $T/b$SYS/energy_uj) - $(cat $T/a$SYS/energy_uj) ))
want=$(awk -v d=$d 'BEGIN { printf "%.6f", d / 1e6 }')
got=$(grep '^0,1.000,total,' $T/e.csv | cut -d, -f18)
[ "$got" = "$want" ] || why="$why total: $got J, sysfs says $want;"
# Live, each CPU and domain read while one of its CPUs runs pidle-stat:
# no period ends in the middle of a read, so no efficiency passes 100 %.
$PS --json -- sleep 1 > $T/e.json 2>$T/e.err || why="$why pidle-stat -- sleep: $(cat $T/e.err)"
eff=$(grep -o '"efficiency_pct":[0-9.]*' $T/e.json | cut -d: -f2 | sort -n | tail -1)
[ -n "$eff" ] && awk -v e=$eff 'BEGIN { exit !(e <= 100) }' || why="$why efficiency $eff %;"
$PS -- sleep 1 > $T/e.txt 2>&1
diag "$(grep '^Energy' $T/e.txt)"
[ -z "$why" ] && ok "pidle-stat energy columns are what sysfs says" ||
	nok "pidle-stat energy columns are what sysfs says" "$why"

# 5: a reconfiguration restarts the energy; the zones are rebuilt
e1=$(cat $SYS/energy_uj)
if echo "cpu:2000,core:200,package:2000" > /sys/module/pseudo_cpuidle/parameters/power; then
	e2=$(cat $SYS/energy_uj)
	# 8 CPUs at 2 W, 6 domains at 2 W at most: 28 mW per ms since the write
	why=
	[ "$e2" -lt "$e1" ] || why="energy $e1 uJ before, $e2 uJ after"
	zone_of package-0 >/dev/null || why="$why; no package-0 zone after the write"
	diag "energy_uj $e1 before the write, $e2 after"
	[ -z "$why" ] && ok "power= write: energy restarts from zero, zones rebuilt" ||
		nok "power= write: energy restarts from zero, zones rebuilt" "$why"
else
	nok "power= write: energy restarts from zero, zones rebuilt" "write refused"
fi

# 6: a refused power= names the field and changes nothing
before=$(cat /sys/module/pseudo_cpuidle/parameters/power)
if echo "cpu:1,cluster:5" > /sys/module/pseudo_cpuidle/parameters/power 2>/dev/null; then
	nok "power= naming a level the topology lacks is refused" "accepted"
else
	msg=$(dmesg | grep 'power: item 1 (cluster): level "cluster" is not a level' | tail -1)
	after=$(cat /sys/module/pseudo_cpuidle/parameters/power)
	[ -n "$msg" ] && [ "$after" = "$before" ] &&
		ok "power= naming a level the topology lacks is refused" ||
		nok "power= naming a level the topology lacks is refused" "log '$msg', power $before -> $after"
fi

# 7: no power in the table: no energy anywhere, pidle-stat says unavailable
echo none > /sys/module/pseudo_cpuidle/parameters/power
echo POLL:0:0,C1:2:2,C6:100:400:core > /sys/module/pseudo_cpuidle/parameters/states
why=
[ -e $SYS/energy_uj ] && why="$why $SYS/energy_uj exists;"
[ -e $SYS/cpu0/energy_uj ] && why="$why cpu0/energy_uj exists;"
[ -e $PC ] && why="$why $PC exists;"
$PS -i 0.5 -n 1 > $T/none.txt 2>&1
grep -q '^Energy: unavailable' $T/none.txt || why="$why pidle-stat: $(tail -1 $T/none.txt);"
grep -q ' J ' $T/none.txt && why="$why pidle-stat shows a J column;"
[ -z "$why" ] && ok "a table without power: no energy files, no zones, pidle-stat says unavailable" ||
	nok "a table without power: no energy files, no zones, pidle-stat says unavailable" "$why"

# 8: unloading removes the zones
echo $TABLE > /sys/module/pseudo_cpuidle/parameters/states
echo $POWER > /sys/module/pseudo_cpuidle/parameters/power
had=$(zone_of package-1)
if unload >/dev/null && [ -n "$had" ] && [ ! -e $PC ] &&
   ! ls /sys/class/powercap | grep -q pseudo; then
	ok "unload removes the powercap zones"
else
	nok "unload removes the powercap zones" "zone before: '$had'; after: $(ls /sys/class/powercap 2>&1 | tr '\n' ' ')"
fi
