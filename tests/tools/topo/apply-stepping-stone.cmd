sh apply.sub "POLL:0:0,C6:100:400:core" "core=0-1,2-3" -y "pack:2 pu:2"
