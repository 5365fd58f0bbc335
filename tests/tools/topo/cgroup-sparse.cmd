# A long list of missing CPUs is cut at a comma, saying how many in all.
lstopo=$(command -v lstopo-no-graphics || command -v lstopo) &&
"$lstopo" --of xml -i "pack:1 core:32 pu:2" $TMP/m64.xml 2> /dev/null &&
python3 fixtures/make-cgroup.py $TMP/m64.xml 0-63:2 $TMP/sparse.xml &&
$BUILD/pidle-topo -i $TMP/sparse.xml
