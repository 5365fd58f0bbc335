$BUILD/pidle-topo -i fixtures
