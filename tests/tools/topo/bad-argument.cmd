$BUILD/pidle-topo -y "pu:2" extra
