#!/bin/sh
# Fake sysfs trees: a 2x2x1 (4 CPUs, core and package domains) machine.
set -e
mk=$DATA/mktree.sh
$mk "$TMP/before" <"$DATA/basic-before.spec"
$mk "$TMP/after" <"$DATA/basic-after.spec"
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
