# SPDX-License-Identifier: GPL-2.0
# stats.awk: the one comparison method of the A/B (ab/compare.awk) and of
# the experiments' report (experiments/table.awk). A library of functions,
# loaded with "-f ab/stats.awk" before the program that calls them.
#
# DOC: comparing two sets of repeats
# A figure measured on R repeats a side is compared by the *shift* between
# the two sides: the Hodges-Lehmann estimate (the median of the R_A x R_B
# differences b_j - a_i) and its distribution-free 95% confidence interval
# from the Mann-Whitney rank statistic (the interval between the k-th
# smallest and k-th largest of those differences, k from the exact null
# distribution of U; Hollander & Wolfe, "Nonparametric Statistical
# Methods", ch. 4.3). It assumes nothing of the figures' shape: a governor
# that settles into one of two states per boot gives a bimodal figure, for
# which a mean and a standard error (the method before) are the wrong
# summary, and whose verdict flipped from rerun to rerun.
#
# Each figure has a *smallest difference that matters*, delta: the
# experiment's [compare] section may set it per figure (an absolute value
# in the figure's unit, or N% of side A's median); by default it is 1% of
# side A's median, and at least 1 us for a time (_us, _ms, _s figures),
# 0.5 points for a percentage (_pct). The verdict:
#   CHANGED       the whole interval lies beyond delta on one side: the
#                 shift is real and larger than what matters
#   same          the whole interval lies within [-delta, delta] (two
#                 deterministic sides: their difference does)
#   inconclusive  neither: the interval straddles delta. The repeats a
#                 side that would settle it in 19 reruns of 20 are given,
#                 from the pooled spread and the distance of the estimate
#                 to delta (a normal sample size at 95% power)
#   1 run         a side has a single repeat: no spread to judge by
# Both decisive verdicts need the interval on their side, so two reruns
# can disagree only by one of them being inconclusive (the test in
# ab/test/run reruns bimodal figures 20 times and checks it). At fewer
# than 4 repeats a side no 95% interval exists (with 3 and 3, the two
# extreme differences cover only 90%): such a figure is inconclusive
# unless both sides are deterministic.
#
# st_compare(A, B, DELTA) takes two space-separated lists of values and
# sets ST_v (the verdict word), ST_d (the estimate), ST_lo, ST_hi (the
# interval; "" when none exists), ST_need (repeats a side to settle an
# inconclusive figure; 0 when it cannot be estimated) and ST_method.

# The smallest difference that matters for FIGURE, side A's median MA.
# SPEC: "" (the default), "N" (absolute), "N%" or "N% min M" (at least M).
function st_delta(figure, ma, spec,    rel, floor, w) {
	if (spec != "") {
		# "N% min M": N % of side A's median, at least M (a count's
		# few events, which no relative share makes matter)
		floor = 0
		if (split(spec, w, / min /) == 2) { spec = w[1]; floor = w[2] + 0 }
		if (spec ~ /%$/) rel = (substr(spec, 1, length(spec) - 1) / 100) * (ma < 0 ? -ma : ma)
		else rel = spec + 0
		return rel > floor ? rel : floor
	}
	rel = 0.01; floor = 0
	if (figure ~ /_us$/) floor = 1
	else if (figure ~ /_ms$/) floor = 0.001
	else if (figure ~ /_s$/) floor = 0.000001
	else if (figure ~ /_pct$/) { floor = 0.5; rel = 0 }
	rel *= (ma < 0 ? -ma : ma)
	return rel > floor ? rel : floor
}

# The [compare] line that applies to FIGURE: the first of ST_NSPEC regexes
# ST_SPECRE[i] matching it, its value ST_SPECV[i]; "" when none does.
function st_spec(figure,    i) {
	for (i = 1; i <= ST_NSPEC; i++)
		if (figure ~ ("^(" ST_SPECRE[i] ")$")) return ST_SPECV[i]
	return ""
}

function st_sort(a, n,    i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]
		a[j + 1] = t
	}
}

function st_median(list,    a, n, i) {
	n = split(list, a, " ")
	if (!n) return ""
	for (i = 1; i <= n; i++) a[i] += 0
	st_sort(a, n)
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}

# The sample standard deviation, two-pass (0 for identical values, which
# the one-pass sum of squares can miss by a rounding error).
function st_sd(list,    a, n, i, s, q, m) {
	n = split(list, a, " ")
	if (n < 2) return 0
	for (i = 1; i <= n; i++) s += a[i]
	m = s / n
	for (i = 1; i <= n; i++) q += (a[i] - m) * (a[i] - m)
	return q > 0 ? sqrt(q / (n - 1)) : 0
}

# The largest k with P(U < k) <= 0.025 under the null, U the Mann-Whitney
# count over n x m pairs: exact (the number of ways, by the recurrence
# c(n, m, u) = c(n - 1, m, u - m) + c(n, m - 1, u)) up to 400 pairs, the
# normal approximation with continuity correction beyond. Cached.
function st_crit(n, m,    key, i, j, u, tot, cum, k, mu, sd, N, P) {
	key = n "," m
	if (key in ST_CRIT) return ST_CRIT[key]
	if (n * m > 400) {
		mu = n * m / 2; sd = sqrt(n * m * (n + m + 1) / 12)
		k = int(mu - 1.959964 * sd - 0.5) + 1
		if (k < 0) k = 0
		return ST_CRIT[key] = k
	}
	# N[i, j, u]: arrangements of i values of one side and j of the other
	for (i = 0; i <= n; i++)
		for (j = 0; j <= m; j++)
			for (u = 0; u <= i * j; u++) {
				if (i == 0 || j == 0) { N[i, j, u] = (u == 0); continue }
				N[i, j, u] = (u >= j ? N[i - 1, j, u - j] : 0) + (u <= (i) * (j - 1) ? N[i, j - 1, u] : 0)
			}
	tot = 0
	for (u = 0; u <= n * m; u++) tot += N[n, m, u]
	cum = 0; k = 0
	for (u = 0; u <= n * m; u++) {
		cum += N[n, m, u]
		if (cum / tot > 0.025) break
		k = u + 1
	}
	return ST_CRIT[key] = k
}

function st_compare(la, lb, delta,    a, b, na, nb, i, j, D, nd, k, sa, sb, s, gap, z, need, det) {
	na = split(la, a, " "); nb = split(lb, b, " ")
	ST_lo = ST_hi = ""; ST_need = 0; ST_d = ""
	ST_method = "Hodges-Lehmann shift, Mann-Whitney 95% interval"
	if (na < 1 || nb < 1) { ST_v = "missing"; return ST_v }
	nd = 0
	for (i = 1; i <= na; i++)
		for (j = 1; j <= nb; j++) D[++nd] = (b[j] + 0) - (a[i] + 0)
	st_sort(D, nd)
	ST_d = nd % 2 ? D[(nd + 1) / 2] : (D[nd / 2] + D[nd / 2 + 1]) / 2
	if (na < 2 || nb < 2) { ST_v = "1 run"; return ST_v }
	sa = st_sd(la); sb = st_sd(lb)
	det = (sa == 0 && sb == 0)
	if (det) {
		ST_lo = ST_hi = ST_d
	} else {
		k = st_crit(na, nb)
		if (k >= 1) { ST_lo = D[k]; ST_hi = D[nd + 1 - k] }
	}
	if (ST_lo != "" && (ST_lo > delta || ST_hi < -delta)) ST_v = "CHANGED"
	else if (ST_lo != "" && ST_lo >= -delta && ST_hi <= delta) ST_v = "same"
	else {
		ST_v = "inconclusive"
		# Repeats a side that settle it in 19 reruns of 20: the
		# normal sample size for a 95% interval excluding the gap
		# with 95% power, 2 ((z_0.975 + z_0.95) s / gap)^2, the rank
		# interval's efficiency against the normal one (3/pi) folded in.
		s = sqrt((sa * sa + sb * sb) / 2)
		gap = (ST_d < 0 ? -ST_d : ST_d) - delta
		if (gap < 0) gap = -gap
		z = (1.959964 + 1.644854) * sqrt(3.14159265 / 3)
		if (s > 0 && gap > 0) {
			need = 2 * (z * s / gap) ^ 2
			need = int(need) + (need > int(need))
			if (need < 4) need = 4
			if (need <= na && need <= nb) need = (na > nb ? na : nb) + 1
			ST_need = need
		}
	}
	return ST_v
}

# "inconclusive (N a side)" or the verdict as it is.
function st_verdict_str(cap) {
	if (ST_v != "inconclusive") return ST_v
	if (ST_need == 0 || (cap && ST_need > cap)) return "inconclusive (" (cap ? "> " cap : "?") " a side)"
	return "inconclusive (" ST_need " a side)"
}

# DOC: comparing pairs (ab/run: repeat r of both sides booted with seed r)
# When both sides' repeats carry the seed they were booted with, repeat r
# of A and repeat r of B had the same inputs but the axis compared, and
# the figure is judged on the *paired differences* d_r = b_r - a_r: the
# shift is their Hodges-Lehmann estimate (the median of the Walsh
# averages (d_i + d_j) / 2, i <= j) and its 95% interval comes from the
# exact null distribution of the Wilcoxon signed-rank statistic (the k-th
# smallest and k-th largest Walsh averages; Hollander & Wolfe ch. 3.1;
# exact up to 100 pairs, the most a side runs). The verdict is read off
# the interval against delta exactly as for two sets of repeats. A 95%
# interval needs 6 pairs (with 5, the extreme Walsh averages cover only
# 94%); fewer are inconclusive unless every difference is the same.
#
# st_paired(DA, DB, DELTA): DA and DB space-separated lists, the same
# length, element r of each from pair r. Sets what st_compare sets, and
# ST_mde.
#
# The smallest effect the repeats can detect, ST_mde: the true shift that
# would come out CHANGED in 19 reruns of 20 with this many repeats, from
# the spread seen (the spread of the differences for pairs, the pooled one
# otherwise): delta + (z_0.975 + z_0.95) sqrt(pi / 3) s / sqrt(n) for
# pairs, with sqrt(2 / n) for two sets. "" when no interval exists; delta
# itself when nothing varies (any shift beyond delta then shows).
#
# DOC: two-mode figures
# A governor that settles into one of two states per boot makes a figure
# whose repeats fall into two clusters. st_modes(LA, LB, DELTA) pools both
# sides, sorts them and finds the largest gap between neighbours; the
# values fall into two modes when that gap holds at least 2 values on each
# side of it, exceeds delta and is more than 3 times the wider mode's
# range (a unimodal sample of up to 100 repeats has no such gap), and a
# side has repeats in both (when each side is whole in one, the gap is
# the shift between them: a known 5 us effect made one so). Each
# side's share of repeats in the upper mode is then a figure of its own,
# compared by Fisher's exact test (two-sided, the 2 x 2 table of side by
# mode; p the sum of the tables no likelier than the one seen): CHANGED
# when p < 0.05, else inconclusive, with the repeats a side that would
# make the shares seen significant in 19 reruns of 20 (the normal sample
# size for two proportions). ST_mmde is the smallest difference of shares
# (in repeats of B's, against none of A's) that can be significant at all
# with these counts. Sets ST_msplit (the threshold between the modes),
# ST_mka, ST_mkb (repeats in the upper mode), ST_mna, ST_mnb, ST_mp,
# ST_mv, ST_mneed, ST_mmde; returns 1 when there are two modes.
#
# With pairs (st_modes(..., 1): element r of LA and of LB from seed r),
# the shares are compared pair by pair, by McNemar's exact test: of the
# pairs whose two repeats fall in different modes (discordant), ST_mup
# went up (A below the split, B above) and ST_mdown down; p = min(1,
# 2 P(X <= min(up, down))), X ~ Bin(up + down, 1/2), ST_mtest "McNemar".
# CHANGED when p < 0.05. Under -icount a pair differs only by the axis, so
# a pair in one mode on both sides is one the change did not move: with
# no discordant pair at all the verdict is "same" (ST_mmde, the smallest
# share of pairs that must move one way to be significant, 6 of n, says
# what the repeats could have seen). Otherwise inconclusive, with the
# pairs that would settle the shift seen (the normal sample size for
# McNemar's test: Connor 1987).

# Heap sort of a[1..n], ascending (the Walsh averages are too many for an
# insertion sort).
function st_sift(a, s, n,    c, t) {
	while ((c = 2 * s) <= n) {
		if (c < n && a[c + 1] > a[c]) c++
		if (a[s] >= a[c]) return
		t = a[s]; a[s] = a[c]; a[c] = t
		s = c
	}
}
function st_hsort(a, n,    i, t) {
	for (i = int(n / 2); i >= 1; i--) st_sift(a, i, n)
	for (i = n; i > 1; i--) {
		t = a[1]; a[1] = a[i]; a[i] = t
		st_sift(a, 1, i - 1)
	}
}

# The largest k with P(W < k) <= 0.025, W the signed-rank statistic of n
# pairs under the null: exact, by the number of subsets of {1..n} with
# each sum (c(w) += c(w - i) for each rank i). Cached.
function st_wcrit(n,    c, i, w, M, tot, cum, k) {
	if (n in ST_WCRIT) return ST_WCRIT[n]
	M = n * (n + 1) / 2
	for (w = 0; w <= M; w++) c[w] = (w == 0)
	for (i = 1; i <= n; i++)
		for (w = i * (i + 1) / 2; w >= i; w--) c[w] += c[w - i]
	tot = 2 ^ n; cum = 0; k = 0
	for (w = 0; w <= M; w++) {
		cum += c[w]
		if (cum / tot > 0.025) break
		k = w + 1
	}
	return ST_WCRIT[n] = k
}

# z_0.975 + z_0.95, times the rank methods' efficiency against the normal
# one (3 / pi): the factor of the sample sizes and of ST_mde.
function st_zpow() { return (1.959964 + 1.644854) * sqrt(3.14159265 / 3) }

function st_paired(la, lb, delta,    a, b, n, nb, d, i, j, W, nw, k, s, dl, gap, need, det) {
	n = split(la, a, " "); nb = split(lb, b, " ")
	ST_lo = ST_hi = ""; ST_need = 0; ST_d = ""; ST_mde = ""
	ST_method = "paired: Hodges-Lehmann shift, Wilcoxon signed-rank 95% interval"
	if (n < 1 || n != nb) { ST_v = "missing"; return ST_v }
	dl = ""
	for (i = 1; i <= n; i++) { d[i] = (b[i] + 0) - (a[i] + 0); dl = dl " " d[i] }
	nw = 0
	for (i = 1; i <= n; i++)
		for (j = i; j <= n; j++) W[++nw] = (d[i] + d[j]) / 2
	st_hsort(W, nw)
	ST_d = nw % 2 ? W[(nw + 1) / 2] : (W[nw / 2] + W[nw / 2 + 1]) / 2
	s = st_sd(dl)
	det = (s == 0)
	if (n < 2) { ST_v = "1 run"; return ST_v }
	if (det) {
		ST_lo = ST_hi = ST_d
		ST_mde = delta
	} else {
		k = st_wcrit(n)
		if (k >= 1) {
			ST_lo = W[k]; ST_hi = W[nw + 1 - k]
			ST_mde = delta + st_zpow() * s / sqrt(n)
		}
	}
	if (ST_lo != "" && (ST_lo > delta || ST_hi < -delta)) ST_v = "CHANGED"
	else if (ST_lo != "" && ST_lo >= -delta && ST_hi <= delta) ST_v = "same"
	else {
		ST_v = "inconclusive"
		gap = (ST_d < 0 ? -ST_d : ST_d) - delta
		if (gap < 0) gap = -gap
		if (s > 0 && gap > 0) {
			need = (st_zpow() * s / gap) ^ 2
			need = int(need) + (need > int(need))
			if (need < 6) need = 6
			if (need <= n) need = n + 1
			ST_need = need
		}
	}
	return ST_v
}

# The smallest effect two sets of repeats can detect (st_compare's
# figures): sets ST_mde from LA, LB and DELTA, as described above.
function st_mde2(la, lb, delta,    na, nb, a, b, sa, sb, n) {
	na = split(la, a, " "); nb = split(lb, b, " ")
	n = na < nb ? na : nb
	sa = st_sd(la); sb = st_sd(lb)
	if (sa == 0 && sb == 0 && n >= 2) return ST_mde = delta
	if (n < 4) return ST_mde = ""
	return ST_mde = delta + st_zpow() * sqrt((sa * sa + sb * sb) / 2) * sqrt(2 / n)
}

# log(n!), from a table built as far as needed
function st_lfact(n,    i) {
	if (!ST_NLF) { ST_LF[0] = 0; ST_NLF = 0 }
	for (i = ST_NLF + 1; i <= n; i++) ST_LF[i] = ST_LF[i - 1] + log(i)
	if (n > ST_NLF) ST_NLF = n
	return ST_LF[n]
}

# Fisher's exact test, two-sided, on the table (x, n1 - x; y, n2 - y):
# the probability of the tables with the same margins no likelier than it.
function st_fisher(x, n1, y, n2,    k, N, lo, hi, i, lp, lp0, p) {
	k = x + y; N = n1 + n2
	lo = k - n2 > 0 ? k - n2 : 0; hi = k < n1 ? k : n1
	lp0 = st_lfact(n1) - st_lfact(x) - st_lfact(n1 - x) + st_lfact(n2) - st_lfact(y) - st_lfact(n2 - y) \
		- (st_lfact(N) - st_lfact(k) - st_lfact(N - k))
	p = 0
	for (i = lo; i <= hi; i++) {
		lp = st_lfact(n1) - st_lfact(i) - st_lfact(n1 - i) + st_lfact(n2) - st_lfact(k - i) \
			- st_lfact(n2 - k + i) - (st_lfact(N) - st_lfact(k) - st_lfact(N - k))
		if (lp <= lp0 + 1e-7) p += exp(lp)
	}
	return p > 1 ? 1 : p
}

# McNemar's exact test, two-sided: UP and DOWN discordant pairs.
function st_mcnemar(up, down,    d, k, i, p) {
	d = up + down
	if (d == 0) return 1
	k = up < down ? up : down
	p = 0
	for (i = 0; i <= k; i++)
		p += exp(st_lfact(d) - st_lfact(i) - st_lfact(d - i) - d * log(2))
	p *= 2
	return p > 1 ? 1 : p
}

function st_modes_paired(a, b, n,    i, pu, pd, pdis, diff, need, m) {
	ST_mtest = "McNemar"
	ST_mup = ST_mdown = 0
	for (i = 1; i <= n; i++) {
		if (a[i] + 0 <= ST_msplit && b[i] + 0 > ST_msplit) ST_mup++
		if (a[i] + 0 > ST_msplit && b[i] + 0 <= ST_msplit) ST_mdown++
	}
	ST_mp = st_mcnemar(ST_mup, ST_mdown)
	# the fewest pairs, all moving one way, that are significant
	for (m = 1; m < 100; m++) if (st_mcnemar(m, 0) < 0.05) break
	ST_mmde = m <= n ? m / n : ""
	if (ST_mp < 0.05) { ST_mv = "CHANGED"; return }
	if (ST_mup + ST_mdown == 0 && ST_mmde != "") { ST_mv = "same"; return }
	ST_mv = "inconclusive"
	# no pair moved, but too few pairs to see a move: as many as that takes
	if (ST_mup + ST_mdown == 0) { ST_mneed = m; return }
	pu = ST_mup / n; pd = ST_mdown / n; pdis = pu + pd; diff = pu - pd
	if (diff != 0) {
		need = (1.959964 * sqrt(pdis) + 1.644854 * sqrt(pdis - diff ^ 2)) ^ 2 / diff ^ 2
		need = int(need) + (need > int(need))
		if (need <= n) need = n + 1
		ST_mneed = need
	}
}

function st_modes(la, lb, delta, paired,    a, b, na, nb, v, n, i, g, gi, rl, ru, t, p1, p2, pb, need, m) {
	na = split(la, a, " "); nb = split(lb, b, " ")
	ST_msplit = ""; ST_mv = ""; ST_mp = ""; ST_mneed = 0; ST_mmde = ""; ST_mtest = "Fisher"
	n = 0
	for (i = 1; i <= na; i++) v[++n] = a[i] + 0
	for (i = 1; i <= nb; i++) v[++n] = b[i] + 0
	if (na < 2 || nb < 2 || n < 4) return 0
	st_hsort(v, n)
	g = -1; gi = 0
	for (i = 2; i <= n - 2; i++)	# at least 2 values in each mode
		if (i >= 3 && v[i] - v[i - 1] > g) { g = v[i] - v[i - 1]; gi = i }
	if (gi == 0) return 0
	rl = v[gi - 1] - v[1]; ru = v[n] - v[gi]
	if (!(g > delta && g > 3 * (rl > ru ? rl : ru))) return 0
	ST_msplit = (v[gi - 1] + v[gi]) / 2
	ST_mka = ST_mkb = 0; ST_mna = na; ST_mnb = nb
	for (i = 1; i <= na; i++) if (a[i] + 0 > ST_msplit) ST_mka++
	for (i = 1; i <= nb; i++) if (b[i] + 0 > ST_msplit) ST_mkb++
	# every repeat of each side on its own side of the gap: the gap is the
	# shift between the sides (the shift row's verdict), not two modes
	if ((ST_mka == 0 || ST_mka == na) && (ST_mkb == 0 || ST_mkb == nb)) {
		ST_msplit = ""
		return 0
	}
	if (paired && na == nb) { st_modes_paired(a, b, na); return 1 }
	ST_mp = st_fisher(ST_mka, na, ST_mkb, nb)
	if (ST_mp < 0.05) ST_mv = "CHANGED"
	else {
		ST_mv = "inconclusive"
		p1 = ST_mka / na; p2 = ST_mkb / nb
		if (p1 != p2) {
			pb = (p1 + p2) / 2
			need = (1.959964 * sqrt(2 * pb * (1 - pb)) + 1.644854 * sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ^ 2 / ((p1 - p2) ^ 2)
			need = int(need) + (need > int(need))
			if (need <= na && need <= nb) need = (na > nb ? na : nb) + 1
			ST_mneed = need
		}
	}
	# the fewest of B's repeats in a mode A never visits that Fisher's
	# test would call significant: the smallest difference of shares
	for (m = 1; m <= nb; m++) if (st_fisher(0, na, m, nb) < 0.05) break
	ST_mmde = m <= nb ? m / nb : ""
	return 1
}
