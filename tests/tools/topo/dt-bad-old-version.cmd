cd "$DATA/../../dt" && cp juno.dtb "$TMP/v.dtb" && printf "\000\000\000\006" | dd of="$TMP/v.dtb" bs=1 seek=20 conv=notrunc 2>/dev/null && "$BUILD/pidle-topo" --dt "$TMP/v.dtb" --params
