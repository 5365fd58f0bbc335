$BUILD/pidle-topo -y "pu:4"
