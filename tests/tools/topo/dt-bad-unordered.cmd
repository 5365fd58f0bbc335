cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/unordered.dts --params
