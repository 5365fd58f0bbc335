#!/bin/sh
# A huge synthetic topology is refused before hwloc builds it: within 5 s
# and 200 MB of address space (it took over 60 s and 1.8 GB), exit 2. (No
# address-space limit on the sanitizer build: ASan reserves terabytes.)
lim=200000
grep -q __asan_init "$BUILD/pidle-topo" && lim=unlimited
for s in "pack:100 core:100 pu:100" "pu:1000000" "pack:1000 core:1000 pu:1000"; do
	out=$( (ulimit -v $lim; timeout 5 "$BUILD/pidle-topo" -y "$s") 2>&1 )
	rc=$?
	[ $rc = 2 ] || { echo "\"$s\": exit $rc: $out"; exit 1; }
	case $out in *"has more than 8192 PUs"*) ;; *) echo "\"$s\": $out"; exit 1;; esac
done
