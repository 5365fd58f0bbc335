# SPDX-License-Identifier: GPL-2.0
# tally.awk: ab/calibrate's tally from its runs' verdict files (compare.awk
# -v verdicts=FILE: "CELL / FIGURE, SHIFT, VERDICT, MDE", tab-separated):
# per figure the runs CHANGED upwards, CHANGED downwards, same and
# inconclusive, and the median mde; then the most CHANGED runs of any
# figure. Usage: awk -F'\t' -v runs=R -v seeds=N -f ab/stats.awk
# -f ab/tally.awk RUNS/*.tsv
{
	if (!($1 in seen)) { seen[$1] = 1; order[++nf] = $1 }
	v = $3
	if (v == "CHANGED") v = ($2 ~ /^-/) ? "down" : "up"
	c[$1, v]++
	if ($4 != "" && $4 != "-") mde[$1] = mde[$1] " " $4
}
END {
	printf "%-52s %8s %8s %6s %12s %8s\n", "cell / figure", "CHANGED+", "CHANGED-", "same", "inconclusive", "mde"
	for (i = 1; i <= nf; i++) {
		f = order[i]
		other = runs - c[f, "up"] - c[f, "down"] - c[f, "same"] - c[f, "inconclusive"]
		m = st_median(mde[f])
		printf "%-52s %8d %8d %6d %12d %8s%s\n", f, c[f, "up"], c[f, "down"], c[f, "same"], c[f, "inconclusive"],
			m == "" ? "-" : m (f ~ /:modes$/ ? "pt" : ""),
			other ? sprintf("  (a row in %d runs)", runs - other) : ""
		ch = c[f, "up"] + c[f, "down"]
		if (ch > most) { most = ch; mostf = f }
	}
	printf "calibrate: %d runs of %d paired seeds (seeds 1-%d); per figure the runs of each verdict, and the median mde (the smallest shift %d seeds detect)\n",
		runs, seeds, runs * seeds, seeds
	if (most) printf "calibrate: the most CHANGED runs of one figure: %d of %d (%s)\n", most, runs, mostf
	else printf "calibrate: no figure came out CHANGED in any run\n"
}
