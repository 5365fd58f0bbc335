# SPDX-License-Identifier: GPL-2.0
# pmtable.awk: ab/pmtable's table from an A/B's two figure files (A then
# B, "cell,figure,repeat,value[,seed]"). Usage: awk -F, -v la=LABEL_A
# -v lb=LABEL_B -v figs="WORKLOAD=FIGURE;..." -v order=STATE,STATE,...
# -f ab/stats.awk -f ab/pmtable.awk A.csv B.csv
function num(x) { return x == "" ? "-" : (x == int(x) ? sprintf("%d", x) : sprintf("%.1f", x)) }
BEGIN {
	n = split(figs, f, ";")
	for (i = 1; i <= n; i++) { e = index(f[i], "="); wfig[substr(f[i], 1, e - 1)] = substr(f[i], e + 1) }
	nord = split(order, ord, ",")
	for (i = 1; i <= nord; i++) rank[ord[i]] = i
}
FNR == 1 { side++ }
/^cell,figure/ || NF < 4 { next }
{
	c = $1; k = side SUBSEP c SUBSEP $3
	if (!((side, c) in seen)) { seen[side, c] = 1; if (!(c in cs)) { cs[c] = 1; cases[++nc] = c } }
	reps[side, c] = reps[side, c] " " $3
	v[k, $2] = $4
	if ($2 ~ /_usage$/) { s = $2; sub(/_usage$/, "", s); if (!(s in st)) { st[s] = 1; sts[++ns] = s } }
}
END {
	# states: the table order, then any other
	for (i = 1; i <= ns; i++) for (j = i; j > 1 && (rank[sts[j - 1]] ? rank[sts[j - 1]] : 99) > (rank[sts[j]] ? rank[sts[j]] : 99); j--) {
		t = sts[j]; sts[j] = sts[j - 1]; sts[j - 1] = t
	}
	sw = length(la) > length(lb) ? length(la) : length(lb)
	if (sw < 4) sw = 4
	F = "%-34s %-" sw "s %7s %7s %7s %7s %7s  %-36s %9s  %s\n"
	printf F, "case", "side", "idles", "misses", "ratio", "belows", "aboves", "usage (state:entries)", "J", "figure"
	for (ci = 1; ci <= nc; ci++) {
		c = cases[ci]; w = c; sub(/.*\//, "", w)
		for (sd = 1; sd <= 2; sd++) {
			if (!((sd, c) in seen)) continue
			m = split(substr(reps[sd, c], 2), r, " ")
			delete seenr
			I = M = R = B = A = E = W = ""
			for (i = 1; i <= m; i++) {
				if (r[i] in seenr) continue
				seenr[r[i]] = 1
				k = sd SUBSEP c SUBSEP r[i]
				if ((k, "idles") in v) I = I " " v[k, "idles"]
				if ((k, "idle_above") in v && (k, "idle_below") in v) M = M " " (v[k, "idle_above"] + v[k, "idle_below"])
				if ((k, "idle_miss_ratio") in v) R = R " " v[k, "idle_miss_ratio"]
				if ((k, "idle_below") in v) B = B " " v[k, "idle_below"]
				if ((k, "idle_above") in v) A = A " " v[k, "idle_above"]
				if ((k, "energy_j") in v) E = E " " v[k, "energy_j"]
				if (w in wfig && (k, wfig[w]) in v) W = W " " v[k, wfig[w]]
				for (j = 1; j <= ns; j++) if ((k, sts[j] "_usage") in v) U[j] = U[j] " " v[k, sts[j] "_usage"]
			}
			u = ""
			for (j = 1; j <= ns; j++) { if (U[j] != "") u = u (u == "" ? "" : " ") sts[j] ":" num(st_median(U[j])); U[j] = "" }
			x = st_median(R)
			printf F, c, sd == 1 ? la : lb,
				num(st_median(I)), num(st_median(M)), x == "" ? "-" : sprintf("%.4f", x), num(st_median(B)), num(st_median(A)),
				u == "" ? "-" : u, E == "" ? "-" : sprintf("%.3f", st_median(E)),
				W == "" ? "-" : wfig[w] " " num(st_median(W))
		}
	}
	printf "(medians over each side's repeats; misses = above + below, per repeat)\n"
}
