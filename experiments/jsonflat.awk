# SPDX-License-Identifier: GPL-2.0
# jsonflat.awk: pidle-stat's JSON (one object a line) as named figures,
# "NAME<TAB>VALUE" lines, numbers and strings alike:
#   elapsed_s, governor, busy_pct          the run and the summary
#   NAME_FIELD                             the summary of each state
#                                          (POLL_usage, C6_residency_pct)
#   cpuN_busy_pct, cpuN_NAME_FIELD         each CPU
#   LEVEL_NAME_FIELD                       each level's summary (package_PC6_usage)
#   LEVELi_NAME_FIELD                      each domain (package1_PC6_usage)
#   energy_F, summary_energy_F, cpuN_energy_F, LEVEL_energy_F,
#   LEVELi_energy_F                        the "energy" objects (F: j,
#                                          avg_w, idle_j, oracle_j, ...)
#   idles, idle_above, idle_below,         linux-pm's table: the CPU
#   idle_miss_ratio                        states' entries, those cpuidle
#                                          counts above (too deep) and below
#                                          (too shallow), (above + below) /
#                                          idles; the misses only from a
#                                          pidle-stat that gives them
# Fields are taken as they come, so a counter pidle-stat gains becomes a
# figure with no change here; null values are left out. Only the last
# line is read.
# Usage: awk -f jsonflat.awk FILE.json

# a generic walk: path components joined by ".", array items by index
function walk(path,    c, key, i, v) {
	c = substr(s, p, 1)
	if (c == "") { print "jsonflat: truncated JSON" > "/dev/stderr"; bad = 1; exit 1 }
	if (c == "{") {
		p++
		while (substr(s, p, 1) != "}") {
			if (substr(s, p, 1) == ",") p++
			key = str()
			p++	# the ':'
			walk(path == "" ? key : path "." key)
		}
		p++
	} else if (c == "[") {
		p++; i = 0
		while (substr(s, p, 1) != "]") {
			if (substr(s, p, 1) == ",") p++
			walk(path "." i++)
		}
		p++
	} else if (c == "\"") {
		leaf(path, str())
	} else {
		v = ""
		while ((c = substr(s, p, 1)) != "," && c != "}" && c != "]" && c != "") { v = v c; p++ }
		leaf(path, v)
	}
}

function str(    v, c) {
	p++; v = ""
	while ((c = substr(s, p, 1)) != "\"") {
		if (c == "") { print "jsonflat: truncated JSON" > "/dev/stderr"; bad = 1; exit 1 }
		if (c == "\\") { p++; c = substr(s, p, 1) }
		v = v c; p++
	}
	p++
	return v
}

function leaf(path, v) { val[path] = v; order[++n] = path }

{ line = $0 }

END {
	if (bad) exit 1
	s = line; p = 1; n = 0
	if (s == "") exit 1
	walk("")
	for (i = 1; i <= n; i++) {
		k = order[i]; v = val[k]; np = split(k, P, ".")
		if (val[k] == "null") continue
		if (np == 1) {
			if (k ~ /^(elapsed_s|governor)$/ || v ~ /^-?[0-9.]+$/) name = k
			else continue
		} else if (P[np - 1] == "energy" && np <= 5) {
			# the energy object of the machine, the summary, a CPU, a level, a domain
			if (np == 2) name = "energy_" P[2]
			else if (P[1] == "summary") name = "summary_energy_" P[3]
			else if (P[1] == "cpus") name = "cpu" val["cpus." P[2] ".cpu"] "_energy_" P[4]
			else if (P[3] == "summary") name = val["levels." P[2] ".level"] "_energy_" P[5]
			else continue
		} else if (P[1] == "levels" && P[3] == "domains" && P[5] == "energy" && np == 6) {
			pre = "levels." P[2] ".domains." P[4]
			name = val["levels." P[2] ".level"] val[pre ".domain"] "_energy_" P[6]
		} else if (P[1] == "summary" && np == 2) {
			if (P[2] == "cpus") continue
			name = P[2]
		} else if (P[1] == "summary" && P[2] == "states" && np == 4) {
			if (P[4] ~ /^(state|name)$/) continue
			name = val["summary.states." P[3] ".name"] "_" P[4]
			# cpuidle's above and below: what cpu_idle_miss counts
			if (P[4] == "usage") idles += v
			if (P[4] == "above") { above += v; nmiss++ }
			if (P[4] == "below") below += v
		} else if (P[1] == "cpus" && np == 3) {
			if (P[3] != "busy_pct") continue
			name = "cpu" val["cpus." P[2] ".cpu"] "_" P[3]
		} else if (P[1] == "cpus" && P[3] == "states" && np == 5) {
			if (P[5] ~ /^(state|name)$/) continue
			name = "cpu" val["cpus." P[2] ".cpu"] "_" val["cpus." P[2] ".states." P[4] ".name"] "_" P[5]
		} else if (P[1] == "levels" && P[3] == "summary" && P[4] == "states" && np == 6) {
			if (P[6] ~ /^(state|name)$/) continue
			name = val["levels." P[2] ".level"] "_" val[k0 = "levels." P[2] ".summary.states." P[5] ".name"] "_" P[6]
		} else if (P[1] == "levels" && P[3] == "domains" && P[5] == "states" && np == 7) {
			if (P[7] ~ /^(state|name)$/) continue
			pre = "levels." P[2] ".domains." P[4]
			name = val["levels." P[2] ".level"] val[pre ".domain"] "_" val[pre ".states." P[6] ".name"] "_" P[7]
		} else continue
		printf "%s\t%s\n", name, v
	}
	if (idles == "") exit 0
	printf "idles\t%d\n", idles
	if (!nmiss) exit 0
	printf "idle_above\t%d\nidle_below\t%d\n", above, below
	printf "idle_miss_ratio\t%.4f\n", idles ? (above + below) / idles : 0
}
