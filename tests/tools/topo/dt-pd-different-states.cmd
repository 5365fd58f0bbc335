cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt good/pd-different-states.dts --params
