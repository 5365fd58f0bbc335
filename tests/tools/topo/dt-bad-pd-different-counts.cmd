cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/pd-different-counts.dts --params
