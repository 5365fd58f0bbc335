#!/bin/sh
# Fake sysfs trees: a 2x2x1 (4 CPUs, core and package domains) machine.
set -e
mk=$DATA/mktree.sh
$mk "$TMP/before" <"$DATA/basic-before.spec"
$mk "$TMP/after" <"$DATA/basic-after.spec"
# The same, with an energy model: the basic trees and their energy files.
# Over 1 s: CPUs 0.5, 0.4, 0.3, 0.2 J; cores 0.05, 0.06 J; package 1 J
# (total 2.51 J). CPU 0 idle 0.2 J, oracle 0.15 J (75%); CPU 3 finished no
# idle period (idle 0: efficiency "-"); package idle 0.8, oracle 0.2.
{ cat "$DATA/basic-before.spec"; cat <<EOT; } | $mk "$TMP/ebefore"
energy root 10000000
energy cpu0 1000000 100000 50000
energy cpu1 1000000 100000 100000
energy cpu2 1000000 0 0
energy cpu3 1000000 500 500
energy domains/core0 100000 1000 1000
energy domains/core1 100000 2000 1000
energy domains/package0 2000000 100000 0
EOT
{ cat "$DATA/basic-after.spec"; cat <<EOT; } | $mk "$TMP/eafter"
energy root 12510000
energy cpu0 1500000 300000 200000
energy cpu1 1400000 200000 190000
energy cpu2 1300000 100000 100000
energy cpu3 1200000 500 500
energy domains/core0 150000 41000 21000
energy domains/core1 160000 52000 51000
energy domains/package0 3000000 900000 300000
EOT
# The same, with genpd's above and below (OSI, issue 22) on the cores'
# C6 and the package's PC6; core1's before lacks them (a module reloaded
# in between: counted as not there, "-").
{ cat "$DATA/basic-before.spec"; cat <<EOT; } | $mk "$TMP/gbefore"
genpd core0 2 10 4
genpd package0 3 2 0
EOT
{ cat "$DATA/basic-after.spec"; cat <<EOT; } | $mk "$TMP/gafter"
genpd core0 2 25 7
genpd core1 2 3 3
genpd package0 3 9 1
EOT
# OSI mode: cpuidle shows the CPU-level states only (POLL, C1); the
# domain states C6 and PC6 are named by the domains' own directories.
osi() { awk '($1 == "cpuidle" || $1 == "pcpu") && $3 >= 2 { next } { print }'; }
{ osi <"$DATA/basic-before.spec"; echo "genpd core0 2 10 4"; } | $mk "$TMP/obefore"
{ osi <"$DATA/basic-after.spec"; echo "genpd core0 2 25 7"; } | $mk "$TMP/oafter"
# Each domain its own states (issue 37): core1's C6 is its own C6b, as a
# big cluster's state is its own; the column names both.
own() { osi | sed 's/^domain core1 core 2-3 2 C6 /domain core1 core 2-3 2 C6b /'; }
{ own <"$DATA/basic-before.spec"; echo "genpd core0 2 10 4"; } | $mk "$TMP/dbefore"
{ own <"$DATA/basic-after.spec"; echo "genpd core0 2 25 7"; } | $mk "$TMP/dafter"
$mk "$TMP/nomod" <<EOT
cpuidle 0 0 POLL 0 10 100 0 1
cpuidle 0 1 C1 2 20 200 1 2
cpuidle 0 2 haltpoll~idle 5 5 300 0 0
EOT
$mk "$TMP/nomod2" <<EOT
cpuidle 0 0 POLL 0 30 600 0 4
cpuidle 0 1 C1 2 70 900400 11 2
cpuidle 0 2 haltpoll~idle 5 9 500300 1 0
EOT
# 8 CPUs in core=0-1,..., cluster=0-3,4-7, package=0-7; two package states.
# Before: every counter 0 but cpu0's, which were reset (after < before
# counts as 0). After, 2 s later: values that vary by CPU and state.
awk -v phase=before -f "$DATA/multi.awk" | $mk "$TMP/multi-before"
awk -v phase=after -f "$DATA/multi.awk" | $mk "$TMP/multi-after"
# The same, with wake-source counters (drivers/pidle_wake.c): every CPU
# state's wake_SRC, above_SRC and below_SRC, every domain state's wake_SRC,
# and the root's wake_sources. Before: CPU c, state k, source number i:
# c+k+i; after: that plus (c+1)*(k+1)*(i+1)*10, its above a tenth and its
# below a twentieth of that (so 0 for small ones).
wake_files() {	# PHASE
	awk -v phase=$1 'BEGIN {
		print "file wake_sources exact:~wait=poll~reads~the~pending~vector"
		split("timer ipi device unknown aborted", src, " ")
		for (c = 0; c < 4; c++) for (k = 0; k < 4; k++) for (i = 1; i <= 5; i++) {
			n = c + k + i; d = (c + 1) * (k + 1) * (i + 1) * 10
			if (phase == "after") n += d
			printf "file cpu%d/state%d/wake_%s %d\n", c, k, src[i], n
			if (i == 5) continue
			printf "file cpu%d/state%d/above_%s %d\n", c, k, src[i], phase == "after" ? int(d / 10) : 0
			printf "file cpu%d/state%d/below_%s %d\n", c, k, src[i], phase == "after" ? int(d / 20) : 0
		}
		split("core0:2 core1:2 package0:3", dom, " ")
		for (j = 1; j <= 3; j++) for (i = 1; i <= 4; i++) {
			split(dom[j], p, ":")
			printf "file domains/%s/state%d/wake_%s %d\n", p[1], p[2], src[i], phase == "after" ? j * i * 7 : 0
		}
	}'
}
{ cat "$DATA/basic-before.spec"; wake_files before; } | $mk "$TMP/wbefore"
{ cat "$DATA/basic-after.spec"; wake_files after; } | $mk "$TMP/wafter"
# A table per CPU set (issue 24, Documentation/admin-guide.rst): CPUs 2-3
# are a second set, whose state 1 is C1-big; the columns are by index.
sets() { awk '$1 == "cpuidle" && $2 >= 2 && $3 == 1 { $4 = "C1-big" } { print }'; }
sets <"$DATA/basic-before.spec" | $mk "$TMP/sbefore"
sets <"$DATA/basic-after.spec" | $mk "$TMP/safter"
# Sets of different lengths (issue 37, msm8956's kinds): CPUs 2-3 have no
# C1, their cpuidle state1 is C6 and state2 PC6 (their driver's own
# indices, and pseudo_cpuidle's cpuN/stateK with them); columns past a
# CPU's table show "-", never 0.
lengths() { awk '($1 == "cpuidle" || $1 == "pcpu") && $2 >= 2 { if ($3 == 1) next; if ($3 > 1) $3 = $3 - 1 } { print }'; }
lengths <"$DATA/basic-before.spec" | $mk "$TMP/lbefore"
lengths <"$DATA/basic-after.spec" | $mk "$TMP/lafter"
# ... and at a domain level: core0 (CPUs 0-1) has a core retention CR
# (model state 1) besides C6, core1 (CPUs 2-3) C6 alone: core1's CR
# cells show "-", its JSON and CSV leave CR out.
{ lengths <"$DATA/basic-before.spec"; echo "domain core0 core 0-1 1 CR 10 50000000 1 0 1000000"; } | $mk "$TMP/dlbefore"
{ lengths <"$DATA/basic-after.spec"; echo "domain core0 core 0-1 1 CR 40 250000000 3 0 4000000"; } | $mk "$TMP/dlafter"
# Counters that are not numbers (issue 38): the basic after tree with
# cpu0's C1 time replaced; a sysfs counter is digits only.
bad_counter() {	# NAME VALUE
	cp -r "$TMP/after" "$TMP/$1"
	printf '%s\n' "$2" >"$TMP/$1/sys/devices/system/cpu/cpu0/cpuidle/state1/time"
}
bad_counter garbage garbage
bad_counter exponent 1e23
bad_counter negative -1
bad_counter overflow 18446744073709551616
bad_counter binary "$(printf 'x\001\033[31m')"
# The same in a module counter and an energy file.
cp -r "$TMP/after" "$TMP/badpcpu"
echo 12abc >"$TMP/badpcpu/sys/kernel/pseudo_cpuidle/cpu1/state2/demoted"
cp -r "$TMP/eafter" "$TMP/badenergy"
echo 0x10 >"$TMP/badenergy/sys/kernel/pseudo_cpuidle/energy_uj"
