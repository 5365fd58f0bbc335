cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt mt8195-evb.dtb --dt-shared-domain refuse --params
