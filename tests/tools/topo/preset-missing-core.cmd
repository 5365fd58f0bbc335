$BUILD/pidle-topo -y "pack:2 pu:2" -s skx
