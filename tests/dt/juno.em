# ARM Juno r0/r2 in idlestat's energy model format (idlestat: energy_model.c,
# parse_energy_model(); its tree's energy_model_TC2 is another example).
#
# Figures: ARM's Energy Aware Scheduling energy model for Juno r0/r2, the
# idle_state and capacity_state tables of arch/arm64/kernel/energy_model.h
# in the EAS patch set (2016; Android common kernels, Linaro eas-dev), in
# the EAS model's "bogo" units -- the same source and figures as the
# juno-a57/juno-a53 presets of topology/presets.c. Only the fastest
# capacity state of each cluster is given (what pidle-topo uses), and no
# wakeup line (the EAS model has no wake-up energy).
# C-state names are the cpuidle names of juno.dts's idle states.
# Clusters in cpu-map order: A = cluster0 (Cortex-A57, CPUs 0-1),
# B = cluster1 (Cortex-A53, CPUs 2-5).
clusters 2

clusterA: 1 cap states 3 C states

P-states:
# speed, cluster power, core power
1100	64	616

C-states:
# name, cluster power, core power
WFI		65	15
cpu-sleep-0	65	0
cluster-sleep-0	24	0

clusterB: 1 cap states 3 C states

P-states:
850	57	93

C-states:
WFI		56	6
cpu-sleep-0	56	0
cluster-sleep-0	17	0
