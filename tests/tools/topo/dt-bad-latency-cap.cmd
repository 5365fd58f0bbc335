cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt bad/latency-cap.dts --params
