# Sub-NUMA clustering: Groups that hold NUMA nodes are memory groupings, not clusters.
$BUILD/pidle-topo -y "pack:2 group:2 numa:1 core:2 pu:2" -p
