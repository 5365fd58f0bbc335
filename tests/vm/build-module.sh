#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-module.sh KVER: build pseudo_cpuidle.ko for kernel KVER out of the
# source tree into build/kmod-KVER/ (a copy of drivers/, include/, Kbuild),
# against /usr/src/linux-headers-KVER. Any compiler warning fails the build.
# Prints the path of the .ko on success.
set -eu
kver=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
kdir=/usr/src/linux-headers-$kver
out=$top/build/kmod-$kver

"$top/scripts/check-kdir" "$kdir"
for f in Kbuild drivers include; do
	if [ ! -e "$top/$f" ]; then
		echo "build-module.sh: $f is missing: no module source to build" >&2
		exit 1
	fi
done
rm -rf "$out"
mkdir -p "$out"
cp -r "$top/Kbuild" "$top/drivers" "$top/include" "$out/"
# Kbuild may reference a Makefile-level variable or file beside it.
log=$out/build.log
if ! make -C "$kdir" M="$out" modules >"$log" 2>&1; then
	cat "$log" >&2
	echo "build-module.sh: module build failed for $kver (log: $log)" >&2
	exit 1
fi
if grep -q 'warning:' "$log"; then
	grep -B2 -A4 'warning:' "$log" >&2
	echo "build-module.sh: compiler warnings building for $kver (log: $log)" >&2
	exit 1
fi
ko=$(find "$out" -name pseudo_cpuidle.ko | head -n 1)
if [ -z "$ko" ]; then
	echo "build-module.sh: no pseudo_cpuidle.ko produced for $kver" >&2
	exit 1
fi
echo "$ko"
