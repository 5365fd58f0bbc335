$BUILD/pidle-topo -i fixtures/two-pack.xml -p
