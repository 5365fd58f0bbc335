$BUILD/pidle-topo -y "pack:2 core:2 pu:1(indexes=0,2,1,3)" -p
