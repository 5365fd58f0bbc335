$BUILD/pidle-topo --version >/dev/full
