cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-cpus "0,1,2,$(seq -s, 3 400)x"
