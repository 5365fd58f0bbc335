#!/bin/busybox sh
# guest-idlestat: the guest half of tests/replay/idlestat.sh. Loads the
# module with the table the command line names (idl_states=,
# idl_topology=), so that the guest's cpuidle sysfs shows the table's
# states, where idlestat takes its C-state names and topology from; then
# idlestat --import of /idlestat.trace (a recording in trace-cmd report's
# text, made on the host from tests/replay/guest-*.trace) with the energy
# model /idlestat.em, its output on the console, each line prefixed "I ".
# smp: 2
. /ktap.sh
. /module.sh

price() {
	states=$(arg idl_states "")
	topo=$(arg idl_topology auto)
	load states=$states topology=$topo || return 1
	diag "cpuidle states: $(cat /sys/devices/system/cpu/cpu0/cpuidle/state*/name | tr '\n' ' ')"
	idlestat --import -f /idlestat.trace -e /idlestat.em > /tmp/idl.out 2>&1 ||
		{ why "idlestat failed: $(head -c 300 /tmp/idl.out)"; return 1; }
	echo "# idlestat-begin"
	sed 's/^/I /' /tmp/idl.out
	echo "# idlestat-end"
	grep -q 'Total Energy Index' /tmp/idl.out ||
		{ why "idlestat printed no energy: $(head -c 300 /tmp/idl.out)"; return 1; }
}

ktap_header
ktap_plan 1
ktap_test "idlestat priced the trace" price
unload >/dev/null
ktap_finished
