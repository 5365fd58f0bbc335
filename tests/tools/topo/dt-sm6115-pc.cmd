cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt sm6115p-lenovo-j606f.dtb --dt-mode pc --params
