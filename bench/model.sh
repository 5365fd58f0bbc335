#!/bin/sh
# model.sh BUILD_DIR: benchmark 1, the model core's enter+exit pair against
# the bare-atomics floor (bench/model/model_bench.c says what each does).
# Two tables: CPU time per pair, median of REPS runs side by side; and
# instructions per pair under callgrind, which do not depend on the load.
# Goal: the single-threaded time ratio at most 2.
set -eu
B=$1
PAIRS=${BENCH_MODEL_PAIRS:-1000000}
REPS=${BENCH_MODEL_REPS:-7}
CG_PAIRS=${BENCH_MODEL_CG_PAIRS:-10000}
GOAL=2.0

echo "== 1. model core: enter+exit pair (PC6 on core/cluster/package, 8 CPUs) vs bare-atomics floor"
echo "   CPU time per pair, median of $REPS runs of $PAIRS pairs, model and floor alternating"
printf '   %-28s %7s %9s %9s %7s  %s\n' case threads model_ns floor_ns ratio goal
"$B/model_bench" -p "$PAIRS" -r "$REPS" | sed -n 's/^case //p' |
while IFS='|' read -r name thr model floor; do
	awk -v n="$name" -v t="$thr" -v m="$model" -v f="$floor" -v g="$GOAL" 'BEGIN {
		r = m / f
		if (t == 1) goal = (r <= g) ? "met (<= " g "x)" : "MISSED (> " g "x)"
		else goal = "-"
		printf "   %-28s %7d %9.1f %9.1f %7.2f  %s\n", n, t, m, f, r, goal
	}'
done

echo "   instructions per pair under valgrind --tool=callgrind ($CG_PAIRS pairs, pidle_enter+pidle_exit vs the floor's two functions)"
cg=$(mktemp -d)
trap 'rm -rf "$cg"' EXIT
# callgrind NAME MODEL_BENCH_ARGS...: model_bench under callgrind, counting
# the four functions; its output in $cg/NAME.cases, its dumps $cg/NAME.*
callgrind() {
	_n=$1; shift
	valgrind --tool=callgrind --callgrind-out-file="$cg/$_n" \
		--toggle-collect=pidle_enter --toggle-collect=pidle_exit \
		--toggle-collect=pidle_mb_floor_enter --toggle-collect=pidle_mb_floor_exit \
		"$B/model_bench" "$@" > "$cg/$_n.cases" 2> "$cg/$_n.log" ||
		{ echo "   callgrind failed:"; sed 's/^/   /' "$cg/$_n.log"; exit 1; }
}
# ir NAME WHAT: the instructions of callgrind NAME's dump WHAT; each
# client-request dump is one file, "desc: Trigger: Client Request: WHAT".
ir() {
	for f in "$cg/$1".[0-9]*; do
		grep -q "^desc: Trigger: Client Request: $2\$" "$f" &&
			sed -n 's/^summary: //p' "$f"
	done
}
callgrind out -g "$CG_PAIRS"
printf '   %-28s %9s %9s %7s\n' case model_Ir floor_Ir ratio
sed -n 's/^case //p' "$cg/out.cases" | while read -r i name; do
	awk -v n="$name" -v m="$(ir out "model $i")" -v f="$(ir out "floor $i")" -v p="$CG_PAIRS" 'BEGIN {
		printf "   %-28s %9.1f %9.1f %7.2f\n", n, m / p, f / p, m / f
	}'
done

echo
echo "== 1b. scale rows: one package of N CPUs in 2-CPU cores, 1 thread, the other CPUs offline"
echo "   (every pair is last man and first man at core and package; with domain_policy=timer"
echo "   the last man scans the package's timers). Goals: flat within 10% from 2 to 256 CPUs;"
echo "   model/floor at most 1.3x in time, 2.5x in instructions."
printf '   %-6s %5s %9s %9s %7s %9s %9s %7s %8s\n' policy cpus model_ns floor_ns ratio model_Ir floor_Ir ratio vs_2cpu
callgrind scale -s -g "$CG_PAIRS"
"$B/model_bench" -s -p "$PAIRS" -r "$REPS" | sed -n 's/^scale //p' |
while IFS='|' read -r pol n model floor; do
	awk -v p="$pol" -v n="$n" -v m="$model" -v f="$floor" \
	    -v mi="$(ir scale "scale-model $pol $n")" -v fi="$(ir scale "scale-floor $pol $n")" \
	    -v mi2="$(ir scale "scale-model $pol 2")" -v pairs="$CG_PAIRS" 'BEGIN {
		printf "   %-6s %5d %9.1f %9.1f %7.2f %9.1f %9.1f %7.2f %8.2f\n", p, n, m, f, m / f,
			mi / pairs, fi / pairs, mi / fi, mi / mi2
	}'
done
