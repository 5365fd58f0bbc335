cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt mt8183-evb.dtb --dt-shared-domain set:1 --params
