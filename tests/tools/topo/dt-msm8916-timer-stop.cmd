cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt msm8916-mtp.dtb --params
