cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt good/osi-2clusters.dts --experiment
