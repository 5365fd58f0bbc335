cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-cpus 2-5 --energy-model juno.em --params -o $TMP/p && cat $TMP/p
