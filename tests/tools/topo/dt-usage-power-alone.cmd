"$BUILD/pidle-topo" --dt-power dpc --params
