#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make-golden.sh [KSRC]: remake the golden devicetree blobs of tests/dt/
# from Linux 6.12's own sources (default: scripts/kernel-src 6.12). Each
# board's .dts is preprocessed and compiled as the kernel's build does
# (coverage.sh says how), then cut down to what pidle-topo --dt reads:
# the root's properties, /cpus, the PSCI node and the CPUs' OPP tables
# (operating-points-v2, for --dt-power dpc); every other top-level node
# is removed with fdtput -r, and the blob packed again with dtc.
# The phandles those nodes held (clocks, interconnects of the CPUs) then
# point nowhere; the importer never follows them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# include/dt-bindings/input/linux-event-codes.h links to a uapi header
# (the boards with keys include it): unpacked too.
ksrc=${1:-$("$here/../../scripts/kernel-src" 6.12 arch/arm64/boot/dts \
	include/dt-bindings include/uapi/linux/input-event-codes.h \
	scripts/dtc/include-prefixes)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for board in qcom/x1e80100-crd qcom/sm8250-mtp qcom/sdm845-mtp \
	     qcom/msm8916-mtp qcom/sc7180-idp arm/juno \
	     hisilicon/hi3660-hikey960 mediatek/mt8183-evb mediatek/mt8195-evb \
	     qcom/msm8956-sony-xperia-loire-suzu qcom/sm6115p-lenovo-j606f; do
	name=$(basename "$board")
	dts=$ksrc/arch/arm64/boot/dts/$board.dts
	cpp -nostdinc -I "$ksrc/include" -I "$ksrc/arch/arm64/boot/dts" \
		-I "$ksrc/scripts/dtc/include-prefixes" -I "$(dirname "$dts")" \
		-undef -D__DTS__ -x assembler-with-cpp "$dts" |
		dtc -q -I dts -O dtb -o "$tmp/$name.dtb" -
	for n in $(fdtget -l "$tmp/$name.dtb" /); do
		case $n in
		cpus|psci) ;;
		*)	# an OPP table stays (its opp-microvolt; the OPPs'
			# required-opps and interconnects then point nowhere)
			fdtget "$tmp/$name.dtb" "/$n" compatible 2> /dev/null |
				grep -qw operating-points-v2 ||
				fdtput -r "$tmp/$name.dtb" "/$n" ;;
		esac
	done
	dtc -q -I dtb -O dtb -o "$here/$name.dtb" "$tmp/$name.dtb"
	echo "$name.dtb: $(wc -c < "$here/$name.dtb") bytes, from arch/arm64/boot/dts/$board.dts"
done
