#!/bin/busybox sh
# large: a 64-vCPU guest, 2 packages x 2 dies x 8 cores x 2 threads
# (Skylake-Server shows SMT and, through CPUID leaf 0x1f, dies). Loads with
# topology=auto and wait=halt, reads the topology back and writes it again
# (explicit and compact form), lets the idle machine take its domains down,
# checks every counter, reconfigures (states, policy, a compact topology
# without the die level), takes a CPU offline and back, and unloads.
# Short on purpose: under TCG on a 2-core host every guest second of 64
# vCPUs is expensive. Not in make check: make check-vm-large (see
# tests/vm/README).
# separate: make check-vm-large
# smp: 64,sockets=2,dies=2,cores=8,threads=2
# timeout: 1500
. /lib.sh
echo "KTAP version 1"
echo "1..7"
P=/sys/module/$MOD/parameters
T=POLL:0:0,C1:2:2,C1E:10:20,CC6:100:300:core,PC6:200:600:package
W=3	# idle window, s
diag "cpus: $(ncpus)"

t_load=$(now_ns)
# 1
if ! load states=$T wait=halt; then
	nok "64 CPUs load with topology=auto" "insmod failed: $OUT"
	exit 0
fi
topo=$(cat $SYS/topology)
diag "topology=auto: $topo"
ncore=$(ls -d $SYS/domains/core* | wc -l)
npkg=$(ls -d $SYS/domains/package* | wc -l)
ndie=$(ls -d $SYS/domains/die* 2>/dev/null | wc -l)
case "$topo" in
"core=0-1,2-3,"*";package=0-31,32-63") shape=ok ;;
*) shape=bad ;;
esac
if [ $shape = ok ] && [ $ncore -eq 32 ] && [ $npkg -eq 2 ] &&
   { [ $ndie -eq 0 ] || [ $ndie -eq 4 ]; }; then
	ok "64 CPUs load with topology=auto: 32 cores, $ndie dies, 2 packages"
else
	nok "64 CPUs load with topology=auto" "$ncore cores, $ndie dies, $npkg packages: $topo"
fi

# 2: what reads back loads again, as it is and in the compact form.
if [ $ndie -eq 4 ]; then
	compact="core=0-1*32;die=0-15*4;package=0-31*2"
else
	compact="core=0-1*32;package=0-31*2"
fi
err=
echo "$topo" > $P/topology || err="$err [explicit read-back refused]"
[ "$(cat $P/topology)" = "$topo" ] || err="$err [explicit: reads back $(cat $P/topology)]"
echo "$compact" > $P/topology || err="$err [compact $compact refused]"
[ "$(cat $P/topology)" = "$topo" ] || err="$err [compact: reads back $(cat $P/topology)]"
if [ -z "$err" ]; then ok "the topology read back, and its compact form $compact, load again"
else nok "the topology read back, and its compact form, load again" "$err"; fi

# 3: the idle machine takes every core and package down. A write restarts
# the counters: count from here.
t0=$(now_ns); snap /tmp/a0; sleep $W; snap /tmp/a1; t1=$(now_ns)
err=; down=0
for d in $(ls $SYS/domains); do
	if went_down /tmp/a0 /tmp/a1 $d; then down=$((down + 1))
	else err="$err [$d stayed up]"; fi
done
diag "idle $((t1 - t0)) ns: $down of $(ls $SYS/domains | wc -l) domains went down"
if [ -z "$err" ]; then ok "idle: every core and package goes down"
else nok "idle: every core and package goes down" "$err"; fi

# 4: every counter consistent (check_counters in lib.sh).
bad=$(check_counters /tmp/a1 $(($(now_ns) - t_load)) "")
if [ -z "$bad" ]; then ok "counters consistent after the idle window"
else nok "counters consistent after the idle window" "$(echo $bad | head -c 300)"; fi

# 5: reconfiguration: another table, the timer policy, and a compact
# topology without the die level; each write applies whole.
err=
echo "POLL:0:0,C1:2:2,CC6:80:250:core,PC3:150:400:package,PC6:300:900:package" \
	> $P/states || err="$err [states refused]"
echo timer > $P/domain_policy || err="$err [domain_policy refused]"
echo "core=0-1*32;package=0-31*2" > $P/topology || err="$err [topology refused]"
[ "$(cat $P/domain_policy)" = timer ] || err="$err [policy $(cat $P/domain_policy)]"
[ $(ls -d $SYS/domains/die* 2>/dev/null | wc -l) -eq 0 ] || err="$err [die domains left]"
[ $(ls -d $SYS/domains/package* | wc -l) -eq 2 ] || err="$err [packages]"
snap /tmp/b0; sleep 1; snap /tmp/b1
went_down /tmp/b0 /tmp/b1 package1 || err="$err [package1 stayed up under timer]"
if [ -z "$err" ]; then ok "reconfigured: states, domain_policy=timer, compact topology"
else nok "reconfigured: states, domain_policy=timer, compact topology" "$err"; fi

# 6: CPU 63 offline keeps nothing up: package1 still goes down; back online.
err=
echo 0 > /sys/devices/system/cpu/cpu63/online || err="$err [offline refused]"
snap /tmp/c0; sleep 1; snap /tmp/c1
went_down /tmp/c0 /tmp/c1 package1 || err="$err [package1 stayed up with cpu63 offline]"
echo 1 > /sys/devices/system/cpu/cpu63/online || err="$err [online refused]"
if [ -z "$err" ]; then ok "CPU 63 offline and back: package1 still goes down"
else nok "CPU 63 offline and back: package1 still goes down" "$err"; fi

# 7
t=$(now_ns)
if out=$(unload); then
	ok "rmmod: $(($(now_ns) - t)) ns, driver now $(driver)"
else
	nok "rmmod" "$out"
fi
