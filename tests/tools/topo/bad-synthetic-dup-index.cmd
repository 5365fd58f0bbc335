$BUILD/pidle-topo -y "pu:2(indexes=0,1,2,2)"
