sh apply.sub --full "POLL:0:0,C1:2:2" "" -y "core:2 pu:2"
