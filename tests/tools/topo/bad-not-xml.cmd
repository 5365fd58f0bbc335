$BUILD/pidle-topo -i fixtures/README
