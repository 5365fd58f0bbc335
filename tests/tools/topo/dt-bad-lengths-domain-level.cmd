cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/lengths-domain-level.dts --params
