$BUILD/pidle-topo -L --json -o /dev/full
