cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/no-min-residency.dts --params
