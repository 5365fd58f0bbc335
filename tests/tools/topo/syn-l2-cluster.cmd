$BUILD/pidle-topo -y "pack:1 l2:2 core:2 pu:1" -p
