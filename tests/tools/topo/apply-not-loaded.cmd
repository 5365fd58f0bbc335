$BUILD/pidle-topo -a -r $TMP/not-loaded -y "pu:2"
