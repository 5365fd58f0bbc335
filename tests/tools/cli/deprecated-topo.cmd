APPLY_ROOT=$TMP/sys sh $DATA/../topo/apply.sub POLL:0:0 core=0-1,2-3,4-5,6-7 -y "pack:1 core:4 pu:2" -s POLL:0:0,C1:2:2
