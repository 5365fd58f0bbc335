$BUILD/pidle-topo -i fixtures/smt.xml -p
