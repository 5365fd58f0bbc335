sh apply.sub "POLL:0:0" "none" -y "pack:2 core:2 pu:2" -s skx
