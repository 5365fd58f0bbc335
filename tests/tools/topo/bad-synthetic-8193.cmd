$BUILD/pidle-topo -y "pack:8193 pu:1"
