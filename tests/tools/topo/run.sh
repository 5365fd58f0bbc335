#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Golden tests of pidle-topo: run it on synthetic topologies, on hwloc XML
# fixtures, with each preset, on bad input and against a fake sysfs, and
# diff -u what it prints (stdout, stderr, exit status) against expected/.
#
# Usage: run.sh [--update | --remake-fixtures] [PIDLE_TOPO]
#   --update           rewrite expected/ from the current output (review
#                      the git diff before committing it)
#   --remake-fixtures  regenerate fixtures/*.xml with lstopo-no-graphics
# Prints one line per test and, last, "N passed, N failed".

set -u
mode=check
case "${1:-}" in
--update)		mode=update; shift ;;
--remake-fixtures)	mode=remake; shift ;;
esac

here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-build/pidle-topo}
case "$bin" in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ ! -x "$bin" ]; then
	echo "run.sh: $bin is not an executable: build it with make build/pidle-topo" >&2
	exit 1
fi
lstopo=$(command -v lstopo-no-graphics || command -v lstopo || true)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$here" || exit 1
pass=0
fail=0

if [ "$mode" = remake ]; then
	[ -n "$lstopo" ] || { echo "run.sh: lstopo-no-graphics not found (apt-get install hwloc-nox)" >&2; exit 1; }
	while IFS='	' read -r fx syn; do
		"$lstopo" --of xml -i "$syn" "fixtures/$fx.xml" 2> /dev/null || exit 1
		echo "remade fixtures/$fx.xml from \"$syn\""
	done < fixtures/fixtures.list
	exit 0
fi

ok() {
	pass=$((pass + 1))
	echo "ok $1"
}

not_ok() {
	fail=$((fail + 1))
	echo "FAIL $1${2:+: $2}"
}

# compare NAME FILE: FILE against expected/NAME.out
compare() {
	exp=expected/$1.out
	[ "$mode" = update ] && cp "$2" "$exp"
	if [ ! -f "$exp" ]; then
		not_ok "$1" "no expected/$1.out (run.sh --update makes it)"
	elif diff -u "$exp" "$2" > "$tmp/diff"; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/	/' "$tmp/diff"
	fi
}

# capture ARGS...: run pidle-topo, write stdout, stderr and status to $tmp/out
capture() {
	"$bin" "$@" > "$tmp/stdout" 2> "$tmp/stderr"
	rc=$?
	{
		cat "$tmp/stdout"
		if [ -s "$tmp/stderr" ]; then
			echo "--- stderr"
			cat "$tmp/stderr"
		fi
		echo "--- exit $rc"
	} | sed "s|$tmp|TMP|g" > "$tmp/out"
}

# t NAME ARGS...: one golden test
t() {
	tname=$1
	shift
	capture "$@"
	compare "$tname" "$tmp/out"
}

# --- synthetic topologies -------------------------------------------------
t syn-flat		-y "pu:4" -p
t syn-flat-topology	-y "pu:4"
t syn-smt		-y "core:4 pu:2" -p
t syn-smt-pack		-y "pack:1 core:4 pu:2" -p
t syn-two-pack		-y "pack:2 core:2 pu:2" -p
t syn-two-pack-nosmt	-y "pack:2 core:2 pu:1" -p
t syn-l2-cluster	-y "pack:1 l2:2 core:2 pu:1" -p
t syn-l2-cluster-smt	-y "pack:2 l2:2 core:2 pu:2" -p
t syn-l2-per-core	-y "pack:1 l2:4 core:1 pu:2" -p
t syn-l2-is-package	-y "pack:2 l2:1 core:2 pu:2" -p
t syn-group		-y "pack:2 group:2 core:2 pu:2" -p
t syn-group-flat	-y "group:2 pu:2" -p
t syn-die		-y "pack:2 die:2 core:2 pu:1" -p
t syn-die-is-package	-y "pack:2 die:1 core:2 pu:2" -p
t syn-interleaved	-y "pack:2 core:2 pu:2(indexes=0,4,1,5,2,6,3,7)" -p
t syn-interleaved-pack	-y "pack:2 core:2 pu:1(indexes=0,2,1,3)" -p
t syn-core-is-package	-y "pack:2 core:1 pu:2" -p
t syn-big		-y "pack:4 core:16 pu:2" -p

# --- --levels -------------------------------------------------------------
t levels-core-package	-y "pack:2 l2:2 core:2 pu:2" -l core,package
t levels-order		-y "pack:2 l2:2 core:2 pu:2" -l package,cluster
t levels-keep-identical	-y "pack:2 core:1 pu:2" -l core,package -p
t levels-die		-y "pack:2 die:2 core:2 pu:1" -l die -p
t levels-unknown	-y "pack:2 core:2 pu:2" -l core,socket
t levels-absent		-y "pack:2 core:2 pu:2" -l core,die
t levels-absent-flat	-y "pu:4" -l core
t levels-empty		-y "pack:2 core:2 pu:2" -l ,

# --- output forms ---------------------------------------------------------
t out-modprobe		-y "pack:2 core:2 pu:2" -m
t out-show-states	-y "pack:2 core:2 pu:2" -S
t out-states-string	-y "pack:1 core:2 pu:2" -s "POLL:0:0,C1:1:1,C6:50:150:core" -p
t out-help		--help
t out-list-presets	--list-presets

# --- presets: each one, on a topology with every level it names ------------
"$bin" --list-presets | awk 'NR > 1 { print $1 }' > "$tmp/presets"
[ -s "$tmp/presets" ] || not_ok presets-listed "--list-presets listed no preset"
while read -r preset; do
	t "preset-$preset" -y "pack:2 l2:2 core:2 pu:2" -s "$preset" -m
	t "preset-$preset-states" -y "pack:2 l2:2 core:2 pu:2" -s "$preset" -S
done < "$tmp/presets"
t preset-missing-level	-y "pack:2 core:2 pu:1" -s sdm845
t preset-missing-core	-y "pack:2 pu:2" -s skx
t preset-default-flat	-y "pu:2" -s default -p

# --- XML fixtures -----------------------------------------------------------
while IFS='	' read -r fx syn; do
	t "xml-$fx" -i "fixtures/$fx.xml" -p
	# The same machine as a synthetic string must give the same output.
	capture -y "$syn" -p
	if diff -u "expected/xml-$fx.out" "$tmp/out" > "$tmp/diff"; then
		ok "xml-$fx-same-as-synthetic"
	else
		not_ok "xml-$fx-same-as-synthetic"
		sed 's/^/	/' "$tmp/diff"
	fi
	# Regenerate the fixture: hwloc must still write the same XML.
	if [ -z "$lstopo" ]; then
		not_ok "xml-$fx-regenerate" "lstopo-no-graphics not found (apt-get install hwloc-nox)"
		continue
	fi
	"$lstopo" --of xml -i "$syn" "$tmp/$fx.xml" 2> /dev/null
	grep -v -e '"hwlocVersion"' -e '"ProcessName"' "fixtures/$fx.xml" > "$tmp/want.xml"
	grep -v -e '"hwlocVersion"' -e '"ProcessName"' "$tmp/$fx.xml" > "$tmp/got.xml"
	if diff -u "$tmp/want.xml" "$tmp/got.xml" > "$tmp/diff"; then
		ok "xml-$fx-regenerate"
	else
		not_ok "xml-$fx-regenerate" "lstopo now writes different XML for \"$syn\""
		head -40 "$tmp/diff" | sed 's/^/	/'
	fi
done < fixtures/fixtures.list

# --- what a cluster is (topology/hwloc-map.c, "What a cluster is") ---------
# Sub-NUMA clustering / cluster-on-die: Groups and L3s that hold NUMA nodes
# are memory groupings, not clusters.
t cluster-snc-group	-y "pack:2 group:2 numa:1 core:2 pu:2" -p
t cluster-snc-l3	-y "pack:2 l3:2 numa:1 core:2 pu:2" -p
# ARM DynamIQ: per-core L2, one L3 per cluster: the L3 is the cluster.
t cluster-arm-l3	-y "pack:1 l3:2 l2:4 core:1 pu:1" -p
# The L2 wins over the L3 when both group cores (innermost first).
t cluster-l2-and-l3	-y "pack:1 l3:2 l2:2 core:2 pu:1" -p

# --- real machines' exports: sizes, cgroups, formats ------------------------
# The issue's limit: 8 packages x 4 dies x 64 cores x 4 threads, SMT
# interleaved (CPU n and n + 2048 siblings): the compact form.
t big-8192-interleaved	-y "pack:8 die:4 core:64 pu:4(indexes=4*2048:1*4)" -p
# 1024 CPUs, 4 packages x 2 dies, as an XML export: the same as synthetic,
# and the explicit form (longer than a sysfs page) gives way to the compact.
big="pack:4 die:2 core:32 pu:4(indexes=4*256:1*4)"
if [ -n "$lstopo" ] && "$lstopo" --of xml -i "$big" "$tmp/big.xml" 2> /dev/null; then
	t big-1024-xml		-i "$tmp/big.xml" -p
	capture -y "$big" -p
	if diff -u expected/big-1024-xml.out "$tmp/out" > "$tmp/diff"; then
		ok big-1024-xml-same-as-synthetic
	else
		not_ok big-1024-xml-same-as-synthetic
		sed 's/^/	/' "$tmp/diff"
	fi
else
	not_ok big-1024-xml "lstopo-no-graphics cannot write $tmp/big.xml"
fi
# Exported inside a cgroup (fixtures/make-cgroup.py says what that looks
# like): the missing CPUs are named, the exit status is 2.
python3 fixtures/make-cgroup.py fixtures/two-pack.xml 0-3 "$tmp/cgroup.xml"
t cgroup-restricted	-i "$tmp/cgroup.xml"
# A long list of missing CPUs is cut at a comma, saying how many in all.
"$lstopo" --of xml -i "pack:1 core:32 pu:2" "$tmp/m64.xml" 2> /dev/null
python3 fixtures/make-cgroup.py "$tmp/m64.xml" 0-63:2 "$tmp/cgroup-sparse.xml"
t cgroup-sparse		-i "$tmp/cgroup-sparse.xml"
# Exported with --disallowed: the whole machine, whatever was allowed.
"$lstopo" --of xml -i "pack:2 core:2 pu:2" --allow 0x0f "$tmp/cgroup-whole.xml" 2> /dev/null
t cgroup-whole		-i "$tmp/cgroup-whole.xml" -p
# hwloc 3's XML: too new for hwloc 2, not malformed.
sed 's/<topology version="2.0">/<topology version="3.0">/' fixtures/smt.xml > "$tmp/v3.xml"
t xml-too-new		-i "$tmp/v3.xml"
# PU indexes beyond the module's 8191 are refused before any arithmetic on
# them (one near 2^31 overflowed a signed int; hwloc takes a minute to
# build that one, so the golden test uses 65536: the same check).
t bad-pu-index		-y "pack:1 core:2 pu:1(indexes=0,65536)"

# --- bad input --------------------------------------------------------------
t bad-missing-file	-i fixtures/no-such-file.xml
t bad-directory		-i fixtures
t bad-malformed-xml	-i fixtures/malformed.xml
t bad-not-xml		-i fixtures/README
t bad-synthetic		-y "pack:2 bogus:3"
t bad-synthetic-count	-y "pack:0 pu:2"
t bad-cpu-hole		-y "pack:1 core:2 pu:2(indexes=0,1,4,5)"
t bad-preset		-s nosuchcpu
t bad-states-syntax	-y "pack:1 core:2 pu:2" -s "POLL:0:0,C1:x:2"
t bad-states-order	-y "pack:1 core:2 pu:2" -s "POLL:0:0,C1:20:20,C1E:10:30"
t bad-states-level	-y "pack:1 core:2 pu:2" -s "POLL:0:0,C1:20:20:cluster"
t bad-option		--bogus
t bad-short-option	-x
t bad-missing-arg	-y
t bad-two-inputs	-y "pu:2" -i fixtures/smt.xml
t bad-two-actions	-y "pu:2" -p -m
t bad-argument		-y "pu:2" extra

# --- --apply against a fake sysfs -------------------------------------------
# apply NAME STATES TOPOLOGY ARGS...: a module loaded with STATES and
# TOPOLOGY; run pidle-topo --apply -v ARGS, then show what the files hold.
apply() {
	tname=$1
	dir=$tmp/sys/module/pseudo_cpuidle/parameters
	rm -rf "$tmp/sys"
	mkdir -p "$dir"
	printf '%s\n' "$2" > "$dir/states"
	printf '%s\n' "$3" > "$dir/topology"
	shift 3
	capture -a -v -r "$tmp/sys" "$@"
	for f in states topology; do
		echo "--- $f: $(cat "$dir/$f")"
	done >> "$tmp/out"
	compare "$tname" "$tmp/out"
}

# New states need the new topology's core level: topology first.
apply apply-topology-first	"POLL:0:0,C1:2:2" "none" -y "core:2 pu:2"
# The new topology lacks the core level the current states use: states first.
apply apply-states-first	"POLL:0:0,C1:2:2,C6:100:400:core" "core=0-1,2-3" -y "pu:4"
# Neither order works: CPU-level states, then topology, then the table.
apply apply-stepping-stone	"POLL:0:0,C6:100:400:core" "core=0-1,2-3" -y "pack:2 pu:2"
# A preset.
apply apply-preset		"POLL:0:0" "none" -y "pack:2 core:2 pu:2" -s skx

# A refused write is reported with the kernel's error, and undone.
dir=$tmp/sys/module/pseudo_cpuidle/parameters
rm -rf "$tmp/sys"
mkdir -p "$dir"
echo "POLL:0:0,C1:2:2" > "$dir/states"
ln -s /dev/full "$dir/topology"
capture -a -v -r "$tmp/sys" -y "core:2 pu:2"
echo "--- states: $(cat "$dir/states")" >> "$tmp/out"
compare apply-refused "$tmp/out"

rm -rf "$tmp/sys"
t apply-not-loaded	-a -r "$tmp/sys" -y "pu:2"

# --- this machine: no golden output, but the parser must accept it ----------
capture -p
if grep -q '^--- exit 0$' "$tmp/out" &&
   grep -q '^states=[^ ]* topology=[^ ]*$' "$tmp/out"; then
	ok this-machine
else
	not_ok this-machine "$(cat "$tmp/out")"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
