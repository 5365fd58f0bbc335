$BUILD/pidle-topo -y "pack:4 core:16 pu:2" -p
