$BUILD/pidle-topo -y
