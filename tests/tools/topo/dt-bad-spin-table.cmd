cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/spin-table.dts --params
