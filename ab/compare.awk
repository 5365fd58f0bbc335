# SPDX-License-Identifier: GPL-2.0
# compare.awk: the A/B table. Input: two figure files, A then B, each with
# lines "CELL,FIGURE,REPEAT,VALUE" (a header line "cell,figure,repeat,value"
# is skipped). For every (CELL, FIGURE) in both: each side's median and
# range over its repeats, the shift B - A with its 95% interval, the
# smallest difference that matters (delta) and the verdict, all by the
# method of ab/stats.awk (its DOC block): CHANGED, same, inconclusive
# (with the repeats a side that would settle it) or "1 run".
# A row present on one side only is listed as "only in A"/"only in B".
# Usage: awk -F, -v la=LABEL_A -v lb=LABEL_B [-v specs=SPECS] [-v cap=N]
#            -f ab/stats.awk -f ab/compare.awk A.csv B.csv
# SPECS: the experiment's [compare] lines, "REGEX=VALUE" joined by ";"
# (VALUE a number in the figure's unit or N%). CAP: the most repeats a
# side ab/run would run; an inconclusive figure needing more says "> CAP".
# The last line counts the verdicts.

BEGIN {
	ST_NSPEC = split(specs, sp, ";")
	for (i = 1; i <= ST_NSPEC; i++) {
		e = index(sp[i], "=")
		ST_SPECRE[i] = substr(sp[i], 1, e - 1); ST_SPECV[i] = substr(sp[i], e + 1)
	}
}
FNR == 1 { side++ }
/^cell,figure,repeat,value$/ || /^#/ || NF < 4 { next }
{
	k = $1 SUBSEP $2
	if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
	n[side, k]++
	L[side, k] = L[side, k] (L[side, k] == "" ? "" : " ") $4
}

function abs(x) { return x < 0 ? -x : x }
function fmt(x) {
	if (x == "") return "-"
	if (x == int(x) && abs(x) < 1e9) return sprintf("%d", x)
	if (abs(x) >= 100) return sprintf("%.1f", x)
	return sprintf("%.3g", x)
}
function sgn(x) { return (x > 0 ? "+" : "") fmt(x) }
function side_str(sd, k,    a, nn, i, lo, hi) {
	nn = split(L[sd, k], a, " ")
	lo = hi = a[1] + 0
	for (i = 2; i <= nn; i++) { if (a[i] + 0 < lo) lo = a[i] + 0; if (a[i] + 0 > hi) hi = a[i] + 0 }
	return sprintf("%s [%s..%s] (%d)", fmt(st_median(L[sd, k])), fmt(lo), fmt(hi), nn)
}

END {
	if (la == "") la = "A"
	if (lb == "") lb = "B"
	printf "%-44s %-26s %-26s %-10s %-20s %-8s %-8s %s\n", "cell / figure", la " median [range] (n)",
		lb " median [range] (n)", "shift", "95% interval", "B/A - 1", "delta", "verdict"
	for (i = 1; i <= nk; i++) {
		k = order[i]
		split(k, kk, SUBSEP)
		name = kk[1] " / " kk[2]
		if (!((1, k) in n) || !((2, k) in n)) {
			printf "%-44s %-26s %-26s %-10s %-20s %-8s %-8s %s\n", name,
				((1, k) in n) ? side_str(1, k) : "-", ((2, k) in n) ? side_str(2, k) : "-",
				"", "", "", "", ((1, k) in n) ? "only in A" : "only in B"
			v["one side"]++
			continue
		}
		ma = st_median(L[1, k])
		delta = st_delta(kk[2], ma, st_spec(kk[2]))
		st_compare(L[1, k], L[2, k], delta)
		verdict = st_verdict_str(cap)
		v[ST_v]++
		if (ST_v == "inconclusive" && ST_need > need_max) need_max = ST_need
		rel = (ma != 0) ? sprintf("%+.1f%%", 100 * ST_d / ma) : "-"
		ci = ST_lo == "" ? "none (< 4 runs)" : "[" sgn(ST_lo) ", " sgn(ST_hi) "]"
		printf "%-44s %-26s %-26s %-10s %-20s %-8s %-8s %s\n", name, side_str(1, k), side_str(2, k),
			sgn(ST_d), ci, rel, fmt(delta), verdict
	}
	printf "ab: %d figures: %d CHANGED, %d same, %d inconclusive, %d with 1 run, %d on one side only (%s)\n",
		nk, v["CHANGED"], v["same"], v["inconclusive"], v["1 run"], v["one side"], ST_method
	if (v["inconclusive"])
		printf "ab: the inconclusive figures need up to %s repeats a side\n", need_max ? need_max : "an unknown number of"
}
