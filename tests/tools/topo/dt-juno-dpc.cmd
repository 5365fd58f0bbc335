cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-power dpc --energy-model juno.em --params
