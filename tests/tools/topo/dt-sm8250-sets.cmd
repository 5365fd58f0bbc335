cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt sm8250-mtp.dtb --params
