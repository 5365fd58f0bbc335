$BUILD/pidle-topo -L --csv | head -3
