cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --energy-model juno.em --experiment 2> /dev/null
