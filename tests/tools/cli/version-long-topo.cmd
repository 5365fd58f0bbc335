$BUILD/pidle-topo --version
