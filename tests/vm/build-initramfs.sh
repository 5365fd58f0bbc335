#!/bin/sh
# build-initramfs.sh KVER OUT [DIR...]: the guest image for kernel KVER.
# Contains busybox (static), tests/vm/init, lib.sh, every suites/*.sh, the
# module build/kmod-KVER/pseudo_cpuidle.ko when built, the test modules
# of build/kmod-KVER/test/, the module's fault-hook build as
# /fault/pseudo_cpuidle.ko, each guest/NAME.c built static as /NAME (with
# the model core when it includes <pidle/...>), and whatever executables
# build/vm/extra/ holds (copied to /bin, with the shared libraries of any
# dynamic one).
# Each DIR (inside the tree; the demo's demo/guest) adds its *.sh as
# suites and its *.c as programs, built in build/DIR/, so that scripts
# that are not tests stay out of suites/ and out of make check.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 KVER OUT [DIR...]" >&2; exit 2; }
KVER=$1; OUT=$2
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
KO=$TOP/build/kmod-$KVER/pseudo_cpuidle.ko
BIN=$TOP/build/vm/guest
case "$OUT" in /*) ;; *) OUT=$PWD/$OUT ;; esac

# A program that includes <pidle/...> is linked with the model core,
# compiled unchanged through tests/shim/ as for the unit tests.
MODEL="$TOP/drivers/model/*.c $TOP/tests/shim/shim.c"

# progs SRCDIR BINDIR: each SRCDIR/NAME.c built static as BINDIR/NAME
progs() {
	mkdir -p "$2"
	for c in "$1"/*.c; do
		[ -f "$c" ] || continue
		exe=$2/$(basename "$c" .c)
		if grep -q '^#include <pidle/' "$c"; then
			if [ ! -x "$exe" ] || [ -n "$(find "$c" $MODEL "$TOP/include" "$TOP/tests/shim" -newer "$exe" | head -n 1)" ]; then
				gcc -static -std=gnu11 -O2 -Wall -Wextra -Werror \
					-Wno-unused-parameter -Wno-missing-field-initializers \
					-I"$TOP/include" -I"$TOP/tests/shim" -o "$exe" "$c" $MODEL
			fi
		elif [ ! -x "$exe" ] || [ "$c" -nt "$exe" ]; then
			gcc -static -O2 -Wall -Wextra -Werror -o "$exe" "$c" -pthread -lm
		fi
	done
}
mkdir -p "$(dirname "$OUT")"
progs "$HERE/guest" "$BIN"
DIRS=
for d in "$@"; do
	d=$(cd "$d" && pwd)
	case "$d" in "$TOP"/*) ;; *) echo "$0: $d is not inside $TOP" >&2; exit 2 ;; esac
	progs "$d" "$TOP/build/${d#"$TOP"/}"
	DIRS="$DIRS $d"
done
ROOT=$(mktemp -d)
trap 'rm -rf "$ROOT"' EXIT
mkdir -p "$ROOT/bin" "$ROOT/sbin" "$ROOT/usr/bin" "$ROOT/usr/sbin" \
	 "$ROOT/proc" "$ROOT/sys" "$ROOT/dev" "$ROOT/tmp" "$ROOT/suites"
cp /bin/busybox "$ROOT/bin/busybox"
ln -s busybox "$ROOT/bin/sh"
cp "$HERE/init" "$ROOT/init"
cp "$HERE/lib.sh" "$ROOT/lib.sh"
cp "$HERE"/suites/*.sh "$ROOT/suites/"
cp "$BIN"/* "$ROOT/"
for d in $DIRS; do
	for f in "$d"/*.sh; do [ -f "$f" ] && cp "$f" "$ROOT/suites/"; done
	for f in "$TOP/build/${d#"$TOP"/}"/*; do [ -f "$f" ] && cp "$f" "$ROOT/"; done
done
if [ -d "$TOP/build/vm/extra" ]; then
	cp -a "$TOP/build/vm/extra/." "$ROOT/bin/"
	# A dynamic executable (pidle-topo: hwloc wants libudev, which Debian
	# ships only shared) brings its libraries and the loader, at the paths
	# ldd resolves them to; ld.so finds them there without a cache.
	for exe in "$TOP"/build/vm/extra/*; do
		ldd "$exe" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'
	done | sort -u | while read -r lib; do
		mkdir -p "$ROOT$(dirname "$lib")"
		cp -L "$lib" "$ROOT$lib" || exit 1
	done
fi
chmod +x "$ROOT/init"
if [ -f "$KO" ]; then
	# Without its debug info: a ninth of the size, a faster insmod.
	objcopy --strip-debug "$KO" "$ROOT/pseudo_cpuidle.ko"
else
	echo "build-initramfs: warning: no $KO, image without the module" >&2
fi
for ko in "$TOP/build/kmod-$KVER"/test/*.ko; do
	[ -f "$ko" ] && cp "$ko" "$ROOT/"
done
# The module's test build with its fault hooks, as /fault/pseudo_cpuidle.ko.
if [ -f "$TOP/build/kmod-$KVER/fault/pseudo_cpuidle.ko" ]; then
	mkdir -p "$ROOT/fault"
	objcopy --strip-debug "$TOP/build/kmod-$KVER/fault/pseudo_cpuidle.ko" \
		"$ROOT/fault/pseudo_cpuidle.ko"
fi
(cd "$ROOT" && find . | cpio -o -H newc --quiet | gzip -9) > "$OUT"
