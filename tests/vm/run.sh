#!/bin/bash
# run.sh [KVER...]: the QEMU guest suite. For each kernel: build the module
# and the initramfs, then boot each suite of suites/*.sh (or those named in
# $VM_SUITES) with the vCPU layout its "# smp:" header gives, and check the
# serial logs. Kernels: arguments, else $VM_KVERS, else the newest
# 6.1.0-*-amd64 and 6.12.*+deb12-amd64 with image and headers.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
OUTDIR=$TOP/build/vm
mkdir -p "$OUTDIR"
# Concurrent runs in one tree share build/kmod-* and build/vm/*: serialize.
. "$HERE/host.sh"
lock_tree run.sh

KVERS=${*:-${VM_KVERS:-}}
if [ -z "$KVERS" ]; then
	KVERS="$(newest '6.1.0-*-amd64') $(newest '6.12.*+deb12-amd64')"
fi
KVERS=$(echo $KVERS)
[ -n "$KVERS" ] || { echo "run.sh: no kernel with image and headers" >&2; exit 1; }
# A suite with a "# separate:" line (the large guest) runs only when named.
SUITES=${VM_SUITES:-$(cd "$HERE/suites" && for f in *.sh; do
	s=${f%.sh}; [ -n "$(suite_field "$s" separate)" ] || echo "$s"; done)}
for s in $SUITES; do
	[ -f "$HERE/suites/$s.sh" ] || { echo "run.sh: no suite $HERE/suites/$s.sh" >&2; exit 1; }
	[ -n "$(suite_field "$s" smp)" ] || { echo "run.sh: suites/$s.sh has no '# smp:' line" >&2; exit 1; }
done

TOTAL_PASS=0; TOTAL_FAIL=0
SUMMARY=()
for k in $KVERS; do
	PASS=0; FAIL=0
	t0=$(date +%s)
	echo "== $k"
	if [ ! -e "/boot/vmlinuz-$k" ] || [ ! -d "/usr/src/linux-headers-$k" ]; then
		echo "  FAIL no image or headers for $k"; FAIL=1
	else
		if build_module "$k"; then
			echo "  module: built build/kmod-$k/pseudo_cpuidle.ko"; PASS=$((PASS + 1))
		else
			echo "  module: FAIL build (log $OUTDIR/$k.build.log):"
			grep -E 'error|warning:|missing' "$OUTDIR/$k.build.log" | head -n 10 | sed 's/^/    /'
			FAIL=$((FAIL + 1))
			rm -f "$TOP/build/kmod-$k/pseudo_cpuidle.ko"
		fi
		if "$HERE/build-initramfs.sh" "$k" "$OUTDIR/$k.initrd.gz"; then
			for s in $SUITES; do
				ts=$(date +%s)
				log=$OUTDIR/$k.$s.log
				boot "$k" "$(suite_field "$s" smp)" "$s" "$log" \
					"$(suite_field "$s" append)" "$(suite_field "$s" timeout)"
				st=$?; [ $st -eq 0 ] || echo "  $s boot: qemu exit status $st (124 = timeout)"
				check_log "$s" "$log"
				echo "  $s: $(( $(date +%s) - ts ))s, log $log"
			done
		else
			echo "  FAIL initramfs"; FAIL=$((FAIL + 1))
		fi
	fi
	t=$(( $(date +%s) - t0 ))
	echo "  $k: $PASS passed, $FAIL failed, ${t}s"
	SUMMARY+=("$k: $PASS passed, $FAIL failed (${t}s)")
	TOTAL_PASS=$((TOTAL_PASS + PASS)); TOTAL_FAIL=$((TOTAL_FAIL + FAIL))
done
echo "== summary"
printf '  %s\n' "${SUMMARY[@]}"
echo "$TOTAL_PASS passed, $TOTAL_FAIL failed"
[ $TOTAL_FAIL -eq 0 ]
