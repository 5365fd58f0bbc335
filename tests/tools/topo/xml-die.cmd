$BUILD/pidle-topo -i fixtures/die.xml -p
