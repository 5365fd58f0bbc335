sh apply.sub "POLL:0:0,C1:2:2,C6:100:400:core" "core=0-1,2-3" -y "pu:4"
