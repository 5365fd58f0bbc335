# SPDX-License-Identifier: GPL-2.0
# kernels/lib.sh: sourced by kernels/build and kernels/locate. Where a guest
# kernel built from source lives, and the key that names it.
#
# The kernel cache (Documentation/kernels.rst, "The cache")
#
# A kernel NAME (eval, debug) is built from the fragments base.config and
# NAME.config of this folder, merged onto `make tinyconfig`. Its build tree
# lives outside the clone, under $PIDLE_KERNEL_CACHE (default
# /var/cache/pidle-kernels), in a directory named
#     NAME-SRCVER-KEY
# where SRCVER is the source's version (the Debian package's, or the
# tarball's size and time when no package owns it) and KEY the first 12
# hex digits of a sha256 over everything that decides the image: this
# recipe's version, the source, an optional patch, the compiler, and each
# fragment's text. So two clones share a build, a second run finds it, and
# a changed fragment (or patch, or compiler) names a new directory. A build
# is complete when its directory holds the file `built`, written last.
# src/SRCVER[-PATCHKEY]/ holds the unpacked (and patched) source,
# ccache/ the compiler cache every build shares.

KERNELS_DIR=${KERNELS_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
PIDLE_KERNEL_CACHE=${PIDLE_KERNEL_CACHE:-/var/cache/pidle-kernels}
PIDLE_KERNEL_TARBALL=${PIDLE_KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
# Where kernels_use_source finds a Debian linux-source-VERSION tarball.
PIDLE_KERNEL_SRCDIR=${PIDLE_KERNEL_SRCDIR:-/usr/src}
# Bump when the build steps change what a given source and fragments give.
KERNELS_RECIPE=2

kernels_die() {
	echo "kernels: $*" >&2
	exit 1
}

# kernels_fragments NAME: the fragment files of kernel NAME, in merge order.
kernels_fragments() {
	local name=$1
	case "$name" in
	base|*[!a-z0-9_-]*|'')
		kernels_die "no kernel named '$name' (known: $(kernels_names))" ;;
	esac
	[ -f "$KERNELS_DIR/$name.config" ] ||
		kernels_die "no kernel named '$name' (known: $(kernels_names))"
	echo "$KERNELS_DIR/base.config $KERNELS_DIR/$name.config"
}

# kernels_use_source NAME: point PIDLE_KERNEL_TARBALL at the source kernel
# NAME is built from. A fragment built from another release than the
# default (6.12, or $PIDLE_KERNEL_TARBALL) says which in a line
#     # source: linux-source-VERSION
# (lockdep61.config: Debian's linux-source-6.1), found in
# $PIDLE_KERNEL_SRCDIR. Call it in this shell, before kernels_dir.
kernels_use_source() {
	local f=$KERNELS_DIR/$1.config pkg
	pkg=$(sed -n 's/^# source: \(linux-source-[0-9][0-9.]*\)$/\1/p' "$f" 2>/dev/null | head -n 1)
	if grep -q '^# source:' "$f" 2>/dev/null && [ -z "$pkg" ]; then
		kernels_die "$1.config: its '# source:' line names no linux-source-VERSION package"
	fi
	[ -z "$pkg" ] || PIDLE_KERNEL_TARBALL=$PIDLE_KERNEL_SRCDIR/$pkg.tar.xz
	KERNELS_SOURCE_PKG=${pkg:-linux-source-6.12}
}

kernels_names() {
	local f n out=
	for f in "$KERNELS_DIR"/*.config; do
		n=$(basename "$f" .config)
		[ "$n" = base ] || out="$out${out:+, }$n"
	done
	echo "$out"
}

# kernels_srcver: the source's version, safe in a file name.
kernels_srcver() {
	local v
	[ -f "$PIDLE_KERNEL_TARBALL" ] ||
		kernels_die "no kernel source $PIDLE_KERNEL_TARBALL (install it: apt-get install ${KERNELS_SOURCE_PKG:-linux-source-6.12}, or make deps)"
	v=$(dpkg-query -S "$PIDLE_KERNEL_TARBALL" 2>/dev/null | cut -d: -f1 | head -n 1)
	[ -n "$v" ] && v=$(dpkg-query -W -f '${Version}' "$v" 2>/dev/null)
	[ -n "$v" ] || v=$(stat -c '%s-%Y' "$PIDLE_KERNEL_TARBALL")
	echo "$v" | tr -c 'A-Za-z0-9.+_\n-' '_'
}

# kernels_key NAME [PATCH]: the 12-digit key (see the DOC block above).
kernels_key() {
	local name=$1 patch=${2:-} f
	{
		echo "recipe $KERNELS_RECIPE"
		echo "source $PIDLE_KERNEL_TARBALL $(kernels_srcver)"
		echo "compiler $(${KERNELS_CC:-gcc} --version | head -n 1)"
		[ -z "$patch" ] || { echo "patch"; cat "$patch"; }
		for f in $(kernels_fragments "$name"); do
			echo "fragment $(basename "$f")"
			cat "$f"
		done
	} | sha256sum | cut -c1-12
}

# kernels_patch NAME [PATCH]: the patch kernel NAME is built with, empty for
# none. A kernel may carry fixes of its own, NAME.patch of this folder:
# defects in the source that only its options expose (debug.patch: the
# cpuidle core's sysfs error path under DEBUG_KOBJECT_RELEASE). They come
# first; with a PATCH of the user's as well, both are written once to the
# cache as one file named by their hash, so the key and the patched source
# are those of the pair.
kernels_patch() {
	local own=$KERNELS_DIR/$1.patch user=${2:-} both
	if [ ! -f "$own" ]; then
		echo "$user"
	elif [ -z "$user" ]; then
		echo "$own"
	else
		both=$PIDLE_KERNEL_CACHE/patches/$1-$(cat "$own" "$user" | sha256sum | cut -c1-12).patch
		mkdir -p "${both%/*}"
		[ -f "$both" ] || { cat "$own" "$user" > "$both.tmp" && mv "$both.tmp" "$both"; } ||
			kernels_die "cannot write $both"
		echo "$both"
	fi
}

# kernels_cache_check DIR: DIR (the cache or a directory in it) exists
# and is writable, or is made now. Otherwise one line on stdout saying why
# and what fixes it, status 1: the default cache is under /var/cache, which
# only root may create, and a bare "mkdir: Permission denied" names neither
# the cache nor PIDLE_KERNEL_CACHE.
kernels_cache_check() {
	local err
	err=$(mkdir -p "$1" 2>&1) && [ -w "$1" ] && return 0
	err=${err##*: }
	echo "cannot create the kernel cache directory $1 (${err:-not writable}): run this once as root, or set PIDLE_KERNEL_CACHE=DIR, a directory you can write"
	return 1
}

# kernels_root [PATCH]: the directory holding src/ and the build trees.
# A patched source gets a root of its own, patch-KEY/, laid out as the
# cache itself is, so that every build tree sees its source at the same
# relative path (../src/SRCVER/linux) and ccache (base_dir: the cache)
# finds the unpatched build's objects for every file the patch leaves alone.
kernels_root() {
	if [ -n "${1:-}" ]; then
		echo "$PIDLE_KERNEL_CACHE/patch-$(sha256sum < "$1" | cut -c1-12)"
	else
		echo "$PIDLE_KERNEL_CACHE"
	fi
}

# kernels_dir NAME [PATCH]: the build tree's path (it may not exist yet).
kernels_dir() {
	local key
	key=$(kernels_key "$@") || exit 1
	echo "$(kernels_root "${2:-}")/$1-$(kernels_srcver)-$key"
}

# Expected cold build of NAME on this project's reference machine (2 cores,
# nothing else running; measured, see Documentation/kernels.rst), and the
# number of compile steps it has, for the progress lines.
kernels_expect_min() {	# eval 457 s, debug 507 s (2026-12-04)
	echo 8
}
kernels_expect_cc() {
	case "$1" in
	eval) echo 950 ;;
	*) echo 1300 ;;
	esac
}
