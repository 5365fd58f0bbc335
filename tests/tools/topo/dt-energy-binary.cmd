printf 'clusters 1\n\033[31mred\000' > $TMP/bin.em && cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt juno.dtb --dt-cpus 2-5 --energy-model $TMP/bin.em
