$BUILD/pidle-topo -L >/dev/full
