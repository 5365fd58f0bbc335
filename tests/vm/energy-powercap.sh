# energy-powercap.sh: the energy suite's (suites/energy.sh) powercap
# checks: the zone of a CPU or domain, powercap-info over the zones, and
# energy_uj read on every CPU across resets, parameter writes and loads,
# never going back. Sourced by the suite after /lib.sh, as
# /energy-powercap.sh in the image; uses its variables (T, TABLE, ...).

# zone_of NAME: the directory of the zone named NAME
zone_of() {
	for z in $PC/pseudo-cpuidle:*/ $PC/pseudo-cpuidle:*/pseudo-cpuidle:*/; do
		[ "$(cat $z/name 2>/dev/null)" = "$1" ] && { echo ${z%/}; return 0; }
	done
	return 1
}

check_powercap() {
	out=$(powercap-info pseudo-cpuidle 2>&1) || { why "powercap-info: $out"; return 1; }
	diag "powercap-info: $(echo "$out" | grep -i -m 4 'name\|energy' | tr '\n' ' ')"
	for z in package-0 package-1 core-0 core-3; do
		echo "$out" | grep -q "$z" || { why "powercap-info lists no $z"; return 1; }
	done
	p0=$(zone_of package-0)
	s1=$(sub); z=$(powercap-info pseudo-cpuidle -z ${p0##*:} -j 2>&1); s2=$(sub)
	[ "$z" -ge "$s1" ] 2>/dev/null && [ "$z" -le "$s2" ] ||
		{ why "package-0 energy_uj $z not between its subtree's $s1 and $s2"; return 1; }
}

# the top zones' energy_uj, summed
zones_uj() {
	s=0
	for f in $PC/pseudo-cpuidle:*/energy_uj; do s=$((s + $(cat $f))); done
	echo $s
}

# Readers on every CPU poll every zone (/energymono) while the counters
# are reset (all, a CPU's, a domain's), every parameter is written (each
# puts a new model in force, counting from zero) and two CPUs go busy and
# idle: no zone's energy_uj ever goes back, and the zones' total rises.
check_monotonic() {
	u0=$(zones_uj)
	/energymono 14 > $T/mono 2>&1 &
	mp=$!
	sleep 1
	for i in 1 2; do
		spin_on 1 6
		echo 1 > $SYS/reset; sleep 0.5
		echo 1 > $SYS/cpu0/reset; echo 1 > $SYS/cpu5/reset
		echo 1 > $SYS/domains/core2/reset; echo 1 > $SYS/domains/package1/reset
		spin_stop; sleep 0.5
		echo on > $PARAMS/prewake; sleep 0.5
		echo off > $PARAMS/prewake
		echo $POWER > $PARAMS/power; sleep 0.5
		echo $TABLE > $PARAMS/states
		echo auto > $PARAMS/domain_policy; sleep 0.5
	done
	wait $mp; st=$?
	u1=$(zones_uj)
	sed 's/^/# /' $T/mono
	[ $st -eq 0 ] || { why "$(head -3 $T/mono | tr '\n' ' ')"; return 1; }
	[ "$u1" -gt "$u0" ] || { why "zones' total $u0 uJ before, $u1 uJ after"; return 1; }
	diag "zones' total $u0 uJ before, $u1 uJ after"
}
