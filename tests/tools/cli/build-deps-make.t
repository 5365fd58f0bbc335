#!/bin/sh
# make tools on a machine without hwloc.h (a compiler that lacks it) stops
# before compiling anything, on one line naming the package and make deps;
# as a user who cannot create the kernel cache, on one line naming
# PIDLE_KERNEL_CACHE; as a user without linux-source-6.12, naming it.
top=$DATA/../../..
# A user's make, not a child of make check-tools (its -j and jobserver).
unset MAKEFLAGS MFLAGS MAKELEVEL
HIDE=hwloc.h make -s -C "$top" tools CC="$DATA/fake-cc.sub" BUILD="$TMP/b" > "$TMP/out" 2>&1 &&
	{ echo "make tools succeeded without hwloc.h"; exit 1; }
cat "$TMP/out"
[ "$(wc -l < "$TMP/out")" = 1 ] || { echo "want one line"; exit 1; }
grep -q "hwloc.h (libhwloc-dev) not found: run 'make deps' as root" "$TMP/out" || exit 1
[ ! -e "$TMP/b" ] || { echo "something was built in $TMP/b"; exit 1; }
# The user cases: as nobody when run as root.
if [ "$(id -u)" = 0 ]; then
	command -v setpriv > /dev/null || { echo "skip the user cases: no setpriv"; exit 0; }
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
	chmod 755 "$TMP"
else
	as_user=
fi
mkdir -m 555 "$TMP/ro"
PIDLE_KERNEL_CACHE=$TMP/ro/cache $as_user make -s -C "$top" tools BUILD="$TMP/b" > "$TMP/out" 2>&1 &&
	{ echo "make tools succeeded with an unwritable cache"; exit 1; }
cat "$TMP/out"
[ "$(wc -l < "$TMP/out")" = 1 ] || { echo "want one line"; exit 1; }
grep -q "cannot create the kernel cache directory $TMP/ro/cache/src-user/6.12 (Permission denied): .*set PIDLE_KERNEL_CACHE=DIR" "$TMP/out" || exit 1
PIDLE_KERNEL_SRCDIR=$TMP/ro PIDLE_KERNEL_CACHE=$TMP/ro/cache $as_user make -s -C "$top" tools BUILD="$TMP/b" > "$TMP/out" 2>&1 &&
	{ echo "make tools succeeded without linux-source-6.12"; exit 1; }
cat "$TMP/out"
grep -q "linux-source-6.12.tar.xz is missing: .*apt-get install linux-source-6.12" "$TMP/out" || exit 1
[ ! -e "$TMP/b" ] || { echo "something was built in $TMP/b"; exit 1; }
