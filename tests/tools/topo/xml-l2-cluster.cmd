$BUILD/pidle-topo -i fixtures/l2-cluster.xml -p
