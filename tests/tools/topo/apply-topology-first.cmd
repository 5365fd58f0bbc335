sh apply.sub "POLL:0:0,C1:2:2" "none" -y "core:2 pu:2"
