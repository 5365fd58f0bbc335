$BUILD/pidle-topo -y "pack:2 core:2 pu:2" -o $TMP/no/such/dir/p
