#!/bin/sh
# Fake sysfs trees: a 2x2x1 (4 CPUs, core and package domains) machine.
set -e
mk=$DATA/mktree.sh
$mk "$TMP/before" <"$DATA/basic-before.spec"
$mk "$TMP/after" <"$DATA/basic-after.spec"
$mk "$TMP/nomod" <<EOT
cpuidle 0 0 POLL 0 10 100 0 1
cpuidle 0 1 C1 2 20 200 1 2
EOT
$mk "$TMP/nomod2" <<EOT
cpuidle 0 0 POLL 0 30 600 0 4
cpuidle 0 1 C1 2 70 900400 11 2
EOT
