$BUILD/pidle-topo -y "pack:2 core:4 pu:2 $(printf "x%.0s" $(seq 300))"
