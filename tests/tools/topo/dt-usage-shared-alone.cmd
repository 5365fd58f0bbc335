"$BUILD/pidle-topo" -y "pack:1 core:2 pu:1" --dt-shared-domain slowest
