#!/bin/busybox sh
# refuse: the module will not load next to another cpuidle driver; it says
# which one and which boot option frees the slot, in one line, and leaves
# nothing behind. The other driver is tests/vm/kmod/pidle_slot_holder.ko.
# kernels: debug
# icount-debug: shift=0,sleep=off
# smp: 2
. /lib.sh
HOLDER=/pidle_slot_holder.ko

# 1
refused_beside_holder() {
	insmod $HOLDER 2>&1 || { why "insmod $HOLDER failed"; return 1; }
	st=1
	if [ "$(driver)" != pidle_slot_holder ]; then
		why "current_driver is $(driver)"
	elif refused_once "Device or resource busy" "pidle_slot_holder" "idle=halt"; then
		[ "$(driver)" = pidle_slot_holder ] && st=0 || why "holder lost the slot: $(driver)"
	fi
	rmmod pidle_slot_holder
	return $st
}

# 2
loads_when_free() {
	[ "$(driver)" = none ] || { why "current_driver is $(driver) after rmmod of the holder"; return 1; }
	load || return 1
	[ "$(driver)" = "$MOD" ] || { why "driver $(driver)"; return 1; }
}

ktap_header
diag "driver before: $(driver)"
ktap_test "refused while another driver holds the slot" refused_beside_holder
ktap_test "loads once the slot is free" loads_when_free
unload >/dev/null
ktap_finished
