#!/bin/sh
# The convention (Documentation/tools.rst, "Conventions"): every tool's
# --help lists the shared options with the same spelling, and each short
# letter means one option in every tool that has it (no letter names two
# different long options across the three).
set -e
for t in pidle-topo pidle-stat pidle-bench; do
	"$BUILD/$t" --help > "$TMP/$t.help"
	for o in "-h, --help" "-V, --version" "-o, --output FILE" "--csv" "--json" \
		 "-r, --sysfs-root DIR"; do
		grep -q -- "^ *$o" "$TMP/$t.help" || { echo "$t --help lacks '$o'"; exit 1; }
	done
	# "-x, --long" pairs of this tool
	grep -o -- '^ *-[A-Za-z], --[a-z-]*' "$TMP/$t.help" | sed 's/^ *//' >> "$TMP/pairs"
done
sort -u "$TMP/pairs" > "$TMP/uniq"
dups=$(cut -d, -f1 "$TMP/uniq" | uniq -d)
[ -z "$dups" ] || { echo "short letters with two meanings: $dups"; grep -- "$dups" "$TMP/uniq"; exit 1; }
longdups=$(cut -d' ' -f2 "$TMP/uniq" | sort | uniq -d)
[ -z "$longdups" ] || { echo "long options with two letters: $longdups"; exit 1; }
