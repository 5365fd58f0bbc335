# SPDX-License-Identifier: GPL-2.0
# rows.awk: report.sh's long "ID<TAB>KEY<TAB>VALUE" figures into one row
# per cell: CSV (header: the union of every cell's keys, in the order
# first seen, so a figure only some cells have still gets its column) and
# JSON Lines (numbers as numbers, pidle-stat's object under "stat").
# Usage: awk -F'\t' -v csv=FILE -v json=FILE -v cells=DIR -f rows.awk LONG

function q(s) { gsub(/"/, "\"\"", s); return (s ~ /[,"\n]/) ? "\"" s "\"" : s }
function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
function jval(s) { return (s ~ /^-?[0-9]+(\.[0-9]+)?$/) ? s : jstr(s) }

{
	if (!($1 in seen)) { seen[$1] = 1; ids[++n] = $1 }
	if (!($2 in col)) { col[$2] = ++nc; name[nc] = $2 }
	v[$1, $2] = $3
}

END {
	if (!n) { print "rows.awk: no cells" > "/dev/stderr"; exit 1 }
	s = ""
	for (c = 1; c <= nc; c++) s = s (c > 1 ? "," : "") q(name[c])
	print s > csv
	for (i = 1; i <= n; i++) {
		id = ids[i]; s = ""; j = ""
		for (c = 1; c <= nc; c++) {
			k = name[c]
			s = s (c > 1 ? "," : "") (((id, k) in v) ? q(v[id, k]) : "")
			if ((id, k) in v) j = j (j == "" ? "" : ",") jstr(k) ":" jval(v[id, k])
		}
		print s > csv
		stem = id; gsub(/\//, "_", stem)
		stat = ""
		if ((getline line < (cells "/" stem ".stat")) > 0) stat = line
		close(cells "/" stem ".stat")
		printf "{%s,\"stat\":%s}\n", j, (stat == "" ? "null" : stat) > json
	}
}
