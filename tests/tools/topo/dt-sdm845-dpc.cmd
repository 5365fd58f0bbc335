cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt sdm845-mtp.dtb --dt-power dpc --params
