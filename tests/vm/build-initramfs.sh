#!/bin/sh
# build-initramfs.sh KVER OUT: the guest image for kernel KVER.
# Contains busybox (static), tests/vm/init, tests/vm/scenarios.sh, the
# module build/kmod-KVER/pseudo_cpuidle.ko when built, and guest/wakelat.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 KVER OUT" >&2; exit 2; }
KVER=$1; OUT=$2
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
KO=$TOP/build/kmod-$KVER/pseudo_cpuidle.ko
WL=$TOP/build/vm/wakelat
case "$OUT" in /*) ;; *) OUT=$PWD/$OUT ;; esac

mkdir -p "$(dirname "$OUT")" "$TOP/build/vm"
if [ ! -x "$WL" ] || [ "$HERE/guest/wakelat.c" -nt "$WL" ]; then
	gcc -static -O2 -Wall -Wextra -Werror -o "$WL" "$HERE/guest/wakelat.c"
fi
ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT
mkdir -p "$ROOT/bin" "$ROOT/sbin" "$ROOT/usr/bin" "$ROOT/usr/sbin" \
	 "$ROOT/proc" "$ROOT/sys" "$ROOT/dev" "$ROOT/tmp"
cp /bin/busybox "$ROOT/bin/busybox"
ln -s busybox "$ROOT/bin/sh"
cp "$HERE/init" "$ROOT/init"
cp "$HERE/scenarios.sh" "$ROOT/scenarios.sh"
cp "$WL" "$ROOT/wakelat"
chmod +x "$ROOT/init" "$ROOT/scenarios.sh"
if [ -f "$KO" ]; then
	cp "$KO" "$ROOT/pseudo_cpuidle.ko"
else
	echo "build-initramfs: warning: no $KO, image without the module" >&2
fi
(cd "$ROOT" && find . | cpio -o -H newc --quiet | gzip -9) > "$OUT"
