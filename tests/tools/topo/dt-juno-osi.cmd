cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-mode osi --params
