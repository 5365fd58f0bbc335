#!/bin/busybox sh
# main: the module in an idle 2x2x2 guest: tables in cpuidle sysfs, every
# state used, domains present, unload, bad parameters, wait=halt, a
# disabled state, tracepoints. (Load/unload cycles: the reconfig suite.)
# kernels: rt
# smp: 8,sockets=2,cores=2,threads=2
. /lib.sh
echo "KTAP version 1"
echo "1..10"
diag "cpus: $(ncpus), driver before load: $(driver)"
for c in /sys/devices/system/cpu/cpu[0-9]*; do
	diag "${c##*/}: package $(cat $c/topology/physical_package_id) core $(cat $c/topology/core_id) siblings $(cat $c/topology/thread_siblings_list)"
done

# 1
if [ ! -e $KO ]; then
	nok "insmod default table" "no $KO in the image"
elif load; then
	if [ "$(driver)" = "$MOD" ]; then ok "insmod default table"
	else nok "insmod default table" "current_driver is '$(driver)'"; fi
else
	nok "insmod default table" "insmod failed: $OUT"
fi

# 2
if check_table "POLL:0 C1:2 C1E:10 C6:100 PC6:300"; then ok "default table names and latencies"
else nok "default table names and latencies" "$REASON"; fi

# 3
if [ "$(nstates)" -gt 0 ]; then
	k=0; zero=; b=""
	while [ $k -lt $(nstates) ]; do b="$b $(usage_sum $k)"; k=$((k + 1)); done
	sleep 3
	k=0; a=""
	while [ $k -lt $(nstates) ]; do
		u=$(usage_sum $k); a="$a $u"
		[ "$u" -gt 0 ] || zero="$zero state$k"
		k=$((k + 1))
	done
	diag "usage before:$b"
	diag "usage after: $a"
	tb=0; for x in $b; do tb=$((tb + x)); done
	ta=0; for x in $a; do ta=$((ta + x)); done
	if [ -z "$zero" ]; then ok "every state used"
	elif [ $ta -gt $tb ]; then diag "unused:$zero"; ok "state usage grows"
	else nok "every state used" "no usage growth, unused:$zero"; fi
else
	nok "every state used" "no cpuidle states"
fi

# 4
want="core0 core1 core2 core3 package0 package1"
have=$(ls $SYS/domains 2>/dev/null | tr '\n' ' ')
diag "domains: $have"
miss=
for d in $want; do [ -d $SYS/domains/$d ] || miss="$miss $d"; done
rsum() { s=0; for f in $SYS/domains/package*/state*/residency_ns; do [ -r $f ] && s=$((s + $(cat $f))); done; echo $s; }
if [ -n "$miss" ]; then
	nok "domains and package residency" "missing:$miss"
else
	r0=$(rsum); sleep 2; r1=$(rsum)
	diag "package residency_ns: $r0 -> $r1"
	if [ "$r1" -gt "$r0" ]; then ok "domains and package residency"
	else nok "domains and package residency" "package residency did not grow ($r0 -> $r1)"; fi
fi

# 5
if ! loaded; then nok "rmmod, driver released" "module was not loaded"
elif unload && [ "$(driver)" != "$MOD" ]; then ok "rmmod, driver released ($(driver))"
else nok "rmmod, driver released" "loaded=$(loaded && echo yes || echo no) driver=$(driver)"; fi

# 6
if load states=POLL:0:0,C2:50:100; then
	if check_table "POLL:0 C2:50"; then ok "custom table"
	else nok "custom table" "$REASON"; fi
	unload >/dev/null || diag "rmmod after custom table failed"
else
	nok "custom table" "insmod failed: $OUT"
fi

# 7: each bad parameter is refused with one log line naming its field.
# One finit_module() per attempt (/modload): busybox insmod would retry
# with init_module() and run the module's init, and so log, twice.
err=
for c in "states=A:1:1,B:x:1|exit latency" "states=|states" \
	 "topology=core=0-1,1-3;package=0-7|two domains" \
	 "wait=spin|wait" "domain_policy=foo|domain_policy"; do
	p=${c%|*}; pat=${c##*|}
	d0=$(dmesg | wc -l)
	if out=$(/modload $KO "$p" 2>&1); then
		err="$err [$p accepted]"
		diag "$p accepted; parameters/states=$(cat /sys/module/$MOD/parameters/states 2>&1)"
		unload >/dev/null
		continue
	fi
	new=$(mod_log_since $d0)
	n=$(echo "$new" | grep -c .)
	diag "$p refused ($out), $n dmesg line(s): $new"
	case "$out" in *"Invalid argument"*) ;; *) err="$err [$p: '$out', want EINVAL]" ;; esac
	[ "$n" -eq 1 ] || err="$err [$p: $n dmesg lines, want 1]"
	echo "$new" | grep -qi "$pat" || err="$err [$p: no dmesg line with '$pat']"
	[ -e $SYS ] && err="$err [$p: $SYS exists]"
	loaded && err="$err [$p: module still loaded]"
	[ "$(driver)" = "$MOD" ] && err="$err [$p: driver registered]"
done
if [ -z "$err" ]; then ok "bad parameters refused, one log line each"
else nok "bad parameters refused, one log line each" "$err"; fi

# 8
if load wait=halt; then
	u0=$(deep_usage); sleep 1; u1=$(deep_usage)
	diag "wait=halt usage of states>=1: $u0 -> $u1, driver $(driver)"
	if [ "$u1" -gt "$u0" ] && [ "$(driver)" = "$MOD" ]; then ok "wait=halt"
	else nok "wait=halt" "usage $u0 -> $u1, driver $(driver)"; fi
	unload >/dev/null || diag "rmmod after wait=halt failed"
else
	nok "wait=halt" "insmod failed: $OUT"
fi

# 9: a state disabled through sysfs is never entered again
if load wait=halt; then
	set_disable 4 1
	sleep 1		# let CPUs already in state 4 wake once
	u0=$(usage_sum 4); r0=$(cat /sys/kernel/pseudo_cpuidle/cpu*/state4/requested | awk '{s+=$1} END {print s}')
	o0=$(usage_sum 3)
	sleep 2
	u1=$(usage_sum 4); r1=$(cat /sys/kernel/pseudo_cpuidle/cpu*/state4/requested | awk '{s+=$1} END {print s}')
	o1=$(usage_sum 3)
	diag "state4 disabled: cpuidle usage $u0 -> $u1, model requested $r0 -> $r1; state3 usage $o0 -> $o1"
	if [ "$u1" -eq "$u0" ] && [ "$r1" -eq "$r0" ] && [ "$o1" -gt "$o0" ]; then
		ok "disabled state never entered again"
	else
		nok "disabled state never entered again" "state4 usage $u0 -> $u1, requested $r0 -> $r1, state3 $o0 -> $o1"
	fi
	set_disable 4 0
	unload >/dev/null || diag "rmmod after disable test failed"
else
	nok "disabled state never entered again" "insmod failed: $OUT"
fi

# 10
ev=$TR/events/pseudo_cpuidle
if ! load; then
	nok "tracepoints" "insmod failed: $OUT"
elif [ ! -d $ev/pidle_enter ] || [ ! -d $ev/pidle_exit ]; then
	nok "tracepoints" "no $ev/pidle_enter and pidle_exit ($(ls $ev 2>&1 | tr '\n' ' '))"
else
	echo > $TR/trace
	quiet_write 1 $ev/enable	# see quiet_write in lib.sh
	sleep 1
	quiet_write 0 $ev/enable
	n=$(grep -c pidle_exit: $TR/trace)
	diag "pidle_exit lines: $n"
	grep -m 2 pidle_exit: $TR/trace | sed 's/^/# /'
	if [ "$n" -gt 0 ]; then ok "tracepoints"
	else nok "tracepoints" "no pidle_exit lines in the trace"; fi
fi
unload >/dev/null
