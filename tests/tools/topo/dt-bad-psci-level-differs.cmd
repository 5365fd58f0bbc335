cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/psci-level-differs.dts --params
