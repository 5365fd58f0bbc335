$BUILD/pidle-topo -y "pack:2 l2:2 core:2 pu:2" -s juno-a53 -m
