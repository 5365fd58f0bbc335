#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# corpus-agree.sh [REGEX]: one line per recording of tests/replay/corpus/
# (those whose name matches REGEX, default all), replayed under its own
# governor and table with pidle-replay --agree 1: the idle periods, the
# decisions that differ from the guest's by class (a: left at once, t:
# tick kept running, c: after one on this CPU, o: after one on another
# CPU, p: placed), the figures within 1 % and those not placed, and the
# energy (guest, replay, difference %). Documentation/pidle-replay.rst
# ("Agreement, figure by figure") shows its output (make doc-figures).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
R=${BUILD:-$TOP/build}/pidle-replay
REGEX=${1:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-18s %7s %6s  %-22s %6s %8s  %s\n' recording periods differ \
	"by class (a t c o p)" within unplaced "energy J (guest, replay, diff %)"
for t in "$TOP"/tests/replay/corpus/*.trace.xz; do
	name=$(basename "$t" .trace.xz)
	[[ $name =~ $REGEX ]] || continue
	t_mode=pc t_domain_gov= t_power= t_states= t_topology= t_governor=
	eval "$(sed -n 's/^\(states\|topology\|power\|governor\|mode\|domain_gov\) \(.*\)/t_\1="\2"/p' "${t%.trace.xz}.info")"
	[ "$t_mode" = osi ] || t_domain_gov=
	[ "$t_power" = none ] && t_power=
	st=0
	xz -dc "$t" | "$R" -s "$t_states" -T "$t_topology" ${t_power:+--power "$t_power"} \
		-g "$t_governor" --mode "$t_mode" ${t_domain_gov:+--domain-gov "$t_domain_gov"} \
		--agree 1 - > "$tmp/a" || st=$?
	[ $st -eq 0 ] || [ $st -eq 5 ] || { echo "corpus-agree.sh: $name: pidle-replay exit $st" >&2; exit 1; }
	dec=$(sed -n 's/^  decisions: //p' "$tmp/a")
	cls=
	for k in "left at once" "tick kept running" "after one on this CPU" \
		 "after one on another CPU" "placed"; do
		n=$(grep -o "; $k [0-9]*" <<< "$dec" | grep -o '[0-9]*$' || true)
		cls="$cls ${n:-0}"
	done
	energy=$(sed -n 's/^  energy J  *\([0-9.]*\)  *\([0-9.]*\)  *\([0-9.]*\) .*/\1 \2 \3/p' "$tmp/a")
	printf '%-18s %7s %6s  %-22s %6s %8s  %s\n' "$name" \
		"$(sed 's/^[0-9]* of \([0-9]*\).*/\1/' <<< "$dec")" "${dec%% of *}" \
		"${cls# }" "$(grep -c ' within$' "$tmp/a" || true)" \
		"$(grep -c ' not placed: ' "$tmp/a" || true)" "${energy:-no powers}"
done
