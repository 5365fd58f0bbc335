#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh KVER KO OUT: build the guest initramfs (uncompressed newc
# cpio) for kernel KVER into OUT: static busybox, the module KO (may be
# empty: a guest without the module, for vm-shell), the init, the
# scenario scripts, our static helpers, and the dynamically linked test
# programs with the libraries ldd lists.
set -eu
kver=$1 ko=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
root=$top/build/vm/root-$kver
helpers=$top/build/vm/helpers

rm -rf "$root"
mkdir -p "$root"/bin "$root"/sbin "$root"/usr/bin "$root"/usr/sbin \
	"$root"/proc "$root"/sys "$root"/dev "$root"/tmp "$root"/run \
	"$root"/etc "$root"/pidle/scenarios "$root"/lib64
cp /bin/busybox "$root/bin/busybox"
! ldd /bin/busybox >/dev/null 2>&1 || {
	echo "mkinitramfs.sh: /bin/busybox is not static (install busybox-static)" >&2
	exit 1
}
# busybox --install -s works in a chroot; link by hand to stay rootless.
for a in $(/bin/busybox --list-full); do
	[ -e "$root/$a" ] || ln -s /bin/busybox "$root/$a"
done

# Our static helpers.
mkdir -p "$helpers"
for c in "$here"/guest/*.c; do
	b=$helpers/$(basename "$c" .c)
	if [ ! -x "$b" ] || [ "$c" -nt "$b" ]; then
		gcc -static -O2 -Wall -Wextra -Werror -o "$b" "$c"
	fi
	cp "$b" "$root/bin/"
done

# Dynamically linked programs and their libraries.
copy_libs() {
	ldd "$1" 2>/dev/null | awk '/=>/ { print $3 } /^[ \t]*\// { print $1 }' |
	while read -r lib; do
		[ -f "$lib" ] || continue
		mkdir -p "$root$(dirname "$lib")"
		[ -e "$root$lib" ] || cp -L "$lib" "$root$lib"
	done
}
for p in /usr/bin/cyclictest /usr/bin/stress-ng /usr/bin/cpupower \
	 /usr/bin/taskset /usr/bin/trace-cmd; do
	[ -x "$p" ] || continue
	cp -L "$p" "$root$p"
	copy_libs "$p"
done
# The other parts' tools, when they have been built.
for t in pidle-topo pidle-stat pidle-bench; do
	[ -x "$top/build/$t" ] || continue
	cp "$top/build/$t" "$root/usr/bin/$t"
	copy_libs "$top/build/$t"
done
# The busybox taskset link must not shadow util-linux's when present.
[ -f "$root/usr/bin/taskset" ] && rm -f "$root/bin/taskset"

if [ -n "$ko" ]; then
	cp "$ko" "$root/pidle/pseudo_cpuidle.ko"
fi
cp "$here/guest/init.sh" "$root/init"
cp "$here/guest/lib.sh" "$root/pidle/lib.sh"
cp "$here"/scenarios/*.sh "$root/pidle/scenarios/"
chmod +x "$root/init"
echo "$kver" >"$root/etc/pidle-kver"
echo 'root:x:0:0:root:/:/bin/sh' >"$root/etc/passwd"

mkdir -p "$(dirname "$out")"
(cd "$root" && find . | cpio -o -H newc --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
