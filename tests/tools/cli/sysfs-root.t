#!/bin/sh
# One directory given to all three tools as --sysfs-root means the same:
# it stands for /, sysfs is read (and written) at DIR/sys.
set -e
r=$TMP/root
sh "$DATA/../bench/tree.sub" "$r"
p=$r/sys/module/pseudo_cpuidle/parameters
mkdir -p "$p" "$r/sys/kernel/pseudo_cpuidle"
echo POLL:0:0,C1:2:2 > "$p/states"
echo core=0,1 > "$p/topology"
# pidle-stat reads the cpuidle states of the tree's two CPUs
"$BUILD/pidle-stat" --sysfs-root "$r" --no-module --csv -n 1 -I 1ms > "$TMP/stat.csv"
grep -q '"C1"' "$TMP/stat.csv" || { echo "pidle-stat: no C1 row"; cat "$TMP/stat.csv"; exit 1; }
# pidle-bench finds the same two states (and measures one sample each)
"$BUILD/pidle-bench" --sysfs-root "$r" -n 1 -I 100 -t timer --csv > "$TMP/bench.csv"
grep -q '^1,"C1",2,timer,1,' "$TMP/bench.csv" || { echo "pidle-bench: no C1 row"; cat "$TMP/bench.csv"; exit 1; }
# pidle-topo --apply writes that tree's module parameters
"$BUILD/pidle-topo" --sysfs-root "$r" -y "pack:1 core:2 pu:1" -s POLL:0:0,C1:5:5 --apply 2> "$TMP/topo.err" ||
	{ echo "pidle-topo --apply: $(cat "$TMP/topo.err")"; exit 1; }
[ ! -s "$TMP/topo.err" ] || { echo "pidle-topo said: $(cat "$TMP/topo.err")"; exit 1; }
[ "$(cat "$p/states")" = POLL:0:0,C1:5:5 ] || { echo "states: $(cat "$p/states")"; exit 1; }
