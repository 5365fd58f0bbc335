$BUILD/pidle-topo -i fixtures/group-smt.xml -p
