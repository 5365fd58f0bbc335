cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-power em --params
