#!/bin/busybox sh
# topo: pidle-topo in the guest, on the guest's own topology. What it
# prints loads the module, gives the domains topology=auto gives, the
# state table it names, and domains that go down; with each preset that
# fits an x86 box too, and a clear refusal for the arm64 ones.
# smp: 8,sockets=2,cores=2,threads=2
# timeout: 120
. /lib.sh
TOPO=/bin/pidle-topo
# (default is case 3: pidle-topo without --states)
PRESETS_X86="skx skx-nopc6 icx spr skl"
PRESETS_ARM="sdm845 msm8916"
echo "KTAP version 1"
echo "1..$((6 + $(echo $PRESETS_X86 | wc -w) + 3))"

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

# 1: the tool runs on the guest's topology
if [ ! -x $TOPO ]; then
	nok "pidle-topo --params in the guest" "no $TOPO in the image (make vm-extra)"
	P=
else
	P=$($TOPO --params 2>/tmp/topo.err); st=$?
	diag "pidle-topo --params: $P"
	[ -s /tmp/topo.err ] && diag "stderr: $(cat /tmp/topo.err)"
	if [ $st -eq 0 ] && [ -n "$(param states "$P")" ] && [ -n "$(param topology "$P")" ]; then
		ok "pidle-topo --params in the guest"
	else
		nok "pidle-topo --params in the guest" "exit $st, output '$P'"
	fi
fi

# 2: topology=auto, as the module resolves it
AUTO=
if load wait=halt; then
	AUTO=$(cat $SYS/topology)
	diag "topology=auto resolves to: $AUTO"
	unload >/dev/null || diag "rmmod after auto failed"
fi
if [ -z "$AUTO" ]; then nok "pidle-topo's topology is topology=auto's" "insmod with auto failed: $OUT"
elif [ "$(param topology "$P")" = "$AUTO" ]; then ok "pidle-topo's topology is topology=auto's"
else nok "pidle-topo's topology is topology=auto's" "pidle-topo '$(param topology "$P")', auto '$AUTO'"; fi

# check_params NAME PARAMS: insmod PARAMS wait=halt; the topology in force
# is auto's, the cpuidle table is PARAMS' states, every domain goes down.
check_params() {
	name=$1; p=$2
	if [ -z "$p" ]; then nok "$name" "pidle-topo printed nothing"; return; fi
	if ! load $p wait=halt; then nok "$name" "insmod failed: $OUT"; return; fi
	err=
	t=$(cat $SYS/topology)
	[ "$t" = "$AUTO" ] || err="$err topology in force '$t', auto '$AUTO';"
	check_table "$(table_of "$(param states "$p")")" || err="$err $REASON;"
	diag "$name: domains $(ls $SYS/domains | tr '\n' ' ')"
	stuck=$(stuck_domains)
	case "$stuck" in
	none) err="$err no domain has a state;" ;;
	?*) err="$err domains never down:$stuck;" ;;
	esac
	unload >/dev/null || err="$err rmmod failed;"
	if [ -z "$err" ]; then ok "$name"; else nok "$name" "$err"; fi
}

# 3: insmod $(pidle-topo --params): the README's line
check_params "insmod \$(pidle-topo --params): auto's domains, its table, domains go down" "$P"

# 4: the README's synthetic 2-package line: this guest is that box, so it
# loads as case 3 does; a synthetic box bigger than the guest is refused,
# with a message naming the CPU it lacks, and nothing is left loaded.
S=$($TOPO --synthetic "pack:2 core:2 pu:2" --states skx --params 2>&1)
check_params "insmod \$(pidle-topo --synthetic 'pack:2 core:2 pu:2' --states skx --params)" "$S"
B=$($TOPO --synthetic "pack:2 core:4 pu:2" --params 2>&1)
d0=$(dmesg | wc -l)
if load $B wait=halt; then
	nok "a synthetic 16-CPU box refused in an 8-CPU guest" "insmod $B accepted"
	unload >/dev/null
else
	m=$(dmesg | tail -n +$((d0 + 1)) | grep -m1 'out of range')
	diag "16-CPU box refused; dmesg: $m"
	if [ -n "$m" ] && ! loaded && [ ! -e $SYS ]; then ok "a synthetic 16-CPU box refused in an 8-CPU guest"
	else nok "a synthetic 16-CPU box refused in an 8-CPU guest" "dmesg '$m', loaded: $(loaded && echo yes || echo no)"; fi
fi

# 6: --modprobe is the same parameters as --params
M=$($TOPO --modprobe 2>&1)
if [ "$M" = "options pseudo_cpuidle $P" ]; then ok "--modprobe line matches --params"
else nok "--modprobe line matches --params" "'$M' against --params '$P'"; fi

# 7..: each x86 preset
for s in $PRESETS_X86; do
	p=$($TOPO --states $s --params 2>&1) || { nok "preset $s" "pidle-topo: $p"; continue; }
	diag "preset $s: $p"
	check_params "preset $s loads with auto's topology, table, domains down" "$p"
done

# --apply: writes the parameters of a loaded module, the whole set in force
# at once; what cannot fit is refused (exit 4) and changes nothing.
PARAMS=/sys/module/$MOD/parameters
unload >/dev/null
if ! load wait=halt; then
	nok "--apply puts the skx table in force" "insmod failed: $OUT"
	nok "--apply of a 16-CPU box refused, nothing changed" "insmod failed: $OUT"
else
	want=$($TOPO --states skx --params 2>&1)
	out=$($TOPO --states skx --apply 2>&1); st=$?
	hs=$(cat $PARAMS/states); ht=$(cat $PARAMS/topology)
	diag "--apply: exit $st ($out); states=$hs topology=$ht"
	if [ $st -eq 0 ] && [ "$hs" = "$(param states "$want")" ] &&
	   [ "$ht" = "$(param topology "$want")" ] &&
	   check_table "$(table_of "$hs")" && [ -z "$(stuck_domains)" ]; then
		ok "--apply puts the skx table in force"
	else
		nok "--apply puts the skx table in force" "exit $st, states=$hs topology=$ht, want $want ${REASON:-}"
	fi
	out=$($TOPO --synthetic "pack:2 core:4 pu:2" --apply 2>&1); st=$?
	diag "--apply 16-CPU box: exit $st: $out"
	if [ $st -eq 4 ] && [ "$(cat $PARAMS/states)" = "$hs" ] &&
	   [ "$(cat $PARAMS/topology)" = "$ht" ] && [ -n "$out" ]; then
		ok "--apply of a 16-CPU box refused, nothing changed"
	else
		nok "--apply of a 16-CPU box refused, nothing changed" "exit $st ($out), states=$(cat $PARAMS/states) topology=$(cat $PARAMS/topology)"
	fi
fi

# last: arm64 presets need a cluster level the guest does not have
err=
for s in $PRESETS_ARM; do
	m=$($TOPO --states $s --params 2>&1); st=$?
	diag "preset $s: exit $st: $m"
	[ $st -eq 3 ] || err="$err [$s: exit $st, want 3]"
	echo "$m" | grep -q "level 'cluster'" || err="$err [$s: message does not name level 'cluster']"
done
if [ -z "$err" ]; then ok "arm64 presets refused: no cluster level here"
else nok "arm64 presets refused: no cluster level here" "$err"; fi
unload >/dev/null
