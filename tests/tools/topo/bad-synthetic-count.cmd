$BUILD/pidle-topo -y "pack:0 pu:2"
