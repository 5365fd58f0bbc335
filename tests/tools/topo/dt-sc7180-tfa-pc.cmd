cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt sc7180-idp.dtb --dt-cpus 0-5 --params
