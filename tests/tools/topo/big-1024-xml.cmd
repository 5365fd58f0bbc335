# 1024 CPUs, 4 packages x 2 dies, SMT interleaved, as an XML export: the
# explicit form (4400 characters) gives way to the compact one.
lstopo=$(command -v lstopo-no-graphics || command -v lstopo) &&
"$lstopo" --of xml -i "pack:4 die:2 core:32 pu:4(indexes=4*256:1*4)" $TMP/big.xml 2> /dev/null &&
$BUILD/pidle-topo -i $TMP/big.xml -p
