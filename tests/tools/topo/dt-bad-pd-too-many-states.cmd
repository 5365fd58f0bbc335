cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/pd-too-many-states.dts --params
