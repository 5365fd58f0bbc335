# idlestat-expect.awk: from a tracefs recording (tests/replay/guest-*.trace),
# the periods after the governor-reset mark priced two ways, for
# tests/replay/idlestat.sh. Each CPU's state i costs core[i] mW and the
# package cl[i] mW while every CPU is idle and the shallowest is i
# (-v core="P0 P1 ..." cl="P0 P1 ...", mW; the result in mJ):
#   spans: each CPU from its cpu_idle entry to its exit event, and the
#     package while both CPUs are inside such spans -- idlestat's
#     accounting (an exit with no entry, a span still open at the end:
#     not counted, as idlestat does);
#   module: each CPU's idle_ns of its pidle_exit events, the package's
#     residency_ns of its pidle_domain_up events (state cl_state) --
#     pidle-replay's (the model's) accounting.
# Prints "spans_mj N cpu_ms N pkg_ms N hits N" and
# "module_mj N cpu_ms N pkg_ms N downs N".
function cpu_of(   s) { match($0, /\[[0-9]+\]/); return substr($0, RSTART + 1, RLENGTH - 2) + 0 }
function ts(   t) { t = $0; sub(/.*\] +[^ ]+ +/, "", t); return t + 0 }
function field(name,   i, a) { for (i = 1; i <= NF; i++) if (index($i, name "=") == 1) { split($i, a, "="); return a[2] } return "" }
# the cluster's state: the shallowest of the CPUs' when every CPU is idle, else -1
function cluster(   c, m) { m = 1e9; for (c = 0; c < ncpu; c++) { if (!(c in st)) return -1; if (st[c] < m) m = st[c] } return m }
BEGIN { nc = split(core, CORE, " "); split(cl, CL, " "); ncpu = ncpu ? ncpu : 2; clst = -1 }
/tracing_mark_write: pidle-replay: governor reset/ { on = 1; next }
!on { next }
/ cpu_idle: / {
	c = cpu_of(); t = ts(); s = field("state")
	# close the cluster interval up to now
	if (clst >= 0) { cl_e += (t - clt) * CL[clst + 1]; if (clst == nc - 1) cl_ms += (t - clt) * 1000 }
	if (s == 4294967295) {
		if (c in st) { cpu_e += (t - t0[c]) * CORE[st[c] + 1]; cpu_ms += (t - t0[c]) * 1000; delete st[c] }
	} else {
		st[c] = s; t0[c] = t; hits++
	}
	n = cluster()
	if (n >= 0 && clst < 0 && n == nc - 1) pkg_hits++
	clst = n; clt = t
	next
}
/ pidle_exit: / {
	a = field("achieved"); i = field("idle_ns")
	# a CPU in a package state draws its fallback CPU-level state's power:
	# core[] gives it for that index already
	m_cpu_e += i / 1e9 * CORE[a + 1]; m_cpu_ms += i / 1e6
}
/ pidle_domain_up: / {
	r = field("residency_ns"); d = field("state")
	m_pkg_e += r / 1e9 * CL[d + 1]; m_pkg_ms += r / 1e6; downs++
}
END {
	printf "spans_mj %.6f cpu_ms %.3f pkg_ms %.3f hits %d\n", cpu_e + cl_e, cpu_ms, cl_ms, hits
	printf "module_mj %.6f cpu_ms %.3f pkg_ms %.3f downs %d\n", m_cpu_e + m_pkg_e, m_cpu_ms, m_pkg_ms, downs
}
