cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt msm8956-sony-xperia-loire-suzu.dtb --dt-cpus 0-3 --params
