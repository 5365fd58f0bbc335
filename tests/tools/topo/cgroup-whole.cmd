# Exported with --disallowed: the whole machine, whatever was allowed.
lstopo=$(command -v lstopo-no-graphics || command -v lstopo) &&
"$lstopo" --of xml -i "pack:2 core:2 pu:2" --allow 0x0f $TMP/whole.xml 2> /dev/null &&
$BUILD/pidle-topo -i $TMP/whole.xml -p
