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
# SPEC: "" (the default), "N" (absolute) or "N%".
function st_delta(figure, ma, spec,    rel, floor) {
	if (spec != "") {
		if (spec ~ /%$/) return (substr(spec, 1, length(spec) - 1) / 100) * (ma < 0 ? -ma : ma)
		return spec + 0
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
