cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/not-idle-state.dts --params
