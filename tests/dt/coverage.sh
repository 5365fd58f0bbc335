#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# coverage.sh [-k KSRC] [-d DTB_DIR]... [-o OUT] [-j N] [BUILD]: how many of
# the kernel's devicetrees pidle-topo --dt imports, and why the others are
# refused (Documentation/pidle-topo.rst, "Devicetrees").
#
#   -k KSRC     a kernel source tree (default: scripts/kernel-src 6.12,
#               Debian's linux-source-6.12): every arch/arm64 and
#               arch/riscv .dts is preprocessed with the kernel's include
#               paths (cpp -nostdinc -I include -I arch/ARCH/boot/dts
#               -I scripts/dtc/include-prefixes -undef -D__DTS__
#               -x assembler-with-cpp, as scripts/Makefile.lib does) and
#               compiled with dtc; those with idle states are imported
#   -d DTB_DIR  also every .dtb under DTB_DIR with idle states, e.g. the
#               /usr/lib/linux-image-VERSION of Debian's arm64 kernel
#               package (dpkg-deb -x linux-image-6.12.N+deb12-arm64_*.deb)
#   -o OUT      keep the compiled blobs and results.tsv there
#   -j N        files in parallel (default 2)
#   BUILD       where pidle-topo is (default build)
#
# A file has idle states when its blob holds the compatible "arm,idle-state",
# "riscv,idle-state" or "domain-idle-state". Each is run as
# "pidle-topo --dt FILE --params"; a refusal for CPUs of different kinds is
# retried once per kind with the --dt-cpus lists the message gives. CPUs of
# different kinds import with a table per CPU set (a note says so): counted
# apart from those with one table.
# Prints one line per file with -v, then the table: imported with one
# table, with a table per CPU set, one CPU kind at a time, refused by reason.
set -eu
ksrc= out= jobs=2 verbose=0 dtbdirs=
while getopts k:d:o:j:v opt; do
	case $opt in
	k) ksrc=$OPTARG ;;
	d) dtbdirs="$dtbdirs $OPTARG" ;;
	o) out=$OPTARG ;;
	j) jobs=$OPTARG ;;
	v) verbose=1 ;;
	*) sed -n '3,25s/^# \{0,1\}//p' "$0" >&2; exit 1 ;;
	esac
done
shift $((OPTIND - 1))
build=$(cd "${1:-build}" && pwd)
topo=$build/pidle-topo
[ -x "$topo" ] || { echo "coverage.sh: $topo: not built (make tools)" >&2; exit 1; }
command -v dtc > /dev/null || { echo "coverage.sh: no dtc (apt-get install device-tree-compiler)" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
# What the boards include beyond their own directory, or cpp fails and the
# board goes uncounted: arch/arm/boot/dts (arm64's Allwinner, Broadcom, ...
# boards include <arm/...> .dtsi files through scripts/dtc/include-prefixes)
# and the uapi header include/dt-bindings/input/linux-event-codes.h links to.
[ -n "$ksrc" ] || ksrc=$("$here/../../scripts/kernel-src" 6.12 arch/arm64/boot/dts \
	arch/riscv/boot/dts arch/arm/boot/dts include/dt-bindings \
	include/uapi/linux/input-event-codes.h scripts/dtc/include-prefixes)
if [ -z "$out" ]; then
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out/blobs"
res=$out/results.tsv
: > "$res"

# one FILE LABEL: import, classify, append "LABEL<TAB>VERDICT<TAB>REASON".
cat > "$out/one.sh" <<'ONE'
#!/bin/sh
topo=$1 f=$2 label=$3
msg=$("$topo" --dt "$f" --params 2>&1 >/dev/null | grep -v ': note: ' | head -n 1)
rc=$?
if "$topo" --dt "$f" --params > /dev/null 2>&1; then
	# CPUs of different kinds: a table per CPU set (issue 24)
	if "$topo" --dt "$f" --params 2>&1 >/dev/null | grep -q 'a table per CPU set'; then
		printf '%s\timported-sets\t-\n' "$label"; exit 0
	fi
	printf '%s\timported\t-\n' "$label"; exit 0
fi
# A table per CPU set the module refuses (a domain state that differs
# between the sets, a set's table out of order): the kinds are in the note.
case $msg in
*"states: "*)
	note=$("$topo" --dt "$f" --params 2>&1 >/dev/null | grep 'a table per CPU set' | head -n 1)
	[ -n "$note" ] && msg="$note: $msg" ;;
esac
case $msg in
*"have different idle states"*|*"have different numbers of idle states"*|*"kinds of CPU with different idle states"*|*"a table per CPU set"*)
	# "CPUs 0-3 (a b); CPUs 4-7 (c)": each list once
	lists=$(printf '%s\n' "$msg" | grep -o 'CPUs\{0,1\} [0-9,-]* (' | sed 's/CPUs\{0,1\} \(.*\) (/\1/')
	all=1
	for l in $lists; do
		"$topo" --dt "$f" --dt-cpus "$l" --params > /dev/null 2>&1 || all=0
	done
	if [ $all = 1 ]; then
		printf '%s\timported-per-kind\tCPUs of different kinds, each imported with --dt-cpus\n' "$label"
	else
		why=$(for l in $lists; do "$topo" --dt "$f" --dt-cpus "$l" --params 2>&1 >/dev/null | grep -v ': note: '; done | head -n 1 | sed 's/^[^:]*: [^:]*: //')
		printf '%s\trefused\tCPUs of different kinds, and one kind alone: %s\n' "$label" "$why"
	fi
	exit 0 ;;
esac
printf '%s\trefused\t%s\n' "$label" "$(printf '%s' "$msg" | sed 's/^[^:]*: [^:]*: //')"
ONE
chmod +x "$out/one.sh"

# the kernel's sources: preprocess, keep those with idle states, compile
n_src=0 n_src_idle=0 n_src_dtcfail=0
for arch in arm64 riscv; do
	dts=$ksrc/arch/$arch/boot/dts
	[ -d "$dts" ] || continue
	find "$dts" -name '*.dts' | sort > "$out/list-$arch"
	n_src=$((n_src + $(wc -l < "$out/list-$arch")))
	# cpp + grep + dtc, in parallel; prints the blobs made
	xargs -P "$jobs" -I{} sh -c '
		f=$1 arch=$2 ksrc=$3 out=$4
		b=$out/blobs/$arch-$(echo "${f#$ksrc/arch/$arch/boot/dts/}" | tr / _ | sed "s/\.dts\$//").dtb
		pp=$(cpp -nostdinc -I "$ksrc/include" -I "$ksrc/arch/$arch/boot/dts" \
			-I "$ksrc/scripts/dtc/include-prefixes" -I "$(dirname "$f")" \
			-undef -D__DTS__ -x assembler-with-cpp "$f" 2>/dev/null) || { echo "cppfail $f"; exit 0; }
		printf "%s\n" "$pp" | grep -q -e "\"arm,idle-state\"" -e "\"riscv,idle-state\"" -e "\"domain-idle-state\"" || exit 0
		if printf "%s\n" "$pp" | dtc -q -I dts -O dtb -o "$b" - 2>/dev/null ||
		   printf "%s\n" "$pp" | dtc -q -I dts -O dtb -o "$b" - 2>/dev/null; then
			echo "blob $b"
		else
			echo "dtcfail $f"
		fi' _ {} "$arch" "$ksrc" "$out" < "$out/list-$arch" > "$out/made-$arch"
done
cat "$out"/made-* 2>/dev/null | grep '^blob ' | sed 's/^blob //' | sort > "$out/src-blobs"
n_src_dtcfail=$(cat "$out"/made-* 2>/dev/null | grep -c -e '^dtcfail' -e '^cppfail' || true)
# a blob whose compatible strings are in a disabled or unused node still counts: the import says why
xargs -P "$jobs" -I{} sh -c '"$1" "$2" "$3" "src:$(basename "$3" .dtb)"' _ "$out/one.sh" "$topo" {} \
	< "$out/src-blobs" >> "$res"

# the distribution's blobs
n_deb=0
for d in $dtbdirs; do
	find "$d" -name '*.dtb' | sort > "$out/deb-all"
	n_deb=$((n_deb + $(wc -l < "$out/deb-all")))
	while read -r f; do
		grep -q -a -e 'arm,idle-state' -e 'riscv,idle-state' -e 'domain-idle-state' "$f" && echo "$f"
	done < "$out/deb-all" > "$out/deb-idle"
	xargs -P "$jobs" -I{} sh -c '"$1" "$2" "$3" "dtb:${3#$4/}"' _ "$out/one.sh" "$topo" {} "$d" \
		< "$out/deb-idle" >> "$res"
done

[ $verbose = 1 ] && sort "$res"
# the table, per source: verdicts, then refusals grouped by reason (node paths cut)
table() {	# PREFIX TITLE TOTAL
	grep "^$1:" "$res" > "$out/t" || true
	n=$(wc -l < "$out/t")
	echo "$2: $3 files, $n with idle states"
	printf '  %-5s %s\n' "$(grep -c '	imported	' "$out/t" || true)" "imported as they are, one table"
	printf '  %-5s %s\n' "$(grep -c '	imported-sets	' "$out/t" || true)" "imported as they are, a table per CPU set (CPUs of different kinds)"
	printf '  %-5s %s\n' "$(grep -c '	imported-per-kind	' "$out/t" || true)" "imported one CPU kind at a time (--dt-cpus), refused whole (CPUs of different kinds whose tables the module cannot take per set)"
	grep '	refused	' "$out/t" | cut -f3 |
		sed -e 's|/[^ :,]*|NODE|g' -e 's/0x[0-9a-f]*/N/g' -e 's/[0-9][0-9]*/N/g' |
		sort | uniq -c | sort -rn | while read -r c why; do
			printf '  %-5s refused: %s\n' "$c" "$why"
		done
}
table src "linux-source-6.12 arch/arm64+riscv .dts" "$n_src"
[ "$n_src_dtcfail" = 0 ] || echo "  ($n_src_dtcfail with idle states that cpp or dtc could not build, not counted)"
[ -z "$dtbdirs" ] || table dtb "Debian arm64 kernel package .dtb" "$n_deb"
