# Cluster-on-die: L3s that hold NUMA nodes are memory groupings, not clusters.
$BUILD/pidle-topo -y "pack:2 l3:2 numa:1 core:2 pu:2" -p
