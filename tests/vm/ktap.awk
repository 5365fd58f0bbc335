# SPDX-License-Identifier: GPL-2.0
#
# ktap.awk: check one guest run. Input: the KTAP log (top level: one
# result per scenario; each scenario a subtest indented by 4 spaces).
# Variables: kver, suite, qemu_rc, secs, con (the kernel console log).
#
# Counts leaf results (a scenario's own tests). A failure is also counted
# for: a scenario without a plan or with fewer/more results than planned, a
# scenario reported "not ok" by the init (timeout, splat, exit status)
# whose tests all passed, each planned scenario that never reported, a
# missing top-level plan, a guest that did not power off, and a kernel log
# with a splat ("kernel log clean" is itself a test). Prints the failures,
# a summary line, and last "N passed, N failed". Exit status 1 on failure.

function fail_extra(msg) {
	failed++
	problems = problems "\n  FAIL " msg
}

function end_scenario(name, top_ok, reason) {
	if (!in_sub && !top_ok && sub_n == 0) {
		fail_extra(name ": " reason)
		return
	}
	if (sub_plan < 0)
		fail_extra(name ": no plan (the scenario died or was killed)")
	else if (sub_plan != sub_n)
		fail_extra(name ": planned " sub_plan " results, got " sub_n)
	if (!top_ok && sub_fail == 0 && !(sub_plan < 0 || sub_plan != sub_n))
		fail_extra(name ": " reason)
	in_sub = 0; sub_n = 0; sub_fail = 0; sub_plan = -1
}

BEGIN {
	top_plan = -1; top_n = 0; passed = 0; failed = 0
	in_sub = 0; sub_n = 0; sub_fail = 0; sub_plan = -1
	problems = ""; cur = ""
}

{ sub(/\r$/, "") }

/^    / {
	line = substr($0, 5)
	in_sub = 1
	if (line ~ /^1\.\.[0-9]+$/) {
		sub_plan = substr(line, 4) + 0
	} else if (line ~ /^ok [0-9]+ /) {
		sub_n++
		if (line ~ /# *SKIP/) {
			failed++; sub_fail++
			problems = problems "\n  SKIP " cur_name_next() ": " line
		} else
			passed++
	} else if (line ~ /^not ok [0-9]+ /) {
		sub_n++; sub_fail++; failed++
		problems = problems "\n  FAIL " cur_name_next() ": " line
	}
	next
}

/^1\.\.[0-9]+$/ { top_plan = substr($0, 4) + 0; next }

/^(not )?ok [0-9]+ / {
	top_n++
	top_ok = ($1 == "ok")
	name = $0
	sub(/^(not )?ok [0-9]+ /, "", name)
	reason = name
	sub(/ #.*/, "", name)
	if (reason ~ / # /) sub(/^[^#]*# /, "", reason); else reason = "not ok"
	end_scenario(name, top_ok, reason)
	if (top_ok) scen_ok = scen_ok " " name; else scen_bad = scen_bad " " name
	next
}

function cur_name_next() { return "scenario " (top_n + 1) }

END {
	if (in_sub)
		fail_extra("scenario " (top_n + 1) ": no result (the guest died in it)")
	if (top_plan < 0)
		fail_extra("no KTAP plan from the guest (did it boot?)")
	else if (top_n < top_plan)
		fail_extra((top_plan - top_n) " of " top_plan " scenarios never reported")
	if (qemu_rc != 0)
		fail_extra("qemu exit status " qemu_rc (qemu_rc == 137 ? " (killed on timeout)" : ""))

	re = "BUG:|Oops|Call Trace|WARNING: CPU: [0-9]+ PID:|possible recursive locking|possible circular locking|inconsistent lock state|suspicious RCU usage|lockdep|general protection fault|Kernel panic|detected stalls|blocked for more than|UBSAN:|KASAN:"
	nsplat = 0
	while ((getline l < con) > 0) {
		sub(/\r$/, "", l)
		if (l ~ re) {
			if (nsplat < 8) splat = splat "\n    " l
			nsplat++
		}
	}
	close(con)
	if (nsplat) {
		failed++
		problems = problems "\n  FAIL kernel log clean: " nsplat " splat line(s) in " con splat
	} else
		passed++

	printf "%s %s: %d passed, %d failed, %d of %d scenarios ok, %ds%s\n",
		kver, suite, passed, failed, top_n - split(scen_bad, x, " "),
		top_plan < 0 ? top_n : top_plan, secs, problems
	if (scen_bad != "") print "  failing scenarios:" scen_bad
	print passed " passed, " failed " failed"
	exit failed > 0
}
