# SPDX-License-Identifier: GPL-2.0
# table.awk: the demo's comparison table, from the guest's serial log.
#
# Reads the "# demo: KEY VALUE" lines and the CSV blocks between
# "# demo: begin NAME" and "# demo: end NAME" that demo/guest/demo.sh
# prints: "stat GOV" (pidle-stat --csv over the workload), "work GOV"
# (pidle-work's latencies) and "bench" (pidle-bench --csv). Columns are
# found by their header names, so added columns do not matter; pidle-stat's
# own summary rows (id "all") are skipped and every figure is computed here
# from the per-CPU and per-domain rows:
#   residency %      mean over the CPUs (or the level's domains)
#   entries, down    summed
#   too deep/shallow weighted by entries: sum(pct * usage) / sum(usage)
#   latency paid     summed, milliseconds
# Usage: awk -v kernel=KVER -v smp=SMP [-v missing=TEXT] -f table.awk LOG

function csvsplit(line, f,    n, i, c, q, cur) {
	n = 0; cur = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"") {
				if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ }
				else q = 0
			} else cur = cur c
		} else if (c == "\"") q = 1
		else if (c == ",") { f[++n] = cur; cur = "" }
		else cur = cur c
	}
	f[++n] = cur
	return n
}

# the value of column NAME in the current row, "" when there is none
function col(name) { return (name in hdr) ? fld[hdr[name]] : "" }

function addgov(g,    i) {
	for (i = 1; i <= ngov; i++) if (gov[i] == g) return
	gov[++ngov] = g
}

function num(x) { return x == "" ? 0 : x + 0 }

# one table row: LABEL, then arr[GOV, KEY] (arr[GOV] when KEY is "") for
# each governor, in FMT; "-" where there is no value
function row(label, arr, key, fmt,    i, s, k) {
	s = sprintf("  %-32s", label)
	for (i = 1; i <= ngov; i++) {
		k = key == "" ? gov[i] : gov[i] SUBSEP key
		s = s sprintf("%12s", (k in arr) ? sprintf(fmt, arr[k]) : "-")
	}
	print s
}

function wavg(sum, w, k) { return (w[k] > 0) ? sum[k] / w[k] : "" }

BEGIN { block = "" }

{ sub(/\r$/, "") }

/^# demo: begin / {
	block = substr($0, 15); split(block, bw, " ")
	kind = bw[1]; g = bw[2]; nhdr = 0
	delete hdr
	if (kind == "stat" || kind == "work") addgov(g)
	next
}
/^# demo: end / { block = ""; next }
/^# demo: / {
	key = $3; val = $0; sub(/^# demo: [^ ]* /, "", val)
	info[key] = val
	if (key == "topology") {	# its level names tell domain rows apart
		levels = val; gsub(/=[^;]*/, "", levels); gsub(/;/, " ", levels)
	}
	next
}

block != "" {
	n = csvsplit($0, fld)
	if (!nhdr) {
		for (i = 1; i <= n; i++) hdr[fld[i]] = i
		nhdr = n
		next
	}
	if (kind == "stat") {
		scope = col("scope"); id = col("id"); st = col("state") + 0
		if (id == "all" || id == "") next
		if (col("elapsed_s") != "") elapsed[g] = col("elapsed_s") + 0
		u = num(col("usage"))
		if (scope == "cpu") {
			if (!((g, id) in seencpu)) { seencpu[g, id] = 1; ncpu[g]++ }
			cname[st] = col("name"); if (st > maxst) maxst = st
			k = g SUBSEP st
			cres[k] += num(col("residency_pct"))
			cuse[k] += u
			cdeep[k] += num(col("too_deep_pct")) * u
			cshal[k] += num(col("too_shallow_pct")) * u
			if (col("busy_pct") != "") { busy[g] += col("busy_pct"); hasbusy = 1 }
		} else if (index(" " levels " ", " " scope " ")) {
			dk = scope SUBSEP st
			if (!(dk in dname)) { dname[dk] = col("name"); dorder[++ndom] = dk }
			k = g SUBSEP dk
			dcount[k]++
			dres[k] += num(col("residency_pct"))
			duse[k] += u
			ddeep[k] += num(col("too_deep_pct")) * u
			dlat[k] += num(col("latency_paid_us")) / 1000
		}
	} else if (kind == "work") {
		if (col("cpu") == "all") {
			wmed[g] = col("median_us"); wp99[g] = col("p99_us")
			wmax[g] = col("max_us"); wn[g] = col("sleeps")
		}
	} else if (kind == "bench") {
		st = col("state"); t = col("test")
		if (!(st in bname)) { border[++nb] = st; bname[st] = col("name") }
		blat[st] = col("exit_latency_us")
		bmed[st, t] = col("median_us"); bp99[st, t] = col("p99_us")
		btest[t] = 1
	}
	next
}

END {
	if (!ngov) { print "table.awk: no '# demo: begin stat' block in the log" > "/dev/stderr"; exit 1 }
	print "pseudo-cpuidle governor comparison"
	printf "  kernel    %s, QEMU TCG -smp %s\n", kernel, smp
	printf "  module    %s\n", info["params"]
	printf "  topology  %s (in force)\n", info["topology"]
	printf "  workload  %s\n", info["workload"]
	if (missing != "") printf "  not run   %s\n", missing
	print ""
	s = sprintf("  %-32s", "")
	for (i = 1; i <= ngov; i++) s = s sprintf("%12s", gov[i])
	print s
	for (i = 1; i <= ngov; i++) {
		g = gov[i]; el[g] = elapsed[g]
		if (hasbusy && ncpu[g]) bz[g] = busy[g] / ncpu[g] / (maxst + 1)
	}
	row("run time, s (pidle-stat)", el, "", "%.1f")
	print ""
	printf "  CPU states, as the governor requested them (%d CPUs; residency: mean per CPU)\n", ncpu[gov[1]]
	if (hasbusy) row("busy %", bz, "", "%.2f")
	for (st = 0; st <= maxst; st++) {
		for (i = 1; i <= ngov; i++) {
			g = gov[i]; k = g SUBSEP st
			if (ncpu[g]) r[g SUBSEP st] = cres[k] / ncpu[g]
			e[k] = cuse[k]
			v = wavg(cdeep, cuse, k); if (v != "") td[k] = v
			v = wavg(cshal, cuse, k); if (v != "") ts[k] = v
		}
		row(sprintf("%-6s residency %%", cname[st]), r, st, "%.2f")
		row("       entries", e, st, "%d")
		row("       too deep %", td, st, "%.2f")
		row("       too shallow %", ts, st, "%.2f")
	}
	print ""
	print "  Domains (achieved: every CPU of the domain idle that deep)"
	for (j = 1; j <= ndom; j++) {
		dk = dorder[j]; split(dk, p, SUBSEP)
		for (i = 1; i <= ngov; i++) {
			g = gov[i]; k = g SUBSEP dk
			if (dcount[k]) dr[k] = dres[k] / dcount[k]
			du[k] = duse[k]
			v = wavg(ddeep, duse, k); if (v != "") dd[k] = v
			dl[k] = dlat[k]
		}
		row(sprintf("%s %s residency %%", p[1], dname[dk]), dr, dk, "%.2f")
		row("       down periods", du, dk, "%d")
		row("       too deep %", dd, dk, "%.2f")
		row("       latency paid, ms", dl, dk, "%.1f")
	}
	print ""
	print "  Timer wake-up latency of the workload, us (deadline to running)"
	row("sleeps", wn, "", "%d")
	row("median", wmed, "", "%.1f")
	row("p99", wp99, "", "%.1f")
	row("max", wmax, "", "%.1f")
	if (nb) {
		print ""
		print "  Each state alone (pidle-bench, CPU 1; the governor has no choice), us"
		s = sprintf("  %-32s%12s", "state", "exit lat.")
		if ("timer" in btest) s = s sprintf("%12s%12s", "timer med", "timer p99")
		if ("ipi" in btest) s = s sprintf("%12s%12s", "ipi med", "ipi p99")
		print s
		for (j = 1; j <= nb; j++) {
			st = border[j]
			s = sprintf("  %-32s%12s", bname[st], blat[st])
			if ("timer" in btest) s = s sprintf("%12s%12s", bmed[st, "timer"], bp99[st, "timer"])
			if ("ipi" in btest) s = s sprintf("%12s%12s", bmed[st, "ipi"], bp99[st, "ipi"])
			print s
		}
	}
}
