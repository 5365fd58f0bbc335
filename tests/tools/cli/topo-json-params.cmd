$BUILD/pidle-topo --json --params
