$BUILD/pidle-topo -y "pack:1 core:2 pu:2(indexes=$(seq -s, 0 99))"
