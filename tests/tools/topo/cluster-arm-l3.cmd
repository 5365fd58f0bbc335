# ARM DynamIQ: per-core L2, one L3 per cluster: the L3 is the cluster.
$BUILD/pidle-topo -y "pack:1 l3:2 l2:4 core:1 pu:1" -p
