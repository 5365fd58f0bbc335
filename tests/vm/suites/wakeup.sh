#!/bin/busybox sh
# wakeup: what an interrupt does to an idle CPU (issue 11).
# smp: 2
. /lib.sh
PROBE=/sys/module/pidle_wake_probe/parameters
echo "KTAP version 1"
echo "1..2"
insmod /pidle_wake_probe.ko trials=10 delay_us=4000 || diag "probe insmod failed"
# probe MODE: run the trials; sets LMIN LMED LMAX (ns, "-" when the run failed)
probe() {
	LMIN=-; LMED=-; LMAX=-
	echo $1 > $PROBE/run || return 1
	r=$(cat $PROBE/result); diag "$r"
	set -- $(echo "$r" | sed 's/.*min_ns=\(-*[0-9]*\) median_ns=\(-*[0-9]*\) max_ns=\(-*[0-9]*\)/\1 \2 \3/')
	LMIN=$1; LMED=$2; LMAX=$3
}
for w in poll halt; do
	load wait=$w || { nok "pinned timer from an IPI, wait=$w" "insmod: $OUT"; continue; }
	probe pinned
	if [ "$LMAX" != - ] && [ $LMAX -le 1000000 ] && [ $LMIN -ge -1000000 ]; then ok "pinned +4 ms timer armed by an IPI on an idle CPU fires within 1 ms, wait=$w"
	else nok "pinned +4 ms timer armed by an IPI on an idle CPU fires within 1 ms, wait=$w" "late min $LMIN median $LMED max $LMAX ns"; fi
	unload >/dev/null
done
