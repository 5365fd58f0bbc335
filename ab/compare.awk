# SPDX-License-Identifier: GPL-2.0
# compare.awk: the A/B table. Input: two figure files, A then B, each with
# lines "CELL,FIGURE,REPEAT,VALUE" (a header line "cell,figure,repeat,value"
# is skipped). For every (CELL, FIGURE) in both: the mean and the run-to-run
# standard deviation of each side over its repeats, the difference B - A,
# and a verdict:
#   same      no spread on either side and no difference (deterministic runs)
#   noise     |B - A| <= 2 * sqrt(sd_A^2/n_A + sd_B^2/n_B): inside the
#             run-to-run spread (about a 95% band for normal noise)
#   CHANGED   outside it; with a single repeat on a side there is no
#             spread to judge by, and the verdict is "1 run" instead
# A row present on one side only is listed as "only in A"/"only in B".
# Usage: awk -F, -v la=LABEL_A -v lb=LABEL_B -f compare.awk A.csv B.csv
# The last line counts the verdicts.

FNR == 1 { side++ }
/^cell,figure,repeat,value$/ || /^#/ || NF < 4 { next }
{
	k = $1 SUBSEP $2
	if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
	n[side, k]++
	s[side, k] += $4
	q[side, k] += $4 * $4
}

function mean(sd, k) { return s[sd, k] / n[sd, k] }
function sdev(sd, k,   m, v) {
	if (n[sd, k] < 2) return 0
	m = mean(sd, k)
	v = (q[sd, k] - n[sd, k] * m * m) / (n[sd, k] - 1)
	return v > 0 ? sqrt(v) : 0
}
function abs(x) { return x < 0 ? -x : x }
function fmt(x) {
	if (x == int(x) && abs(x) < 1e9) return sprintf("%d", x)
	if (abs(x) >= 100) return sprintf("%.1f", x)
	return sprintf("%.3g", x)
}
function side_str(sd, k) {
	return sprintf("%s +- %s (%d)", fmt(mean(sd, k)), fmt(sdev(sd, k)), n[sd, k])
}

END {
	if (la == "") la = "A"
	if (lb == "") lb = "B"
	printf "%-44s %-24s %-24s %-12s %-8s %s\n", "cell / figure", la " mean +- sd (n)", lb " mean +- sd (n)", "B - A", "B/A - 1", "verdict"
	for (i = 1; i <= nk; i++) {
		k = order[i]
		split(k, kk, SUBSEP)
		name = kk[1] " / " kk[2]
		if (!((1, k) in n) || !((2, k) in n)) {
			printf "%-44s %-24s %-24s %-12s %-8s %s\n", name,
				((1, k) in n) ? side_str(1, k) : "-", ((2, k) in n) ? side_str(2, k) : "-",
				"", "", ((1, k) in n) ? "only in A" : "only in B"
			v["one side"]++
			continue
		}
		ma = mean(1, k); mb = mean(2, k); d = mb - ma
		se = sqrt(sdev(1, k)^2 / n[1, k] + sdev(2, k)^2 / n[2, k])
		if (n[1, k] < 2 || n[2, k] < 2) verdict = "1 run"
		else if (se == 0 && d == 0) verdict = "same"
		else if (abs(d) <= 2 * se) verdict = "noise"
		else verdict = "CHANGED"
		v[verdict]++
		rel = (ma != 0) ? sprintf("%+.1f%%", 100 * d / ma) : "-"
		printf "%-44s %-24s %-24s %-12s %-8s %s\n", name, side_str(1, k), side_str(2, k),
			(d > 0 ? "+" : "") fmt(d), rel, verdict
	}
	printf "ab: %d figures: %d CHANGED, %d inside the noise, %d same, %d with 1 run, %d on one side only\n",
		nk, v["CHANGED"], v["noise"], v["same"], v["1 run"], v["one side"]
}
