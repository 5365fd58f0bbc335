$BUILD/pidle-topo -x
