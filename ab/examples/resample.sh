#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# resample.sh FILE.exp N K A.csv[,A2.csv...] B.csv[,B2.csv...]: N reruns of
# an A/B drawn from boots already run: each rerun takes K of the pooled
# repeats of each side at random (without replacement, a fixed seed per
# rerun and side) and compares them with ab/run's method (ab/stats.awk,
# ab/compare.awk, FILE.exp's [compare] deltas). Prints each rerun's
# summary line, then each figure whose verdict differed between reruns
# with its counts. The pooled files are ab/run's a.csv/b.csv (cell,
# figure, repeat, value); a second run's repeats are renumbered after the
# first's. Reruns share boots when K exceeds the pool / N: an estimate of
# the agreement, not N independent reruns.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 5 ] || { sed -n '3,13p' "$0" | sed 's/^# //' >&2; exit 2; }
exp=$1 n=$2 k=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pool() {	# SIDE FILE,FILE...: the repeats of every file, renumbered
	local off=0 f
	echo "cell,figure,repeat,value" > "$tmp/pool-$1.csv"
	for f in ${2//,/ }; do
		awk -F, -v OFS=, -v off=$off 'NR > 1 { $3 += off; print }' "$f" >> "$tmp/pool-$1.csv"
		off=$(awk -F, 'NR > 1 && $3 > m { m = $3 } END { print m + 0 }' "$tmp/pool-$1.csv")
	done
}
pool a "$4"; pool b "$5"
specs=$(awk -f "$TOP/experiments/parse.awk" "$exp" |
	awk -F'\t' '$1 == "#compare" { printf "%s%s=%s", n++ ? ";" : "", $2, $3 }')
for r in $(seq 1 "$n"); do
	for s in a b; do
		seed=$((r * 2)); [ $s = b ] && seed=$((r * 2 + 1))
		pick=$(awk -F, 'NR > 1 { print $3 }' "$tmp/pool-$s.csv" | sort -un |
			awk -v seed=$seed 'BEGIN { srand(seed) } { print rand() "\t" $1 }' |
			sort -n | head -n "$k" | cut -f2 | tr '\n' ' ')
		awk -F, -v pick=" $pick" 'NR == 1 || index(pick, " " $3 " ")' \
			"$tmp/pool-$s.csv" > "$tmp/r$r-$s.csv"
	done
	awk -F, -v la=A -v lb=B -v specs="$specs" -v cap=0 -v pair=none -f "$TOP/ab/stats.awk" \
		-f "$TOP/ab/compare.awk" "$tmp/r$r-a.csv" "$tmp/r$r-b.csv" > "$tmp/r$r.txt"
	echo "rerun $r: $(grep '^ab: [0-9]* figures:' "$tmp/r$r.txt")"
done
echo "figures whose verdict differed between the $n reruns (count:verdict):"
for r in $(seq 1 "$n"); do
	awk '/ \/ / { v = /inconclusive/ ? "inconclusive" : $NF; print $1 " " $3 "\t" v }' "$tmp/r$r.txt"
done | sort | uniq -c |
	awk '{ f = $2 " " $3; c[f]++; s[f] = s[f] " " $1 ":" $4 }
	     END { for (f in c) if (c[f] > 1) print "  " f s[f] }' | sort
