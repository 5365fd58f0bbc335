# SPDX-License-Identifier: GPL-2.0
# probe: the guest as the suite expects it, before the module is loaded.
. /pidle/lib.sh
ktap_begin "probe: guest environment"
diag "current_driver: $(cur_driver)"
diag "current_governor: $(cat $CPUIDLE/current_governor 2>/dev/null) available: $(cat $CPUIDLE/available_governors 2>/dev/null)"
diag "online CPUs: $(online_cpus | tr '\n' ' ')"
diag "cpu0 siblings: $(cat $CPUSYS/cpu0/topology/thread_siblings_list) package cpus: $(cat $CPUSYS/cpu0/topology/core_siblings_list)"
check "no other cpuidle driver holds the slot" test "$(cur_driver)" = none
check "menu governor is available" grep -qw menu $CPUIDLE/available_governors
check "module file present" test -f $PIDLE_KO
check "tracefs mounted" test -d $TRACEFS/events
ktap_end
