# SPDX-License-Identifier: GPL-2.0
# table.awk: the report of an experiment, from report.sh's long figures.
#
# DOC: the report
# A case is a cell without its repeat. For each case, over its repeats
# that ran ok: the median of each figure, and its spread (max - min).
# Columns, for the workload's CPU (pidle-irqwork -c, else CPU 0):
#   resp p50/p99  interrupt to work done, us (pidle-irqwork); for
#                 pidle-work, its timer wake-up latency (median, p99)
#   wake p50      interrupt to the task running, us
#   added ms      the wake-up delays summed over the run
#   deep %        residency in the deep states: target residency of
#                 100 us or more in the table in force
#   pkg %         the package domains down (any package state), mean
#   states used   each state's share of the CPU's idle entries
# When the table in force has powers, a second table, the energy, per case:
#   resp p50      as above, the latency the energy is paid for
#   energy J      the machine's energy over the run (pidle-stat's energy.j:
#                 every CPU and domain)
#   avg W         the same over the run's time (energy.avg_w)
#   eff %         the machine's idle energy efficiency against the oracle
#                 (oracle / actual idle energy, energy.efficiency_pct)
#   cpu eff %     the same for the workload's CPU alone: its governor's
#                 choices
#   J x ms        energy J times resp p50 in ms: the energy-latency
#                 product, lower is better on both
# When the module counts wake sources (pidle-stat's wake_*), a last
# table, per case, over every CPU and state: the idle periods each source
# ended (timer, ipi, device; unk: the wait could not see, e.g. the
# polling state; abt: aborted at entry) and, beside each, the share of
# them cpuidle counts as too deep (-%: "above") and too shallow (+%:
# "below"): which kind of wake-up each governor mispredicts. cpuidle's
# own above/below over all sources follow (sum of every state's).
# When the table in force has domain states, a third table, the domains in
# genpd's terms (Documentation/cluster-governors.rst), per case and domain
# state, summed over the level's domains:
#   usage         down periods ended in the state
#   rejected      times the domain was kept up (the OSI domain governor,
#                 or domain_policy=timer, said no)
#   above         down periods ended before the state's target residency
#                 (woken too early: a shallower state would have done)
#   below         down periods long enough for a deeper state of the level
#   res %         the level's residency in the state, mean over its domains
#   timer ipi     when the module counts wake sources: which source ended
#   device        the down periods (the first man's wake-up), summed over
#                 the level's domains
# When a workload names its own figure (figure = COLUMN in the
# experiment file: fio's IOPS, the ring's round trips per second,
# hackbench's time, the idle run's energy), a table of those, per case:
# the figure's median and spread over the repeats beside the idle
# figures linux-pm reports with it: idles (cpuidle's usage, every CPU and
# state), above % and below % (cpuidle's too deep and too shallow, of
# those idles), deep % (the workload's CPU) and energy J.
# A counter the module in the guest lacks shows as "-".
# Each case is compared with its workload's reference case by the A/B's
# method (ab/stats.awk): "~" when the two are the same within the smallest
# difference that matters, "?" when the repeats cannot tell. The reference
# of a workload is its first case with change none and qos none (governor
# menu when there is one).
# The answers below the tables are computed from the same medians: per
# workload the best governor on latency (resp p50), on energy and on the
# product, and what PM QoS and each workaround cost in energy.
# Usage: awk -F'\t' -v plots=DIR [-v specs=SPECS] -f ab/stats.awk -f table.awk LONG
# (SPECS: the experiment's [compare] lines, REGEX=DELTA joined by ";")

function med(list,    n, a, i, j, t) {
	n = split(list, a, " ")
	for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > t + 0; j--) a[j + 1] = a[j]; a[j + 1] = t }
	if (!n) return ""
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function spread(list,    n, a, i, lo, hi) {
	n = split(list, a, " ")
	if (n < 2) return ""
	lo = hi = a[1] + 0
	for (i = 2; i <= n; i++) { if (a[i] + 0 < lo) lo = a[i] + 0; if (a[i] + 0 > hi) hi = a[i] + 0 }
	return hi - lo
}
# ecost A B: "X -> Y J (+Z%)", the energy of case B against case A
function ecost(a, b) {
	return sprintf("%.4f -> %.4f J (%+.1f%%)", m(a, "energy"), m(b, "energy"),
		m(a, "energy") > 0 ? 100 * (m(b, "energy") - m(a, "energy")) / m(a, "energy") : 0)
}
# rank WORKLOAD TABLE KEY WHAT FORMAT: the best governor (lowest median of
# KEY) among the cases of WORKLOAD on TABLE with no change and no QoS, and
# the runner-up: "within the spread" when they are apart by no more
function rank(wk, tb, k, what, f,    i, c, b1, b2, line) {
	b1 = b2 = ""
	for (i = 1; i <= nc; i++) {
		c = cases[i]
		if (W[c] != wk || !nrep[c] || C[c] != "none" || Q[c] != "none" || T[c] != tb || m(c, k) == "") continue
		if (b1 == "" || m(c, k) < m(b1, k)) { b2 = b1; b1 = c }
		else if (b2 == "" || m(c, k) < m(b2, k)) b2 = c
	}
	if (b1 == "") return
	line = sprintf("  best on %s: %s (" f ")", what, G[b1], m(b1, k))
	if (b2 != "") {
		line = line sprintf(", then %s (" f ")", G[b2], m(b2, k))
		nz = noise(b1, b2, k)
		if (nz == "~") line = line ": the same within " st_delta(figname(k), m(b2, k), st_spec(figname(k))) ", a tie"
		else if (nz == "?") line = line ": not settled, " (ST_need ? ST_need " repeats a case would settle it" : "more repeats needed")
	}
	print line
}
function add(c, k, x) { if (x != "") V[c, k] = V[c, k] (V[c, k] == "" ? "" : " ") x }
function m(c, k) { return med(V[c, k]) }
function sp(c, k) { return spread(V[c, k]) }
function fmt(x, f) { return x == "" ? "-" : sprintf(f, x) }
# The figure name behind a key of V[], for its smallest difference that
# matters (ab/stats.awk's st_delta(): its unit decides the default).
function figname(k) {
	if (k == "resp50") return "work_resp_p50_us"
	if (k == "resp99") return "work_resp_p99_us"
	if (k == "wake50") return "work_wake_p50_us"
	if (k == "added") return "work_added_ms"
	if (k == "energy") return "energy_j"
	return k
}
# The comparison of case a against case b on key k, by the A/B's method
# (ab/stats.awk: rank-based shift and 95% interval against the smallest
# difference that matters): "~" the same within it, "?" inconclusive (or
# a single repeat), "" CHANGED. The last comparison's verdict stays in ST_v.
# say A B K: noise()'s verdict in words, for the answers' lines
function say(a, b, k,    z) {
	z = noise(a, b, k)
	if (z == "~") return " (the same within " st_delta(figname(k), m(b, k), st_spec(figname(k))) ")"
	if (z == "?") return " (not settled by the repeats)"
	return ""
}
function noise(a, b, k,    f) {
	if (m(a, k) == "" || m(b, k) == "") return ""
	f = figname(k)
	st_compare(V[b, k], V[a, k], st_delta(f, m(b, k), st_spec(f)))
	if (ST_v == "same") return "~"
	if (ST_v == "CHANGED") return ""
	return "?"
}

BEGIN {
	ST_NSPEC = split(specs, spl, ";")
	for (i = 1; i <= ST_NSPEC; i++) {
		e = index(spl[i], "=")
		ST_SPECRE[i] = substr(spl[i], 1, e - 1); ST_SPECV[i] = substr(spl[i], e + 1)
	}
}

BEGIN { ndf = split("usage rejected above below residency_pct wake_timer wake_ipi wake_device", DF, " ") }

BEGIN { split("timer ipi device unknown aborted", SRC, " ") }
# The workloads' own figures (figures: WORKLOAD=COLUMN;...): FIG[w]
BEGIN {
	nf = split(figures, fl, ";")
	for (i = 1; i <= nf; i++) { e = index(fl[i], "="); FIG[substr(fl[i], 1, e - 1)] = substr(fl[i], e + 1) }
}
# The workloads' expect terms (expects: WORKLOAD=NAME:SOURCE:PCT ...;...):
# EXN[w] terms, EXT[w, t] each, checked on every repeat that ran.
BEGIN {
	nx = split(expects, xl, ";")
	for (i = 1; i <= nx; i++) {
		e = index(xl[i], "="); w = substr(xl[i], 1, e - 1)
		EXN[w] = split(substr(xl[i], e + 1), xt, " ")
		for (t = 1; t <= EXN[w]; t++) EXT[w, t] = xt[t]
	}
}
{ v[$1, $2] = $3; if (!($1 in isid)) { isid[$1] = 1; ids[++nid] = $1 } }

END {
	for (i = 1; i <= nid; i++) {
		id = ids[i]; c = id; sub(/\/r[0-9]+$/, "", c)
		if (!(c in iscase)) {
			iscase[c] = 1; cases[++nc] = c
			T[c] = v[id, "table"]; G[c] = v[id, "governor_asked"]; C[c] = v[id, "change"]
			Q[c] = v[id, "qos"]; W[c] = v[id, "workload"]; K[c] = v[id, "kernel"]
			if (!(W[c] in isw)) { isw[W[c]] = 1; wl[++nw] = W[c] }
		}
		st = v[id, "status"]; nstat[c, st]++
		if (st != "ok") { if (st != "") why[c] = st ": " v[id, "reason"]; continue }
		cpu = v[id, "work_cpu"]; if (cpu == "") cpu = 0
		# pidle-irqwork's response time, or pidle-work's timer wake-up latency
		if ((id, "work_resp_p50_us") in v) {
			add(c, "resp50", v[id, "work_resp_p50_us"]); add(c, "resp99", v[id, "work_resp_p99_us"])
		} else {
			add(c, "resp50", v[id, "work_median_us"]); add(c, "resp99", v[id, "work_p99_us"])
		}
		add(c, "wake50", v[id, "work_wake_p50_us"]); add(c, "added", v[id, "work_added_ms"])
		add(c, "n", v[id, "work_interrupts"])
		# the states in force: NAME:LAT:RES[:LEVEL[:POWER]], comma separated
		ns = split(v[id, "states"], S, ",")
		deep = 0; pkg = 0; np = 0; tot = 0
		for (k = 1; k <= ns; k++) {
			split(S[k], F, ":"); nm = F[1]; stname[c, k] = nm
			if (F[3] + 0 >= 100) deep += v[id, "cpu" cpu "_" nm "_residency_pct"]
			u[k] = v[id, "cpu" cpu "_" nm "_usage"] + 0; tot += u[k]
			add(c, "res" k, v[id, "cpu" cpu "_" nm "_residency_pct"])
			if (F[4] != "" && F[4] != "cpu") {
				# the domain state, in genpd's terms, over its level
				hasdom = 1; domlvl[c, k] = F[4]
				if ((id, F[4] "_" nm "_wake_timer") in v) hasdwake = 1
				for (f = 1; f <= ndf; f++)
					add(c, "dom" k "_" DF[f], v[id, F[4] "_" nm "_" DF[f]])
			}
			if (F[4] == "package" && ((id, "package_" nm "_residency_pct") in v)) {
				pkg += v[id, "package_" nm "_residency_pct"]; np++
			}
		}
		nst[c] = ns
		add(c, "deep", deep); if (np) add(c, "pkg", pkg)
		used = ""
		for (k = 1; k <= ns; k++)
			if (tot && u[k] * 100 / tot >= 1)
				used = used (used == "" ? "" : " ") stname[c, k] sprintf(" %.0f%%", u[k] * 100 / tot)
		usedstr[c] = used
		# pidle-stat's energy of the whole machine over the run, J
		e = v[id, "energy_j"]
		if (e != "") {
			hasenergy = 1; add(c, "energy", e); add(c, "avgw", v[id, "energy_avg_w"])
			add(c, "eff", v[id, "energy_efficiency_pct"])
			add(c, "ceff", v[id, "cpu" cpu "_energy_efficiency_pct"])
			r50 = ((id, "work_resp_p50_us") in v) ? v[id, "work_resp_p50_us"] : v[id, "work_median_us"]
			if (r50 != "") add(c, "edp", e * r50 / 1000)
		}
		# wake sources, summed over the states (the summary row: every CPU)
		for (k = 1; k <= ns; k++) {
			nm = stname[c, k]
			if ((id, nm "_wake_timer") in v) haswake = 1
			ab += v[id, nm "_usage"] * v[id, nm "_too_deep_pct"] / 100
			be += v[id, nm "_usage"] * v[id, nm "_too_shallow_pct"] / 100
			us += v[id, nm "_usage"]
		}
		for (q = 1; q <= 5; q++) {
			x = 0; xa = 0; xb = 0
			for (k = 1; k <= ns; k++) {
				nm = stname[c, k]
				x += v[id, nm "_wake_" SRC[q]]; xa += v[id, nm "_above_" SRC[q]]; xb += v[id, nm "_below_" SRC[q]]
			}
			add(c, "w_" SRC[q], x); add(c, "wa_" SRC[q], xa); add(c, "wb_" SRC[q], xb)
		}
		add(c, "above_pct", us ? 100 * ab / us : 0); add(c, "below_pct", us ? 100 * be / us : 0)
		add(c, "idles", us)
		if ((W[c] in FIG) && ((id, FIG[W[c]]) in v)) add(c, "fig", v[id, FIG[W[c]]])
		# the workload's expectations: SOURCE's share of NAME's periods
		for (t = 1; t <= EXN[W[c]]; t++) {
			split(EXT[W[c], t], xp, ":")
			x = 0; xall = 0; xseen = 0
			for (k = 1; k <= ns; k++)
				for (q = 1; q <= 4; q++) {
					xk = xp[1] "_" stname[c, k] "_wake_" SRC[q]
					if (!((id, xk) in v)) continue
					xseen = 1; xall += v[id, xk]; if (SRC[q] == xp[2]) x += v[id, xk]
				}
			nxchk++
			if (!xseen) {
				# a name that is neither a CPU nor a domain here,
				# or a module that counts no wake sources
				XS[c, t] = XS[c, t] " -"; XF[c, t]++; XM[c, t] = 1; nxfail++
				continue
			}
			sh = xall ? 100 * x / xall : 0
			XS[c, t] = XS[c, t] sprintf(" %.1f", sh)
			if (sh < xp[3] + 0) { XF[c, t]++; nxfail++ }
		}
		ab = be = us = 0
		nrep[c]++
	}
	printf "%-44s %8s %8s %8s %9s %6s %6s %s\n", "case (table/governor/change/qos/workload)", "resp p50", "resp p99",
		"wake p50", "added ms", "deep %", "pkg %", "states used (entries)"
	for (w = 1; w <= nw; w++) {
		ref[w] = ""
		for (i = 1; i <= nc; i++) {
			c = cases[i]; if (W[c] != wl[w] || nrep[c] == 0) continue
			if (C[c] == "none" && Q[c] == "none" && (ref[w] == "" || (G[c] == "menu" && G[ref[w]] != "menu"))) ref[w] = c
		}
		for (i = 1; i <= nc; i++) {
			c = cases[i]; if (W[c] != wl[w]) continue
			label = T[c] "/" G[c] "/" C[c] "/" Q[c] "/" W[c]
			if (nrep[c] == 0) { printf "%-44s not run: %s\n", label, why[c]; continue }
			r = ref[w]; nz = (c == r) ? "" : noise(c, r, "resp50")
			printf "%-44s %7s%1s %8s %8s %9s %6s %6s %s\n", label, fmt(m(c, "resp50"), "%.1f"), nz,
				fmt(m(c, "resp99"), "%.1f"), fmt(m(c, "wake50"), "%.1f"), fmt(m(c, "added"), "%.1f"),
				fmt(m(c, "deep"), "%.1f"), fmt(m(c, "pkg"), "%.1f"), usedstr[c]
		}
	}
	# the energy, next to the latency it buys
	if (hasenergy) {
		print ""
		printf "Energy (the table's powers; %s):\n", "machine = every CPU and domain"
		printf "%-44s %8s %9s %7s %6s %9s %7s\n", "case (table/governor/change/qos/workload)", "resp p50", "energy J",
			"avg W", "eff %", "cpu eff %", "J x ms"
		for (w = 1; w <= nw; w++) {
			r = ref[w]
			for (i = 1; i <= nc; i++) {
				c = cases[i]; if (W[c] != wl[w]) continue
				label = T[c] "/" G[c] "/" C[c] "/" Q[c] "/" W[c]
				if (nrep[c] == 0) { printf "%-44s not run: %s\n", label, why[c]; continue }
				if (m(c, "energy") == "") { printf "%-44s no energy: the table in force has no powers\n", label; continue }
				nz = (c == r) ? "" : noise(c, r, "energy")
				printf "%-44s %8s %8s%1s %7s %6s %9s %7s\n", label, fmt(m(c, "resp50"), "%.1f"),
					fmt(m(c, "energy"), "%.4f"), nz, fmt(m(c, "avgw"), "%.3f"), fmt(m(c, "eff"), "%.1f"),
					fmt(m(c, "ceff"), "%.1f"), fmt(m(c, "edp"), "%.4f")
			}
		}
	}
	# the domains, in genpd's terms
	if (hasdom) {
		print ""
		print "Domains (genpd's terms, summed over each level's domains; res %: mean per domain):"
		printf "%-44s %-18s %8s %8s %8s %8s %6s", "case (table/governor/change/qos/workload)", "level:state",
			"usage", "rejected", "above", "below", "res %"
		if (hasdwake) printf " %7s %7s %7s", "timer", "ipi", "device"
		printf "\n"
		for (w = 1; w <= nw; w++)
			for (i = 1; i <= nc; i++) {
				c = cases[i]; if (W[c] != wl[w]) continue
				label = T[c] "/" G[c] "/" C[c] "/" Q[c] "/" W[c]
				if (nrep[c] == 0) continue
				for (k = 1; k <= nst[c]; k++) {
					if (!((c, k) in domlvl)) continue
					printf "%-44s %-18s %8s %8s %8s %8s %6s", label, domlvl[c, k] ":" stname[c, k],
						fmt(m(c, "dom" k "_usage"), "%d"), fmt(m(c, "dom" k "_rejected"), "%d"),
						fmt(m(c, "dom" k "_above"), "%d"), fmt(m(c, "dom" k "_below"), "%d"),
						fmt(m(c, "dom" k "_residency_pct"), "%.1f")
					if (hasdwake)
						printf " %7s %7s %7s", fmt(m(c, "dom" k "_wake_timer"), "%d"),
							fmt(m(c, "dom" k "_wake_ipi"), "%d"), fmt(m(c, "dom" k "_wake_device"), "%d")
					printf "\n"
				}
			}
	}
	if (haswake) {
		print ""
		print "Wake-ups by source (every CPU; -% / +%: of those, cpuidle's too deep / too shallow):"
		printf "%-44s %7s %4s %4s %7s %4s %4s %7s %4s %4s %6s %5s %6s %6s\n", "case (table/governor/change/qos/workload)",
			"timer", "-%", "+%", "ipi", "-%", "+%", "device", "-%", "+%", "unk", "abt", "above%", "below%"
		for (w = 1; w <= nw; w++) {
			for (i = 1; i <= nc; i++) {
				c = cases[i]; if (W[c] != wl[w]) continue
				label = T[c] "/" G[c] "/" C[c] "/" Q[c] "/" W[c]
				if (nrep[c] == 0) { printf "%-44s not run: %s\n", label, why[c]; continue }
				printf "%-44s", label
				for (q = 1; q <= 3; q++) {
					x = m(c, "w_" SRC[q])
					printf " %7.0f %4s %4s", x, (x > 0 ? sprintf("%.0f", 100 * m(c, "wa_" SRC[q]) / x) : "-"),
						(x > 0 ? sprintf("%.0f", 100 * m(c, "wb_" SRC[q]) / x) : "-")
				}
				printf " %6.0f %5.0f %6.1f %6.1f\n", m(c, "w_unknown"), m(c, "w_aborted"), m(c, "above_pct"), m(c, "below_pct")
			}
		}
	}
	# the workloads' own figures, beside the idle figures
	if (nf) {
		print ""
		print "Workload figures (each workload's own, median over the repeats, and the idle figures beside it):"
		printf "%-44s %-22s %12s %9s %9s %7s %7s %6s %9s\n", "case (table/governor/change/qos/workload)", "figure",
			"value", "spread", "idles", "above%", "below%", "deep %", "energy J"
		for (w = 1; w <= nw; w++)
			for (i = 1; i <= nc; i++) {
				c = cases[i]; if (W[c] != wl[w] || !(W[c] in FIG)) continue
				label = T[c] "/" G[c] "/" C[c] "/" Q[c] "/" W[c]
				if (nrep[c] == 0) { printf "%-44s not run: %s\n", label, why[c]; continue }
				printf "%-44s %-22s %12s %9s %9s %7s %7s %6s %9s\n", label, FIG[W[c]],
					fmt(m(c, "fig"), "%.6g"), fmt(sp(c, "fig"), "%.6g"), fmt(m(c, "idles"), "%d"),
					fmt(m(c, "above_pct"), "%.1f"), fmt(m(c, "below_pct"), "%.1f"),
					fmt(m(c, "deep"), "%.1f"), fmt(m(c, "energy"), "%.4f")
			}
	}
	# the workloads' expectations, every repeat
	if (nxchk) {
		print ""
		print "Checks (each workload's expect: SOURCE's share of NAME's periods, % in each repeat):"
		for (w = 1; w <= nw; w++)
			for (i = 1; i <= nc; i++) {
				c = cases[i]; if (W[c] != wl[w] || nrep[c] == 0) continue
				label = T[c] "/" G[c] "/" C[c] "/" Q[c] "/" W[c]
				for (t = 1; t <= EXN[W[c]]; t++) {
					split(EXT[W[c], t], xp, ":")
					printf "%-44s %s %s >= %s %%:%s  %s%s\n", label, xp[1], xp[2], xp[3], XS[c, t],
						(XF[c, t] ? "NOT met" : "met"),
						(XM[c, t] ? " (no wake-source counts for " xp[1] ": not a CPU or domain of this topology, or the module counts none)" : "")
				}
			}
		if (nxfail) printf "checks: %d of %d NOT met\n", nxfail, nxchk
		else printf "checks: all %d met\n", nxchk
	}
	# the run-to-run spread, over every case with two repeats or more
	ns2 = 0; smax = 0; smax99 = 0; slist = ""
	for (i = 1; i <= nc; i++) {
		c = cases[i]; s = sp(c, "resp50"); s99 = sp(c, "resp99")
		if (s == "") continue
		ns2++; slist = slist " " s; if (s > smax) smax = s; if (s99 > smax99) smax99 = s99
	}
	print ""
	if (ns2) printf "Run-to-run spread (max - min over repeats): resp p50 median %.1f us, largest %.1f us; resp p99 largest %.1f us (%d cases).\n", med(slist), smax, smax99, ns2
	else print "Run-to-run spread: not measured (one repeat per case)."
	print "Against the reference: \"~\" the same within the smallest difference that matters, \"?\" not settled by the repeats (" ST_method "; ab/stats.awk)."
	# the energy's spread, relative to its median
	ne2 = 0; emax = 0; erel = 0
	for (i = 1; i <= nc; i++) {
		c = cases[i]; s = sp(c, "energy")
		if (s == "") continue
		ne2++; if (s > emax) emax = s
		if (m(c, "energy") > 0 && 100 * s / m(c, "energy") > erel) erel = 100 * s / m(c, "energy")
	}
	if (ne2) printf "Energy spread: largest %.4f J (%.2f%% of its case's median), %d cases.\n", emax, erel, ne2
	# the answers, per workload
	for (w = 1; w <= nw; w++) {
		r = ref[w]; if (r == "") continue
		n = m(r, "n")
		print ""
		printf "%s, reference %s/%s (%d interrupts):\n", wl[w], T[r], G[r], n
		qc = ""
		for (i = 1; i <= nc; i++) { c = cases[i]; if (W[c] == wl[w] && nrep[c] && Q[c] != "none" && C[c] == "none" && G[c] == G[r] && T[c] == T[r]) { qc = c; break } }
		if (qc != "") {
			printf "  the deep choice adds %.1f us per wake-up (wake p50 %.1f against %.1f under PM QoS %s), %.1f ms over the run%s\n",
				m(r, "wake50") - m(qc, "wake50"), m(r, "wake50"), m(qc, "wake50"), Q[qc], m(r, "added") - m(qc, "added"), say(r, qc, "wake50")
			printf "  PM QoS %s costs deep residency %.1f%% -> %.1f%%", Q[qc], m(r, "deep"), m(qc, "deep")
			if (m(r, "energy") != "" && m(qc, "energy") != "")
				printf ", energy %s%s", ecost(r, qc), say(r, qc, "energy")
			print ""
		}
		for (i = 1; i <= nc; i++) {
			c = cases[i]
			if (W[c] != wl[w] || !nrep[c] || C[c] == "none" || Q[c] != "none" || G[c] != G[r] || T[c] != T[r] || c ~ /\/only-/) continue
			gap = (qc != "") ? m(r, "added") - m(qc, "added") : 0
			printf "  workaround %s: added %.1f -> %.1f ms", C[c], m(r, "added"), m(c, "added")
			if (gap > 0) printf " (recovers %.0f%% of what PM QoS recovers)", 100 * (m(r, "added") - m(c, "added")) / gap
			printf ", deep residency %.1f%% -> %.1f%%", m(r, "deep"), m(c, "deep")
			if (m(r, "energy") != "" && m(c, "energy") != "")
				printf ", energy %s%s", ecost(r, c), say(r, c, "energy")
			print (say(c, r, "added") != "" ? " (added:" substr(say(c, r, "added"), 3) : "")
		}
		best = ""; ng = 0
		for (i = 1; i <= nc; i++) {
			c = cases[i]
			if (W[c] != wl[w] || !nrep[c] || C[c] != "none" || Q[c] != "none" || T[c] != T[r]) continue
			ng++
			if (best == "" || m(c, "resp99") < m(best, "resp99")) best = c
		}
		if (ng > 1) printf "  best governor by resp p99: %s (%.1f us)%s\n", G[best], m(best, "resp99"), (best != r && noise(best, r, "resp99") == "~" ? ", the same as " G[r] " within " st_delta("work_resp_p99_us", m(r, "resp99"), st_spec("work_resp_p99_us")) " us" : "")
		if (ng > 1) {
			rank(wl[w], T[r], "resp50", "latency (resp p50)", "%.1f us")
			if (hasenergy) {
				rank(wl[w], T[r], "energy", "energy", "%.4f J")
				rank(wl[w], T[r], "edp", "energy x latency", "%.4f J x ms")
			}
		}
		# the governors asked for that did not run, and why
		for (i = 1; i <= nc; i++) {
			c = cases[i]
			if (W[c] == wl[w] && !nrep[c] && C[c] == "none" && Q[c] == "none" && T[c] == T[r])
				printf "  governor %s: not in the comparison: %s\n", G[c], why[c]
		}
		for (i = 1; i <= nc; i++) {
			c = cases[i]
			if (W[c] != wl[w] || !nrep[c] || T[c] == T[r] || C[c] != "none" || Q[c] != "none" || G[c] != G[r]) continue
			printf "  table %s against %s: resp p50 %.1f vs %.1f us (%+.1f us)%s\n", T[r], T[c], m(r, "resp50"), m(c, "resp50"),
				m(r, "resp50") - m(c, "resp50"), say(r, c, "resp50")
		}
	}
	# the plots' data: one row per case
	f = plots "/cases.csv"
	printf "case,workload,resp_p50_us,resp_p99_us,wake_p50_us,added_ms,deep_pct,pkg_pct,energy_j,avg_w,efficiency_pct\n" > f
	for (i = 1; i <= nc; i++) {
		c = cases[i]; if (!nrep[c]) continue
		printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", T[c] "/" G[c] "/" C[c] "/" Q[c], W[c], m(c, "resp50"), m(c, "resp99"),
			m(c, "wake50"), m(c, "added"), m(c, "deep"), m(c, "pkg"), m(c, "energy"), m(c, "avgw"), m(c, "eff") > f
	}
	close(f)
	# residency per state of the workload's CPU, and the package, per workload
	for (w = 1; w <= nw; w++) {
		f = plots "/residency-" wl[w] ".csv"; hdr = 0
		for (i = 1; i <= nc; i++) {
			c = cases[i]; if (W[c] != wl[w] || !nrep[c]) continue
			if (!hdr) {
				printf "case" > f
				for (k = 1; k <= nst[c]; k++) printf ",%s", stname[c, k] > f
				print ",package" > f
				hdr = nst[c]
			}
			printf "%s", T[c] "/" G[c] "/" C[c] "/" Q[c] > f
			for (k = 1; k <= hdr; k++) printf ",%s", fmt(m(c, "res" k), "%.2f") > f
			print "," fmt(m(c, "pkg"), "%.2f") > f
		}
		close(f)
	}
}
