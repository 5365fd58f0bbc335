$BUILD/pidle-topo --list-presets
