$BUILD/pidle-topo -y "group:2 pu:2" -p
