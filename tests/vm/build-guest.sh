#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# build-guest.sh KVER: build the module for KVER (build-module.sh) and
# the guest initramfs build/vm/initramfs-KVER.cpio. With PIDLE_NO_MODULE=1
# a failed module build is not fatal (a guest without the module, e.g. for
# vm-shell); the scenarios then fail on the missing module.
set -eu
kver=$1
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
if ! ko=$("$here/build-module.sh" "$kver"); then
	[ "${PIDLE_NO_MODULE:-0}" = 1 ] || exit 1
	echo "build-guest.sh: continuing without the module" >&2
	ko=
fi
"$here/mkinitramfs.sh" "$kver" "$ko" "$top/build/vm/initramfs-$kver.cpio"
echo "$top/build/vm/initramfs-$kver.cpio"
