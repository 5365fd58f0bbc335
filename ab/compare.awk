# SPDX-License-Identifier: GPL-2.0
# compare.awk: the A/B table. Input: two figure files, A then B, each with
# lines "CELL,FIGURE,REPEAT,VALUE[,SEED]" (a header line "cell,figure,
# repeat,value[,seed]" is skipped). For every (CELL, FIGURE) in both:
# each side's median and range over its repeats, the shift B - A with its
# 95% interval, the smallest difference that matters (delta), the smallest
# effect the repeats can detect (mde) and the verdict, by the methods of
# ab/stats.awk (its DOC blocks): CHANGED, same, inconclusive (with the
# repeats a side that would settle it) or "1 run".
#   Pairs: when both sides' rows carry the seed they were booted with, the
#   repeats of equal seeds are pairs and the figure is judged on their
#   differences (Wilcoxon signed-rank); a repeat whose seed the other side
#   lacks is left out, and counted. Rows without a seed are compared as
#   two sets of repeats (Mann-Whitney). pair=none compares every figure as
#   two sets (ab/examples/resample.sh: its draws are not pairs).
#   A seed whose pair lies far from all the others on two figures or
#   more is named after the table (lone()).
#   Modes: a figure whose repeats fall into two modes gets a second row,
#   FIGURE:modes, each side's share of repeats in the upper mode compared
#   by Fisher's exact test.
# A row present on one side only is listed as "only in A"/"only in B".
# Usage: awk -F, -v la=LABEL_A -v lb=LABEL_B [-v specs=SPECS] [-v cap=N]
#            [-v pair=none] [-v verdicts=FILE] -f ab/stats.awk -f ab/compare.awk
#            A.csv B.csv
# SPECS: the experiment's [compare] lines, "REGEX=VALUE" joined by ";"
# (VALUE a number in the figure's unit or N%). CAP: the most repeats a
# side ab/run would run; an inconclusive figure needing more says "> CAP".
# The last lines name the seeds paired, count the verdicts and name the
# methods used. VERDICTS: a file also given each row as "CELL / FIGURE,
# SHIFT, VERDICT, MDE" (tab-separated, the verdict's first word: CHANGED,
# same, inconclusive, 1, only) for ab/calibrate's tally.

BEGIN {
	ST_NSPEC = split(specs, sp, ";")
	for (i = 1; i <= ST_NSPEC; i++) {
		e = index(sp[i], "=")
		ST_SPECRE[i] = substr(sp[i], 1, e - 1); ST_SPECV[i] = substr(sp[i], e + 1)
	}
}
FNR == 1 { side++ }
/^cell,figure,repeat,value/ || /^#/ || NF < 4 { next }
{
	k = $1 SUBSEP $2
	if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
	n[side, k]++
	L[side, k] = L[side, k] (L[side, k] == "" ? "" : " ") $4
	if (NF >= 5 && $5 != "" && pair != "none") {
		V[side, k, $5] = $4; S[side, k] = S[side, k] " " $5
		nseed[side, k]++
	}
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
function row(name, sa, sb, shift, ci, rel, delta, mde, verdict,    w) {
	printf "%-44s %-26s %-26s %-10s %-20s %-8s %-8s %-8s %s\n", name, sa, sb, shift, ci, rel, delta, mde, verdict
	if (verdicts != "" && name != "cell / figure") {
		split(verdict, w, " ")
		printf "%s\t%s\t%s\t%s\n", name, shift, w[1], mde > verdicts
	}
}
# the pairs of K: PA, PB (values in seed order), PN pairs, PU repeats
# without a partner; 0 when K's rows carry no seeds on a side
function pairs(k,    s, m, i) {
	PA = PB = PS = ""; PN = PU = 0
	if (!nseed[1, k] || !nseed[2, k] || nseed[1, k] != n[1, k] || nseed[2, k] != n[2, k]) return 0
	m = split(substr(S[1, k], 2), s, " ")
	st_sort_num(s, m)
	for (i = 1; i <= m; i++) {
		if ((2, k, s[i]) in V) {
			PA = PA " " V[1, k, s[i]]; PB = PB " " V[2, k, s[i]]; PS = PS " " s[i]; PN++
			if (!(s[i] in SEEDS)) { SEEDS[s[i]] = 1; seedl[++nseeds] = s[i] }
		} else PU++
	}
	PU += n[2, k] - PN
	return 1
}
function st_sort_num(a, m,    i) { for (i = 1; i <= m; i++) a[i] += 0; st_sort(a, m) }

# lone NAME DELTA: the pairs of the figure (PA, PB, PS) whose difference
# lies far from all the others' -- beyond delta and ten times the pairs'
# median absolute deviation from their median difference -- counted per
# seed (LONE[seed], LONEX[seed] the first such figure): a boot the change
# sent into a mode of its own, which one pair in ten cannot place and
# every interval it touches reaches. Six pairs at least, as for a verdict;
# one far pair in ten at most (more are the figure's spread, or a mode
# the :modes row judges).
function lone(name, delta,    a, b, sd, n, i, d, dev, med, mad, lim, dl, nfar) {
	n = split(substr(PA, 2), a, " "); split(substr(PB, 2), b, " "); split(substr(PS, 2), sd, " ")
	if (n < 6) return
	dl = ""
	for (i = 1; i <= n; i++) { d[i] = b[i] - a[i]; dl = dl " " d[i] }
	med = st_median(substr(dl, 2))
	dl = ""
	for (i = 1; i <= n; i++) { dev[i] = abs(d[i] - med); dl = dl " " dev[i] }
	mad = st_median(substr(dl, 2))
	lim = 10 * mad > delta ? 10 * mad : delta
	# lone: one pair in ten at most; more far ones are a spread, or a mode
	nfar = 0
	for (i = 1; i <= n; i++) if (dev[i] > lim) nfar++
	if (nfar > (n >= 20 ? int(n / 10) : 1)) return
	for (i = 1; i <= n; i++)
		if (dev[i] > lim) {
			if (!LONE[sd[i]]++) LONEX[sd[i]] = name " " sgn(d[i])
		}
}
# without: when lone() named a seed on two figures or more (LONES, the
# seeds), each paired figure again on the pairs of the other seeds, a
# FIGURE:without row: what the change does to the boots that did not go
# to a mode of their own, read beside the rows with every pair (whose
# intervals the lone pair stretches) and the lone seed's line. Six pairs
# at least, as for a verdict; one lone seed in ten at most.
function without(    i, j, n, a, b, sd, wa, wb, nc, out) {
	LONES = ""; j = 0
	for (x in LONE) if (LONE[x] >= 2) { LONES = LONES (LONES == "" ? "" : ",") x; out[x] = 1; j++ }
	# one seed in ten at most: more are not boots in a mode of their own
	if (LONES == "" || j > (nseeds >= 20 ? int(nseeds / 10) : 1)) { LONES = ""; return }
	for (i = 1; i <= npaired; i++) {
		n = split(substr(PRA[i], 2), a, " "); split(substr(PRB[i], 2), b, " "); split(substr(PRS[i], 2), sd, " ")
		wa = wb = ""; nc = 0
		for (j = 1; j <= n; j++)
			if (!(sd[j] in out)) { wa = wa " " a[j]; wb = wb " " b[j]; nc++ }
		if (nc < 6) continue
		st_paired(substr(wa, 2), substr(wb, 2), PRD[i])
		if (ST_v == "CHANGED" || ST_v == "same" || ST_v == "inconclusive") { vwo[ST_v]++; nwo++ }
		row(PRN[i] ":without", st_median(substr(wa, 2)) " (" nc " pairs)", st_median(substr(wb, 2)) " (" nc " pairs)",
			sgn(ST_d), ST_lo == "" ? "none (< 6 runs)" : "[" sgn(ST_lo) ", " sgn(ST_hi) "]", "-",
			fmt(PRD[i]), fmt(ST_mde), vstr(ST_v, ST_need, 0, "pairs"))
	}
}
function vstr(v, need, cap, what) {
	if (v != "inconclusive") return v
	if (need == 0 || (cap && need > cap)) return "inconclusive (" (cap ? "> " cap : "?") " " what ")"
	return "inconclusive (" need " " what ")"
}

# within NAME DELTA: the pairs both of whose repeats fall in one mode (the
# change did not move the boot between modes), judged alone by their
# differences, as st_paired judges all pairs: what the change does to a
# boot that stays where it was. Read beside the modes row, which says how
# often it moves one (ab/stats.awk, DOC: two-mode figures).
function within(name, delta,    a, b, n, i, wa, wb, nc) {
	n = split(substr(PA, 2), a, " "); split(substr(PB, 2), b, " ")
	wa = wb = ""; nc = 0
	for (i = 1; i <= n; i++)
		if ((a[i] + 0 > ST_msplit) == (b[i] + 0 > ST_msplit)) {
			wa = wa " " a[i]; wb = wb " " b[i]; nc++
		}
	if (nc == 0) {
		row(name ":within", "-", "-", "", "", "", fmt(delta), "", "no pair in one mode")
		return
	}
	st_paired(substr(wa, 2), substr(wb, 2), delta)
	# the summary's three verdicts (a single pair in one mode: "1 run")
	if (ST_v == "CHANGED" || ST_v == "same" || ST_v == "inconclusive") { vw[ST_v]++; nwithin++ }
	if (ST_v == "inconclusive" && ST_need > need_max) need_max = ST_need
	row(name ":within", st_median(substr(wa, 2)) " (" nc " pairs)", st_median(substr(wb, 2)) " (" nc " pairs)",
		sgn(ST_d), ST_lo == "" ? "none (< 6 runs)" : "[" sgn(ST_lo) ", " sgn(ST_hi) "]", "-",
		fmt(delta), fmt(ST_mde), vstr(ST_v, ST_need, 0, "pairs"))
}

END {
	if (la == "") la = "A"
	if (lb == "") lb = "B"
	row("cell / figure", la " median [range] (n)", lb " median [range] (n)", "shift", "95% interval",
		"B/A - 1", "delta", "mde", "verdict")
	for (i = 1; i <= nk; i++) {
		k = order[i]
		split(k, kk, SUBSEP)
		name = kk[1] " / " kk[2]
		if (!((1, k) in n) || !((2, k) in n)) {
			row(name, ((1, k) in n) ? side_str(1, k) : "-", ((2, k) in n) ? side_str(2, k) : "-",
				"", "", "", "", "", ((1, k) in n) ? "only in A" : "only in B")
			v["one side"]++
			continue
		}
		ma = st_median(L[1, k])
		delta = st_delta(kk[2], ma, st_spec(kk[2]))
		if ((paired = pairs(k))) {
			st_paired(substr(PA, 2), substr(PB, 2), delta)
			lone(kk[2], delta)
			what = "pairs"; npaired++; unpaired += PU
			PRA[npaired] = PA; PRB[npaired] = PB; PRS[npaired] = PS
			PRD[npaired] = delta; PRN[npaired] = name
		} else {
			st_compare(L[1, k], L[2, k], delta)
			st_mde2(L[1, k], L[2, k], delta)
			what = "a side"; nsets++
		}
		methods[ST_method] = 1
		verdict = vstr(ST_v, ST_need, cap, what)
		v[ST_v]++
		if (ST_v == "inconclusive" && ST_need > need_max) need_max = ST_need
		rel = (ma != 0) ? sprintf("%+.1f%%", 100 * ST_d / ma) : "-"
		ci = ST_lo == "" ? "none (< " (what == "pairs" ? 6 : 4) " runs)" : "[" sgn(ST_lo) ", " sgn(ST_hi) "]"
		row(name, side_str(1, k), side_str(2, k), sgn(ST_d), ci, rel, fmt(delta), fmt(ST_mde), verdict)
		# pairs: the modes of the paired repeats, in seed order
		if (paired ? st_modes(substr(PA, 2), substr(PB, 2), delta, 1) : st_modes(L[1, k], L[2, k], delta)) {
			nmodes++
			mtests[ST_mtest] = 1
			verdict = vstr(ST_mv, ST_mneed, cap, paired ? "pairs" : "a side")
			vm[ST_mv]++
			if (ST_mv == "inconclusive" && ST_mneed > need_max) need_max = ST_mneed
			row(kk[1] " / " kk[2] ":modes", sprintf("%d/%d > %s", ST_mka, ST_mna, fmt(ST_msplit)),
				sprintf("%d/%d > %s", ST_mkb, ST_mnb, fmt(ST_msplit)),
				sprintf("%+.0fpt", 100 * (ST_mkb / ST_mnb - ST_mka / ST_mna)),
				(ST_mtest == "McNemar" ? sprintf("McNemar %d up %d down p=%.3g", ST_mup, ST_mdown, ST_mp) : \
				sprintf("Fisher p=%.3g", ST_mp)), "-", "-", ST_mmde == "" ? "-" : sprintf("%.0fpt", 100 * ST_mmde), verdict)
			if (paired) within(kk[1] " / " kk[2], delta)
		}
	}
	without()
	if (nseeds) {
		st_sort_num(seedl, nseeds)
		s = ""
		for (i = 1; i <= nseeds; i++) s = s (i > 1 ? " " : "") seedl[i]
		printf "ab: paired by seed: %s (%d figures paired, %d compared as two sets; %d repeats without a partner left out)\n",
			s, npaired, nsets, unpaired
	}
	m = ""
	for (x in methods) m = m (m == "" ? "" : "; ") x
	printf "ab: %d figures: %d CHANGED, %d same, %d inconclusive, %d with 1 run, %d on one side only (%s)\n",
		nk, v["CHANGED"], v["same"], v["inconclusive"], v["1 run"], v["one side"], m
	if (nmodes) {
		m = ""
		for (x in mtests)
			m = m (m == "" ? "" : "; ") (x == "McNemar" ? "pairs: McNemar's exact test on the pairs that changed mode" : "sets: Fisher's exact test")
		printf "ab: %d figures in two modes: %d CHANGED, %d same, %d inconclusive (the share of repeats in each mode; %s; two-sided, 5%%)\n",
			nmodes, vm["CHANGED"], vm["same"], vm["inconclusive"], m
	}
	if (nwo)
		printf "ab: without seed %s (a boot in a mode of its own): %d figures: %d CHANGED, %d same, %d inconclusive (the paired figures judged on the other pairs: the FIGURE:without rows)\n",
			LONES, nwo, vwo["CHANGED"], vwo["same"], vwo["inconclusive"]
	if (nwithin)
		printf "ab: %d figures within their modes (the pairs that stayed in one mode): %d CHANGED, %d same, %d inconclusive\n",
			nwithin, vw["CHANGED"], vw["same"], vw["inconclusive"]
	# a seed whose pair lies apart on several figures: read its boots
	for (x in LONE)
		if (LONE[x] >= 2)
			printf "ab: seed %s: its pair lies far from the others on %d of %d paired figures (e.g. %s): a boot in a mode of its own? Its figures' intervals reach it; more seeds (-u) say how often\n",
				x, LONE[x], npaired, LONEX[x]
	printf "ab: mde: the smallest shift that would come out CHANGED in 19 reruns of 20 with these repeats (for modes: the smallest difference of shares that can be significant)\n"
	if (v["inconclusive"] || vm["inconclusive"])
		printf "ab: the inconclusive figures need up to %s repeats a side\n", need_max ? need_max : "an unknown number of"
}
