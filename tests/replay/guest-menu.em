# The table of guest-menu.trace (guest-menu.info: POLL, C1 2/2, C6 100/400
# per CPU, PC6 133/600 for the package of CPUs 0-1, illustrative powers)
# in idlestat's energy model format (its energy-model-format.txt;
# tests/dt/juno.em is another), for tests/replay/idlestat.sh: idlestat
# --import of the same trace, run in a guest whose cpuidle sysfs shows
# these states (the module loaded with this table).
#
# idlestat prices each CPU's time in a C-state (core power) and each
# cluster's time with all its CPUs idle (cluster power, the shallowest
# of its CPUs' states); a cluster is a physical package. It has no
# active power without cpufreq's P-states (the guest has none), no
# entry+exit energy (its "wakeup" line is the EAS model's, scaled, and
# counted from states named C1 and WFI only: 0 here) and no package up
# power while a CPU runs. So this file is the part of the table idlestat
# can express, and pidle-replay prices the same part with
#   -s POLL:0:0:cpu:4000:0,C1:2:2:cpu:1500:0,C6:100:400:cpu:200:0,PC6:133:600:package:1000:0
#   --power cpu:0,package:0
# (the table with active power, package up power and entry+exit energies
# set to 0). Core power of PC6: a CPU asking for a package state draws
# its fallback CPU-level state's power (Documentation/energy.rst), C6's.
# Cluster power: PC6's 1000 mW when both CPUs are in PC6 (the package
# down), the package's up power (0 here) otherwise. Units: mW and us,
# so idlestat's energies are in mJ (its "(%e)" figure).
clusters 1

clusterA: 1 cap states 4 C states

P-states:
# speed, cluster power, core power (no cpufreq in the guest: unused)
1000	0	0

C-states:
# name, cluster power, core power
POLL	0	4000
C1	0	1500
C6	0	200
PC6	1000	200

wakeup	0	0
