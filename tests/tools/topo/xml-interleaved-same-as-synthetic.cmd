$BUILD/pidle-topo -y "pack:2 core:2 pu:2(indexes=0,4,1,5,2,6,3,7)" -p
