cd "$DATA/../../dt" && "$BUILD/pidle-topo" --dt x1e80100-crd.dtb --apply -r "$TMP"
