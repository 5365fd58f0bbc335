$BUILD/pidle-topo --bogus
