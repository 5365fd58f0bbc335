$BUILD/pidle-topo -y "pack:2 core:2 pu:2" --params >/dev/full
