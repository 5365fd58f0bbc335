cd "$DATA/../../dt" && head -c 2000 x1e80100-crd.dtb > "$TMP/t.dtb" && "$BUILD/pidle-topo" --dt "$TMP/t.dtb" --params
