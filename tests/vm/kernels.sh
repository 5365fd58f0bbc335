#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh [SERIES...]: print the kernel releases the guest suite runs on,
# one a line: for each series (default: 6.1 6.12) the newest Debian kernel
# that has both /boot/vmlinuz-<kver> and /usr/src/linux-headers-<kver>.
# A series is a version prefix (6.1 matches 6.1.0-57-amd64, not 6.12.x) or
# a full release. Exits 1, naming the series, when one has no kernel.
set -eu
series=${*:-6.1 6.12}
rc=0
for s in $series; do
	best=
	for img in /boot/vmlinuz-*; do
		k=${img#/boot/vmlinuz-}
		case $k in
		"$s"|"$s".*|"$s"-*) ;;
		*) continue ;;
		esac
		case $k in *-amd64) ;; *) continue ;; esac
		[ -f "/usr/src/linux-headers-$k/Makefile" ] || continue
		best="$best $k"
	done
	best=$(printf '%s\n' $best | sort -V | tail -n 1)
	if [ -z "$best" ]; then
		echo "kernels.sh: no kernel of series '$s' with both image and headers" >&2
		rc=1
		continue
	fi
	echo "$best"
done
exit $rc
