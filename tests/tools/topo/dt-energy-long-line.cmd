{ echo 'clusters 1'; printf 'clusterA: \303\251 %0200d\n' 7; } > $TMP/long.em && cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-cpus 2-5 --energy-model $TMP/long.em
