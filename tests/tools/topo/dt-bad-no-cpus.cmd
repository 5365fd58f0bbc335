cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/no-cpus.dts --params
