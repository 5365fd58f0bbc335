cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt sm8250-mtp.dtb --dt-cpus 7 --params
