cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt mt8195-evb.dtb --params
