$BUILD/pidle-topo -y "pack:2 bogus:3"
