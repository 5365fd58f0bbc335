cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt mt8183-evb.dtb --dt-power dpc --params
