$BUILD/pidle-topo -y "pu:1000000"
