$BUILD/pidle-topo -y "pack:2 l2:1 core:2 pu:2" -p
