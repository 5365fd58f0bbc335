#!/bin/busybox sh
# cpuidle-off: with cpuidle.off=1 the module refuses to load, in one line
# that names the boot option, and leaves nothing registered.
# kernels: debug
# smp: 1
# append: cpuidle.off=1
. /lib.sh
ktap_header
ktap_test "refused with cpuidle.off=1" refused_once "No such device" "cpuidle.off=1"
ktap_finished
