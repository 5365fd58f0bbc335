cd "$DATA" && sh apply.sub "WFI:1:1" "none" --dt ../../dt/juno.dtb
