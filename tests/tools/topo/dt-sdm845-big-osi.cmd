cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt sdm845-mtp.dtb --dt-cpus 4-7 --params
