$BUILD/pidle-topo -y "pack:1 core:4 pu:1" -l cluster
