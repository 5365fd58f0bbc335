$BUILD/pidle-topo -y "pack:2 die:2 core:2 pu:1" -l die -p
