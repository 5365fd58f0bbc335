$BUILD/pidle-topo --help
