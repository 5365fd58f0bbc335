$BUILD/pidle-topo -y "pack:1 l2:1 core:4 pu:1"
