"$BUILD/pidle-topo" --dt "$TMP/none.dtb" --params
