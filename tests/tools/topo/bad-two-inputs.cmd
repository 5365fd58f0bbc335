$BUILD/pidle-topo -y "pu:2" -i fixtures/smt.xml
