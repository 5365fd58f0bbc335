$BUILD/pidle-topo -y "pack:99999 core:$(printf "9%.0s" $(seq 300))"
