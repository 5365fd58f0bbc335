cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt mt8195-evb.dtb --dt-shared-domain set:0 --experiment 2> /dev/null
