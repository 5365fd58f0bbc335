# The L2 wins over the L3 when both group cores (innermost first).
$BUILD/pidle-topo -y "pack:1 l3:2 l2:2 core:2 pu:1" -p
