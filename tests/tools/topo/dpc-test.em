# A test fixture, not any board's figures: idlestat's energy model format
# (topology/pidle-dt-energy.c) with the idle-state names of hi3660's two
# CPU kinds, for pidle-topo --dt hi3660-hikey960.dtb --dt-power dpc
# (dt-hi3660-dpc-em): idle powers from here, active powers from the
# devicetree's dynamic-power-coefficient. The figures are made up to be
# told apart in the output.
clusters 2

clusterA: 1 cap states 3 C states
P-states:
1844	30	200
C-states:
WFI		30	11
cpu-sleep-0	30	2
cluster-sleep-0	5	0

clusterB: 1 cap states 3 C states
P-states:
2362	90	1500
C-states:
WFI		90	44
cpu-sleep-1	90	7
cluster-sleep-1	15	0
