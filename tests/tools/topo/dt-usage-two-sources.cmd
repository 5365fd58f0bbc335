cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb -y pu:2
