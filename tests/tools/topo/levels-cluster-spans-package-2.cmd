$BUILD/pidle-topo -y "pack:2 l2:1 core:4 pu:2" -l cluster
