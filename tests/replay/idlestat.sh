#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# idlestat.sh [BUILD] [KERNEL]: the peer's price of a recorded trace
# against pidle-replay's, on the same trace and table (issue 26).
#
# idlestat takes its C-state names and topology from the cpuidle sysfs of
# the machine it runs on, not from the trace, so it runs here in a guest
# with the module loaded with the recording's table (the guest's sysfs
# then shows POLL, C1, C6, PC6 and one package of two CPUs): idlestat
# --import of tests/replay/guest-menu.trace (from the governor-reset mark,
# where the replay starts; its cpu_idle lines in trace-cmd report's text:
# idlestat 0.8 misreads a tracefs header, each '#' line after "#P:2"
# resets its CPU count to 0), with tests/replay/guest-menu.em, the part of
# the table idlestat's energy model can express. On the host,
# pidle-replay -g recorded prices the same periods with the same part of
# the table (the em file says which). Passes when the two energies agree
# within 1 %. Takes the machine's guest lock: run it as
#   flock /tmp/pidle-guest.lock tests/replay/idlestat.sh
# (make check-replay-idlestat). One boot, no -icount: about 30 s.
# Prints its own "N passed, N failed".
set -uo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(cd "${1:-$TOP/build}" && pwd)
kname=${2:-6.12}
D=$TOP/tests/replay
R=$BUILD/pidle-replay
TRACE=$D/guest-menu.trace
EM=$D/guest-menu.em
# the recording's table, and the part of it idlestat can price
STATES=$(sed -n 's/^states //p' "${TRACE%.trace}.info")
TOPO=$(sed -n 's/^topology //p' "${TRACE%.trace}.info")
PART='POLL:0:0:cpu:4000:0,C1:2:2:cpu:1500:0,C6:100:400:cpu:200:0,PC6:133:600:package:1000:0'
TOL_PCT=1
work=$BUILD/replay/idlestat
mkdir -p "$work"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok - $1: $2"; }
finish() { echo "$pass passed, $fail failed"; [ $fail -eq 0 ]; exit; }
command -v idlestat > /dev/null || { not_ok "idlestat" "not installed (scripts/deps)"; finish; }
[ -x "$R" ] || { not_ok "pidle-replay" "$R not built (make tools)"; finish; }

# the trace from the mark, in trace-cmd report's text: "version = 6",
# "cpus=N", then the cpu_idle lines without tracefs's flags field
{
	echo "version = 6"
	echo "cpus=2"
	awk '/tracing_mark_write: pidle-replay: governor reset/ { on = 1; next }
	     on && / cpu_idle: / { sub(/\] +[^ ]+ +/, "] "); print }' "$TRACE"
} > "$work/idlestat.trace"

read -r image kdir < <("$TOP/harness/kernel" "$kname") || { not_ok "kernel $kname" "none"; finish; }
"$TOP/harness/module" "$kdir" "$work/kmod-$kname" > /dev/null ||
	{ not_ok "module for $kname" "build failed"; finish; }
"$TOP/harness/image" "$work/initrd.gz" --bin "$(command -v idlestat)" \
	--suite "$D/guest-idlestat.sh" \
	--file "$work/kmod-$kname/pseudo_cpuidle.ko" \
	--file "$work/idlestat.trace:/idlestat.trace" --file "$EM:/idlestat.em"
t0=$(date +%s.%N)
"$TOP/harness/boot" --kernel "$image" --initrd "$work/initrd.gz" \
	--log "$work/serial.log" --smp 2 --suite guest-idlestat --timeout 300 \
	--append "idl_states=$STATES idl_topology=$TOPO"
t1=$(date +%s.%N)
if "$TOP/harness/check" idlestat "$work/serial.log" > "$work/check.out" 2>&1; then
	ok "idlestat ran in the guest on the module's states ($(printf '%.0f' "$(echo "$t1 - $t0" | bc)") s boot)"
else
	not_ok "idlestat ran in the guest" "$(tail -n 5 "$work/check.out" | tr '\n' ' ')"
	finish
fi
tr -d '\r' < "$work/serial.log" | sed -n '/^# idlestat-begin/,/^# idlestat-end/{/^I /s/^I //p}' > "$work/idlestat.out"

# idlestat: "Total Energy Index N (E)", mW x us / 1e6 = mJ
idl_mj=$(sed -n 's/^ *Total Energy Index.*(\(.*\))$/\1/p' "$work/idlestat.out" | awk '{ printf "%.6f", $1 }')
# its per-CPU hits per state, summed over the CPUs: "NAME N ..."
idl_hits=$(awk -F'|' 'NF == 3 && $2 ~ /cpu[0-9]/ { cpu = 1; next } NF == 3 && $2 ~ /cluster/ { cpu = 0; next }
	cpu && NF >= 9 && $2 !~ /C-state/ { n = $2; gsub(/ /, "", n); h[n] += $7 }
	END { for (n in h) printf "%s %d\n", n, h[n] }' "$work/idlestat.out" | sort)
# pidle-replay: the recorded choices, the same part of the table, and the whole table
"$R" -s "$PART" -T "$TOPO" --power cpu:0,package:0 -g recorded --json "$TRACE" > "$work/part.json"
P=$(sed -n 's/^power //p' "${TRACE%.trace}.info")
"$R" -s "$STATES" -T "$TOPO" --power "$P" -g recorded --json "$TRACE" > "$work/full.json"
rp_part=$(jq -r '.energy.j * 1000' "$work/part.json")
rp_hits=$(jq -r '.states[] | select(.requested > 0) | "\(.name) \(.requested)"' "$work/part.json" | sort)
# the trace itself, priced both ways (idlestat-expect.awk): the cpu_idle
# spans (idlestat's accounting) and the module's idle and down times
# (the model's)
read -r _ sp_mj _ sp_cpu _ sp_pkg _ < <(awk -v core="4000 1500 200 200" -v cl="0 0 0 1000" -f "$D/idlestat-expect.awk" "$TRACE" | sed -n 1p)
read -r _ md_mj _ md_cpu _ md_pkg _ md_downs < <(awk -v core="4000 1500 200 200" -v cl="0 0 0 1000" -f "$D/idlestat-expect.awk" "$TRACE" | sed -n 2p)
idl_cpu=$(awk -F'|' 'NF == 3 && $2 ~ /cpu[0-9]/ { cpu = 1; next } NF == 3 && $2 ~ /cluster/ { cpu = 0; next }
	NF >= 9 && $2 !~ /C-state/ { v = $6; gsub(/ /, "", v); x = v + 0; if (v ~ /ms$/) x *= 1000; else if (v ~ /s$/ && v !~ /us$/) x *= 1e6; if (cpu) c += x; else k += x }
	END { printf "%.3f %.3f", c / 1000, k / 1000 }' "$work/idlestat.out")
log=$(sed -n 's/^Log is \([0-9.]*\) secs.*/\1/p' "$work/idlestat.out")
{
	echo "$(basename "$TRACE"), from the governor-reset mark (idlestat's log: ${log:-?} s):"
	printf '  %-44s %10s %12s %12s\n' "" "energy mJ" "CPUs idle ms" "package ms"
	printf '  %-44s %10.3f %12s %12s\n' "idlestat --import -e $(basename "$EM") (guest)" "$idl_mj" ${idl_cpu% *} ${idl_cpu#* }
	printf '  %-44s %10.3f %12.3f %12.3f\n' "  the trace's cpu_idle spans, priced" "$sp_mj" "$sp_cpu" "$sp_pkg"
	printf '  %-44s %10.3f %12s %12s\n' "pidle-replay -g recorded, the same part" "$rp_part" - -
	printf '  %-44s %10.3f %12.3f %12.3f\n' "  the module's idle and down times, priced" "$md_mj" "$md_cpu" "$md_pkg"
	printf '  %-44s %10.3f\n' "pidle-replay, the whole table" "$(jq -r '.energy.j * 1000' "$work/full.json")"
	printf '  %-44s %10.3f\n' "pidle-replay, the whole table, idle periods" "$(jq -r '.energy.idle_j * 1000' "$work/full.json")"
	echo "  states entered (idlestat's CPU hits / pidle-replay's requested): $(echo $idl_hits) / $(echo $rp_hits)"
} | tee "$work/summary.txt"
# within PCT: A B PCT
within() { awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { if (a == "" || b == "" || b == 0) exit 1; d = (a - b) / b * 100; exit !(d <= t && d >= -t) }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.3f", b ? (a - b) / b * 100 : 0 }'; }
if [ -n "$idl_hits" ] && [ "$idl_hits" = "$rp_hits" ]; then
	ok "idlestat's states entered are pidle-replay's requests ($(echo $idl_hits))"
else
	not_ok "idlestat's states entered are pidle-replay's requests" "idlestat '$(echo $idl_hits)', pidle-replay '$(echo $rp_hits)'"
fi
if within "$idl_mj" "$sp_mj" $TOL_PCT; then
	ok "idlestat's energy is the trace's cpu_idle spans priced by the em file ($idl_mj mJ, $(pct "$idl_mj" "$sp_mj") %)"
else
	not_ok "idlestat's energy is the trace's cpu_idle spans priced" "idlestat ${idl_mj:-none} mJ, spans $sp_mj mJ"
fi
if within "$rp_part" "$md_mj" $TOL_PCT; then
	ok "pidle-replay's energy is the module's idle and down times priced ($rp_part mJ, $(pct "$rp_part" "$md_mj") %)"
else
	not_ok "pidle-replay's energy is the module's idle and down times priced" "pidle-replay $rp_part mJ, module $md_mj mJ"
fi
finish
