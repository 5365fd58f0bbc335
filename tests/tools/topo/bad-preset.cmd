$BUILD/pidle-topo -s nosuchcpu
