cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/no-states.dts --params
