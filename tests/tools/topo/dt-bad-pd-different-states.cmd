cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/pd-different-states.dts --params
