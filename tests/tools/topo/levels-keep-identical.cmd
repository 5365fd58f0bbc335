$BUILD/pidle-topo -y "pack:2 core:1 pu:2" -l core,package -p
