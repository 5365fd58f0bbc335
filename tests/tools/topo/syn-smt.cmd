$BUILD/pidle-topo -y "core:4 pu:2" -p
