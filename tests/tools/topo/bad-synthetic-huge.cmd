$BUILD/pidle-topo -y "pack:100 core:100 pu:100"
