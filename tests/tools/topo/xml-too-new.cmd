# hwloc 3 XML: too new for hwloc 2, not malformed.
sed "s/<topology version=\"2.0\">/<topology version=\"3.0\">/" fixtures/smt.xml > $TMP/v3.xml &&
$BUILD/pidle-topo -i $TMP/v3.xml
