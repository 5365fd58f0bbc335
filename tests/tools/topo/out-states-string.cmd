$BUILD/pidle-topo -y "pack:1 core:2 pu:2" -s "POLL:0:0,C1:1:1,C6:50:150:core" -p
