cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/dangling-phandle.dts --params
