cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --params
