# SPDX-License-Identifier: GPL-2.0
# parse.awk: an experiment file (Documentation/experiments.rst) into its
# cells, one tab-separated line each, after a header line:
#   id kernel repeat table governor change qos workload states topology
#   wait x x_states enable disable dma_us resume_us run power mode
#   domain_gov
# and the experiment's settings as "#set KEY VALUE" lines first, then its
# [compare] lines as "#compare REGEX DELTA" (ab/stats.awk), in file order,
# each workload's expect line as "#expect WORKLOAD TERMS" and its figure
# line as "#figure WORKLOAD COLUMN".
# Every error is "FILE:LINE: what is wrong" on stderr, and exit status 1.
# Usage: awk [-v kernels="NAME..."] -f parse.awk FILE.exp
# (kernels, when given, replaces the file's kernels: run.sh -k)
#
# DOC: the matrix
# Each [matrix NAME] section crosses the axes it names (table, governor,
# change, qos, workload) with the [defaults] of those it does not, and
# the experiment's kernels and repeats; the cells of all matrices are
# merged, a cell that two matrices both produce kept once. "@subsets A B
# C" as a change makes one change per non-empty subset of the states
# named, enabling only those: the coverage experiment.

function err(msg) {
	if (FNR) printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	else printf "%s: %s\n", FILENAME, msg > "/dev/stderr"
	bad = 1
	exit 1
}

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

function known(list, word) { return index(" " list " ", " " word " ") > 0 }

function need_uint(key, v, lo, hi) {
	if (v !~ /^[0-9]+$/ || v + 0 < lo || v + 0 > hi)
		err(sprintf("%s = %s: want a whole number from %d to %d", key, v, lo, hi))
}

# which keys each kind of section takes
BEGIN {
	keys["experiment"] = "title kernels smp icount repeats first_seed timeout"
	keys["defaults"] = "table governor change qos workload"
	keys["matrix"] = keys["defaults"]
	keys["table"] = "states topology wait power domain_policy mode domain_gov"
	keys["change"] = "residency_x states disable enable"
	keys["qos"] = "cpu_dma_latency_us resume_latency_us"
	keys["workload"] = "run expect figure"
	# [compare]: FIGURE_REGEX = DELTA, free keys (checked below)
	keys["compare"] = "*"
	named = " table change qos workload matrix "
	kernels_ok = "6.1 6.1-rt 6.12 6.12-rt eval debug user"
	governors_ok = "menu ladder teo haltpoll"
	programs_ok = "pidle-irqwork pidle-work pidle-pingpong pidle-wakeload pidle-ring fio hackbench rt-app sleep"
	set["title"] = ""; set["smp"] = "8,sockets=2,cores=2,threads=2"
	set["icount"] = "2"; set["repeats"] = "1"; set["timeout"] = "600"
	set["first_seed"] = "1"
	def["change", "none"] = 1; def["qos", "none"] = 1
}

{ sub(/\r$/, ""); line = $0; sub(/(^|[ \t])#.*$/, "", line); line = trim(line) }
line == "" { next }

line ~ /^\[/ {
	if (line !~ /^\[[a-z]+( [A-Za-z0-9_.+-]+)?\]$/)
		err("bad section header '" line "': want [KIND] or [KIND NAME], NAME of letters, digits and _ . + -")
	hdr = substr(line, 2, length(line) - 2)
	kind = hdr; name = ""
	if (index(hdr, " ")) { kind = substr(hdr, 1, index(hdr, " ") - 1); name = substr(hdr, index(hdr, " ") + 1) }
	if (!(kind in keys))
		err("unknown section [" kind "]: want experiment, defaults, table, change, qos, workload, compare or matrix")
	if (known(named, kind) && name == "") err("[" kind "] needs a name: [" kind " NAME]")
	if (!known(named, kind) && name != "") err("[" kind "] takes no name")
	if (name == "none") err("'none' is built in, not a name to define")
	if ((kind, name) in seen) err("[" hdr "] defined twice (first at line " seen[kind, name] ")")
	seen[kind, name] = FNR
	if (kind == "matrix") mat[++nmat] = name
	else if (name != "") { def[kind, name] = 1; defline[kind, name] = FNR }
	next
}

{
	if (kind == "") err("'" line "' before any [section]")
	eq = index(line, "=")
	if (!eq) err("'" line "': want KEY = VALUE")
	key = trim(substr(line, 1, eq - 1)); val = trim(substr(line, eq + 1))
	if (kind == "compare") {
		# the smallest difference that matters (ab/stats.awk)
		if (key !~ /^[][A-Za-z0-9_.*+?|()^$-]+$/)
			err("[compare] key '" key "': want a figure name or a regular expression of one (letters, digits, _ . * + ? | ( ) [ ] - ^ $)")
		if (val !~ /^[0-9]+(\.[0-9]+)?(%( min [0-9]+(\.[0-9]+)?)?)?$/)
			err(key " = " val ": want the smallest difference that matters, a number in the figure's unit, N% of side A's median, or N% min M (at least M)")
		if ((kind, name, key) in val_of) err(key " given twice in [" hdr "]")
		val_of[kind, name, key] = val; cmp[++ncmp] = key "\t" val
		next
	}
	if (!known(keys[kind], key))
		err("[" kind "] has no key '" key "' (it takes: " keys[kind] ")")
	if (val == "") err(key " has no value")
	if (index(val, "'") || index(val, "\t")) err(key " = " val ": no quote or tab allowed")
	if ((kind, name, key) in val_of) err(key " given twice in [" hdr "]")
	val_of[kind, name, key] = val; at[kind, name, key] = FNR
	if (kind == "experiment") {
		if (key == "kernels")
			for (i = split(val, w, " "); i > 0; i--)
				if (!known(kernels_ok, w[i]))
					err("kernel '" w[i] "': want one of " kernels_ok " (user: KERNEL= and KDIR=)")
		if (key == "repeats") need_uint(key, val, 1, 1000)
		if (key == "first_seed") need_uint(key, val, 1, 1000000)
		if (key == "timeout") need_uint(key, val, 10, 86400)
		if (key == "icount" && val != "off") need_uint(key, val, 0, 10)
		if (key == "smp" && val !~ /^[0-9]+(,[a-z]+=[0-9]+)*$/)
			err("smp = " val ": want QEMU's -smp, e.g. 8,sockets=2,cores=2,threads=2")
		set[key] = val
	} else if (kind == "table") {
		if (key == "wait" && !known("halt poll", val)) err("wait = " val ": want halt or poll")
		if (key == "states" && val ~ / /) err("states = " val ": a preset name or one states= string, no spaces")
		if (key == "topology" && val ~ / /) err("topology = " val ": auto or one topology= string, no spaces")
		if (key == "power" && val !~ /^[a-z]+:[0-9]+(,[a-z]+:[0-9]+)*$/ &&
		    val !~ /^[0-9,-]+=([a-z]+:[0-9]+(,[a-z]+:[0-9]+)*|none)(;[0-9,-]+=([a-z]+:[0-9]+(,[a-z]+:[0-9]+)*|none))+$/)
			err("power = " val ": want the module's power= string, LEVEL:MW,... (e.g. cpu:4000,core:1500,package:9000) or one per CPU set of states, CPUS=LEVEL:MW,...;CPUS=...")
		if (key == "mode" && !known("pc osi", val)) err("mode = " val ": want pc or osi")
		if (key == "domain_gov" && val !~ /^[a-z0-9._-]+(:[a-z0-9._-]+)?(,[A-Za-z0-9._-]+:[a-z0-9._-]+)*$/)
			err("domain_gov = " val ": want the module's domain_gov= string: NAME, LEVEL:NAME,... or NAME,LEVEL:NAME,...")
	} else if (kind == "change") {
		if (key == "residency_x" && val !~ /^[0-9]+(\.[0-9]+)?$/)
			err("residency_x = " val ": want a factor, e.g. 3 or 1.5")
	} else if (kind == "qos") {
		need_uint(key, val, 0, 2000000000)
	} else if (kind == "workload" && key == "expect") {
		# NAME:SOURCE:PCT ...: SOURCE ended at least PCT % of NAME's
		# idle (a CPU) or down (a domain) periods, in every repeat
		for (i = split(val, w, " "); i > 0; i--)
			if (w[i] !~ /^[a-z]+[0-9]+:(timer|ipi|device|unknown):[0-9]+$/ || substr(w[i], match(w[i], /:[0-9]+$/) + 1) + 0 > 100)
				err("expect = " val ": '" w[i] "': want NAME:SOURCE:PERCENT, e.g. cpu1:timer:90 (NAME a CPU, cpuN, or a domain as pidle-stat names it, e.g. core1; SOURCE timer, ipi, device or unknown; PERCENT 0 to 100)")
	} else if (kind == "workload" && key == "figure") {
		# the workload's own figure: a column of the results (work_*
		# from its CSV, or pidle-stat's, e.g. energy_j)
		if (val !~ /^[a-z][a-z0-9_]*$/)
			err("figure = " val ": want one column of the results, e.g. work_iops or energy_j")
	} else if (kind == "workload") {
		split(val, w, " ")
		if (!known(programs_ok, w[1])) err("run = " val ": the program must be one of " programs_ok)
		if (val ~ /[;&|<>`$\\"]/) err("run = " val ": plain arguments only, no shell syntax")
		# rt-app NAME CPU: experiments/rt-app/NAME.json, beside this file
		if (w[1] == "rt-app") {
			if (split(val, w, " ") != 3 || w[2] !~ /^[A-Za-z0-9_-]+$/ || w[3] !~ /^[0-9]+$/)
				err("run = " val ": want rt-app NAME CPU (experiments/rt-app/NAME.json, the report's CPU)")
			rta = ENVIRON["PIDLE_EXP_DIR"] "/rt-app/" w[2] ".json"
			if (ENVIRON["PIDLE_EXP_DIR"] != "" && (getline rtl < rta) < 0)
				err("run = " val ": no " rta)
			close(rta)
		}
	} else if (key == "governor") {
		for (i = split(val, w, " "); i > 0; i--)
			if (!known(governors_ok, w[i])) err("governor '" w[i] "': want one of " governors_ok)
	}
}

# the values of axis AX in matrix M (its own, or the defaults'), into out[]
function axis(m, ax, out,    v, n, i, w, k, sub_, j, nm, en) {
	if (("matrix", m, ax) in val_of) { v = val_of["matrix", m, ax]; ln = at["matrix", m, ax] }
	else if (("defaults", "", ax) in val_of) { v = val_of["defaults", "", ax]; ln = at["defaults", "", ax] }
	else { FNR = seen["matrix", m]; err("[matrix " m "] has no " ax " and [defaults] gives none") }
	if (ax == "change" && v ~ /^@subsets /) {
		n = split(substr(v, 10), w, " ")
		if (n < 1 || n > 10) { FNR = ln; err("@subsets takes 1 to 10 state names") }
		k = 0
		for (sub_ = 1; sub_ < 2 ^ n; sub_++) {
			nm = "only"; en = ""
			for (j = 1; j <= n; j++)
				if (int(sub_ / 2 ^ (j - 1)) % 2) { nm = nm "-" w[j]; en = en (en == "" ? "" : " ") w[j] }
			out[++k] = nm
			def["change", nm] = 1; val_of["change", nm, "enable"] = en
		}
		return k
	}
	if (v ~ /@/) { FNR = ln; err(ax " = " v ": only a change takes @subsets") }
	n = split(v, out, " ")
	for (i = 1; i <= n; i++)
		if (ax != "governor" && !((ax, out[i]) in def)) {
			FNR = ln; err(ax " '" out[i] "' is not defined: no [" ax " " out[i] "] section")
		}
	return n
}

function get(kind, name, key, dflt) { return ((kind, name, key) in val_of) ? val_of[kind, name, key] : dflt }

END {
	if (bad) exit 1
	FNR = 0
	if (kernels != "") {
		for (i = split(kernels, w, " "); i > 0; i--)
			if (!known(kernels_ok, w[i])) err("-k: kernel '" w[i] "': want one of " kernels_ok)
		set["kernels"] = kernels
	}
	if (!(("experiment", "") in seen)) err("no [experiment] section")
	if (!("kernels" in set)) { FNR = seen["experiment", ""]; err("[experiment] has no kernels") }
	if (!nmat) err("no [matrix NAME] section: nothing to run")
	for (t in def) {
		split(t, p, SUBSEP)
		if (p[1] == "table" && !((p[1], p[2], "states") in val_of)) { FNR = defline[p[1], p[2]]; err("[table " p[2] "] has no states") }
		if (p[1] == "workload" && !((p[1], p[2], "run") in val_of)) { FNR = defline[p[1], p[2]]; err("[workload " p[2] "] has no run") }
		if (p[1] == "qos" && ((p[1], p[2], "cpu_dma_latency_us") in val_of) && ((p[1], p[2], "resume_latency_us") in val_of)) {
			FNR = defline[p[1], p[2]]; err("[qos " p[2] "] gives both cpu_dma_latency_us and resume_latency_us: one per qos")
		}
		if (p[1] == "qos" && p[2] != "none" && !((p[1], p[2], "cpu_dma_latency_us") in val_of) && !((p[1], p[2], "resume_latency_us") in val_of)) {
			FNR = defline[p[1], p[2]]; err("[qos " p[2] "] sets nothing")
		}
	}
	for (k in set) printf "#set\t%s\t%s\n", k, set[k]
	for (k = 1; k <= ncmp; k++) printf "#compare\t%s\n", cmp[k]
	for (t in val_of) {
		split(t, p, SUBSEP)
		if (p[1] == "workload" && p[3] == "expect") printf "#expect\t%s\t%s\n", p[2], val_of[t]
		if (p[1] == "workload" && p[3] == "figure") printf "#figure\t%s\t%s\n", p[2], val_of[t]
	}
	print "id\tkernel\trepeat\ttable\tgovernor\tchange\tqos\tworkload\tstates\ttopology\twait\tx\tx_states\tenable\tdisable\tdma_us\tresume_us\trun\tpower\tmode\tdomain_gov"
	nk = split(set["kernels"], K, " ")
	for (m = 1; m <= nmat; m++) {
		nt = axis(mat[m], "table", T); ng = axis(mat[m], "governor", G)
		nc = axis(mat[m], "change", C); nq = axis(mat[m], "qos", Q)
		nw = axis(mat[m], "workload", W)
		for (r = 1; r <= set["repeats"] + 0; r++) for (a = 1; a <= nk; a++)
		for (i = 1; i <= nt; i++) for (g = 1; g <= ng; g++) for (c = 1; c <= nc; c++)
		for (q = 1; q <= nq; q++) for (wi = 1; wi <= nw; wi++) {
			id = K[a] "/" T[i] "/" G[g] "/" C[c] "/" Q[q] "/" W[wi] "/r" r
			if (id in done) continue
			done[id] = 1
			printf "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s", id, K[a], r, T[i], G[g], C[c], Q[q], W[wi]
			printf "\t%s\t%s\t%s", get("table", T[i], "states"), get("table", T[i], "topology", "auto"), get("table", T[i], "wait", "halt")
			printf "\t%s\t%s\t%s\t%s", get("change", C[c], "residency_x", "1"), get("change", C[c], "states", "-"), get("change", C[c], "enable", "-"), get("change", C[c], "disable", "-")
			printf "\t%s\t%s\t%s", get("qos", Q[q], "cpu_dma_latency_us", "-"), get("qos", Q[q], "resume_latency_us", "-"), get("workload", W[wi], "run")
			printf "\t%s\t%s\t%s\n", get("table", T[i], "power", "-"), get("table", T[i], "mode", "pc"), get("table", T[i], "domain_gov", "-")
		}
	}
}
