cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt msm8916-mtp.dtb --dt-power dpc --energy-model juno.em --params
