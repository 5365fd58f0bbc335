cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-cpus 2-5 --params >/dev/full
