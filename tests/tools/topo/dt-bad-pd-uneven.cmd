cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/pd-uneven.dts --params
