"$BUILD/pidle-topo" --dt-cpus 0-3 -y "pu:4"
