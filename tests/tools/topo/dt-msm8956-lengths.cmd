cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt msm8956-sony-xperia-loire-suzu.dtb --params
