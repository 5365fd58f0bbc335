echo "hello, world" > "$TMP/x.dtb" && "$BUILD/pidle-topo" --dt "$TMP/x.dtb" --params
