#!/bin/sh
# Every preset pidle-topo -L lists has its entry in pidle-topo.rst's
# preset list (a ``NAME`` line of its own), and the page lists no other.
doc=$DATA/../../../Documentation/pidle-topo.rst
"$BUILD/pidle-topo" -L --csv | tail -n +2 | cut -d, -f1 | tr -d '"' | sort > "$TMP/listed" || exit 1
[ -s "$TMP/listed" ] || { echo "pidle-topo -L listed nothing"; exit 1; }
sed -n '/^Presets (/,/^Device-tree exit latencies/p' "$doc" |
	sed -n 's/^``\([a-z0-9-]*\)``$/\1/p' | sort > "$TMP/documented"
diff -u "$TMP/listed" "$TMP/documented" && echo "$(wc -l < "$TMP/listed") presets, all documented"
