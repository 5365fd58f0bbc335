$BUILD/pidle-topo -V
