cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/no-cpu-nodes.dts --params
