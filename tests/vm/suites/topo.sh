#!/bin/busybox sh
# topo: pidle-topo in the guest, on the guest's own topology. What it
# prints loads the module, gives the domains topology=auto gives, the
# state table it names, and domains that go down; with each preset that
# fits an x86 box too, and a clear refusal for the arm64 ones.
# kernels: compat
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 120
. /lib.sh
TOPO=/bin/pidle-topo
# (default is case 3: pidle-topo without --states)
PRESETS_X86="skx skx-nopc6 icx spr skl"
PRESETS_ARM="sdm845 msm8916"
# "NAME:LAT:RES[:LEVEL],..." -> "NAME:LAT ..." for check_table
table_of() { echo "$1" | tr ',' '\n' | awk -F: '{ printf "%s:%s ", $1, $2 }'; }
# the value of NAME= in "states=... topology=..."
param() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }

# Domains with states of their level whose summed residency_ns does not
# grow in 2 s ("" when every one went down), or "none" when no domain has
# a state. Run with wait=halt, so that 8 idle vCPUs leave the host alone.
stuck_domains() {
	rs() { s=0; for f in $SYS/domains/$1/state*/residency_ns; do [ -r $f ] && s=$((s + $(cat $f))); done; echo $s; }
	b=
	for d in $(ls $SYS/domains); do
		ls -d $SYS/domains/$d/state* >/dev/null 2>&1 && b="$b $d:$(rs $d)"
	done
	[ -n "$b" ] || { echo none; return; }
	sleep 2
	stuck=
	for e in $b; do
		d=${e%%:*}; r0=${e#*:}; r1=$(rs $d)
		[ "$r1" -gt "$r0" ] || stuck="$stuck $d($r0->$r1)"
	done
	echo "$stuck"
}

# 1: the tool runs on the guest's topology; P: what it prints
P=
topo_params() {
	[ -x $TOPO ] || { why "no $TOPO in the image (make vm-extra)"; return 1; }
	P=$($TOPO --params 2>/tmp/topo.err); st=$?
	diag "pidle-topo --params: $P"
	[ -s /tmp/topo.err ] && diag "stderr: $(cat /tmp/topo.err)"
	[ $st -eq 0 ] && [ -n "$(param states "$P")" ] && [ -n "$(param topology "$P")" ] ||
		{ why "exit $st, output '$P'"; return 1; }
}

# 2: topology=auto, as the module resolves it; AUTO: that topology
AUTO=
auto_topology() {
	if load wait=halt; then
		AUTO=$(cat $SYS/topology)
		diag "topology=auto resolves to: $AUTO"
		unload >/dev/null || diag "rmmod after auto failed"
	fi
	[ -n "$AUTO" ] || { why "insmod with auto failed"; return 1; }
	[ "$(param topology "$P")" = "$AUTO" ] ||
		{ why "pidle-topo '$(param topology "$P")', auto '$AUTO'"; return 1; }
}

# check_params PARAMS: insmod PARAMS wait=halt; the topology in force
# is auto's, the cpuidle table is PARAMS' states, every domain goes down.
check_params() {
	p=$1
	[ -n "$p" ] || { why "pidle-topo printed nothing"; return 1; }
	load $p wait=halt || return 1
	err=
	t=$(cat $SYS/topology)
	[ "$t" = "$AUTO" ] || err="$err topology in force '$t', auto '$AUTO';"
	check_table "$(table_of "$(param states "$p")")" || err="$err table;"
	diag "domains $(ls $SYS/domains | tr '\n' ' ')"
	stuck=$(stuck_domains)
	case "$stuck" in
	none) err="$err no domain has a state;" ;;
	?*) err="$err domains never down:$stuck;" ;;
	esac
	unload >/dev/null || err="$err rmmod failed;"
	reasons "$err"
}

# 5: a synthetic box bigger than the guest is refused, with a message
# naming the CPU it lacks, and nothing is left loaded.
big_box() {
	B=$($TOPO --synthetic "pack:2 core:4 pu:2" --params 2>&1)
	d0=$(dmesg | wc -l)
	if load $B wait=halt 3> /dev/null; then
		why "insmod $B accepted"
		unload >/dev/null
		return 1
	fi
	m=$(dmesg | tail -n +$((d0 + 1)) | grep -m1 'out of range')
	diag "16-CPU box refused; dmesg: $m"
	[ -n "$m" ] && ! loaded && [ ! -e $SYS ] ||
		{ why "dmesg '$m', loaded: $(loaded && echo yes || echo no)"; return 1; }
}

# 6: --modprobe is the same parameters as --params
modprobe_line() {
	M=$($TOPO --modprobe 2>&1)
	[ "$M" = "options pseudo_cpuidle $P" ] || { why "'$M' against --params '$P'"; return 1; }
}

# 7..: an x86 preset
preset() {
	p=$($TOPO --states $1 --params 2>&1) || { why "pidle-topo: $p"; return 1; }
	diag "preset $1: $p"
	check_params "$p"
}

# --apply: writes the parameters of a loaded module, the whole set in force
# at once; what cannot fit is refused (exit 4) and changes nothing.
PARAMS=/sys/module/$MOD/parameters
apply_skx() {
	unload >/dev/null
	load wait=halt || return 1
	want=$($TOPO --states skx --params 2>&1)
	out=$($TOPO --states skx --apply 2>&1); st=$?
	hs=$(cat $PARAMS/states); ht=$(cat $PARAMS/topology)
	diag "--apply: exit $st ($out); states=$hs topology=$ht"
	[ $st -eq 0 ] && [ "$hs" = "$(param states "$want")" ] &&
	[ "$ht" = "$(param topology "$want")" ] &&
	check_table "$(table_of "$hs")" && [ -z "$(stuck_domains)" ] ||
		{ why "exit $st, states=$hs topology=$ht, want $want"; return 1; }
}
apply_refused() {
	loaded || { why "no module loaded"; return 1; }
	hs=$(cat $PARAMS/states); ht=$(cat $PARAMS/topology)
	out=$($TOPO --synthetic "pack:2 core:4 pu:2" --apply 2>&1); st=$?
	diag "--apply 16-CPU box: exit $st: $out"
	[ $st -eq 4 ] && [ "$(cat $PARAMS/states)" = "$hs" ] &&
	[ "$(cat $PARAMS/topology)" = "$ht" ] && [ -n "$out" ] ||
		{ why "exit $st ($out), states=$(cat $PARAMS/states) topology=$(cat $PARAMS/topology)"; return 1; }
}

# last: arm64 presets need a cluster level the guest does not have
arm_refused() {
	err=
	for s in $PRESETS_ARM; do
		m=$($TOPO --states $s --params 2>&1); st=$?
		diag "preset $s: exit $st: $m"
		[ $st -eq 3 ] || err="$err [$s: exit $st, want 3]"
		echo "$m" | grep -q "level 'cluster'" || err="$err [$s: message does not name level 'cluster']"
	done
	reasons "$err"
}

ktap_header
ktap_test "pidle-topo --params in the guest" topo_params
ktap_test "pidle-topo's topology is topology=auto's" auto_topology
# 3: insmod $(pidle-topo --params): the README's line
ktap_test "insmod \$(pidle-topo --params): auto's domains, its table, domains go down" check_params "$P"
# 4: the README's synthetic 2-package line: this guest is that box, so it
# loads as case 3 does
ktap_test "insmod \$(pidle-topo --synthetic 'pack:2 core:2 pu:2' --states skx --params)" \
	check_params "$($TOPO --synthetic "pack:2 core:2 pu:2" --states skx --params 2>&1)"
ktap_test "a synthetic 16-CPU box refused in an 8-CPU guest" big_box
ktap_test "--modprobe line matches --params" modprobe_line
for s in $PRESETS_X86; do
	ktap_test "preset $s loads with auto's topology, table, domains down" preset $s
done
ktap_test "--apply puts the skx table in force" apply_skx
ktap_test "--apply of a 16-CPU box refused, nothing changed" apply_refused
ktap_test "arm64 presets refused: no cluster level here" arm_refused
unload >/dev/null
ktap_finished
