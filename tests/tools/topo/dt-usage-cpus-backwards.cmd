cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-cpus 5-2
