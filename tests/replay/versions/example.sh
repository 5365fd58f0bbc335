#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# example.sh [BUILD]: Documentation/pidle-replay-versions.rst's example,
# the command and what it prints. make docs-versions-example writes it to
# Documentation/pidle-replay-versions.example, which the page includes;
# tests/replay/versions/run.sh checks that the file is still what it
# prints.
cd "$(dirname "$0")/../../.." || exit 1
set -- "${1:-build}"
args='-g teo
    -s POLL:0:0:cpu:4000,C1:2:2:cpu:1500:5,C6:100:400:cpu:200:500,PC6:133:600:package:1000:3000
    -T package=0-1 --power cpu:4000,package:6000
    tests/replay/guest-teo.trace base patch:ab/examples/teo-intercepts-quarter.patch'
echo "\$ tools/replay/pidle-gov-diff $args" | sed 's/$/ \\/; $s/ \\$//'
# as shown, with the build directory added (split on blanks)
# shellcheck disable=SC2086
tools/replay/pidle-gov-diff -b "$1" $args
st=$?
echo "\$ echo \$?"
echo $st
