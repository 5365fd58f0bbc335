$BUILD/pidle-topo -y "pu:2" -s default -p
