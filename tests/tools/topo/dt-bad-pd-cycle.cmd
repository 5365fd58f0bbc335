cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/pd-cycle.dts --params
