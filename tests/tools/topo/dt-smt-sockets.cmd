cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt good/smt-sockets.dts --params
