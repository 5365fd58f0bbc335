cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/residency-cap.dts --params
