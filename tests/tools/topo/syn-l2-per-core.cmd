$BUILD/pidle-topo -y "pack:1 l2:4 core:1 pu:2" -p
