cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt hi3660-hikey960.dtb --dt-power dpc --params
