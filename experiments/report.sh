#!/bin/bash
# report.sh DIR: the results and the report of an experiment run.
# From DIR/cells.tsv (the parsed cells) and DIR/cells/ (their results):
#   DIR/results.csv    one row per cell and repeat: the cell's axes, its
#                      status, every figure of pidle-stat's JSON (flattened
#                      by jsonflat.awk, so energy columns appear when
#                      pidle-stat has them) and the workload's CSV (work_*)
#   DIR/results.json   the same rows, JSON Lines, with pidle-stat's
#                      whole object under "stat"
#   DIR/report.txt     the comparison table (table.awk), also printed
#   DIR/plots/*.png, *.svg  gnuplot, from the CSV files beside them (plots.sh)
set -u
EXP=$(cd "$(dirname "$0")" && pwd)
DIR=${1:?usage: report.sh DIR}
[ -f "$DIR/cells.tsv" ] || { echo "report: no $DIR/cells.tsv: run the experiment first" >&2; exit 1; }

# long.tsv: "ID<TAB>KEY<TAB>VALUE", every figure of every cell
long=$DIR/long.tsv
: > "$long"
while IFS=$'\t' read -r id kernel repeat table gov change qos work states topo wait x xs en dis dma resume run power mode dgov; do
	[ "$id" = id ] && continue
	case $id in '#'*) continue ;; esac
	stem=$DIR/cells/${id//\//_}
	status=missing reason="not run yet"
	if [ -f "$stem.status" ]; then
		read -r status reason < "$stem.status"
	fi
	# the workload's CPU, -c N (pidle-ring's -c is a count of CPUs: its
	# ring starts on CPU 0)
	cpu=$(echo "$run" | sed -n 's/.*-c \([0-9]*\).*/\1/p')
	case $run in pidle-ring*) cpu=0 ;; esac
	{
		printf '%s\t%s\t%s\n' "$id" id "$id" "$id" kernel "$kernel" "$id" repeat "$repeat" \
			"$id" table "$table" "$id" governor_asked "$gov" "$id" change "$change" \
			"$id" qos "$qos" "$id" workload "$work" "$id" status "$status" \
			"$id" reason "${reason:-}" "$id" work_cpu "${cpu:-}" "$id" run "$run"
		if [ -f "$stem.info" ]; then
			sed -n 's/^states /states\t/p; s/^topology /topology\t/p; s/^power /power\t/p; s/^mode /mode\t/p; s/^domain_gov /domain_gov\t/p' "$stem.info" | sed "s|^|$id\t|"
		fi
		# the boot's inputs under -icount (run.sh): seed, rtc_base
		[ -f "$stem.seed" ] && sed 's/ /\t/' "$stem.seed" | sed "s|^|$id\t|"
		[ -s "$stem.stat" ] && awk -f "$EXP/jsonflat.awk" "$stem.stat" | sed "s|^|$id\t|"
		[ -s "$stem.work" ] && awk -F, 'NF > 1 { if (!h) { n = split($0, H, ","); h = 1 } else last = $0 }
			END { if (last != "") { split(last, V, ","); for (i = 1; i <= n; i++) printf "work_%s\t%s\n", H[i], V[i] } }' \
			"$stem.work" | sed "s|^|$id\t|"
	} >> "$long"
done < "$DIR/cells.tsv"

awk -F'\t' -v csv="$DIR/results.csv" -v json="$DIR/results.json" -v cells="$DIR/cells" \
	-f "$EXP/rows.awk" "$long" || exit 1
mkdir -p "$DIR/plots"
# the [compare] deltas (ab/stats.awk), as ab/run passes them
specs=$(awk -F'\t' '$1 == "#compare" { printf "%s%s=%s", n++ ? ";" : "", $2, $3 }' "$DIR/cells.tsv")
# the workloads' expect lines, WORKLOAD=TERMS;...
expects=$(awk -F'\t' '$1 == "#expect" { printf "%s%s=%s", n++ ? ";" : "", $2, $3 }' "$DIR/cells.tsv")
# the workloads' own figures, WORKLOAD=COLUMN;...
figures=$(awk -F'\t' '$1 == "#figure" { printf "%s%s=%s", n++ ? ";" : "", $2, $3 }' "$DIR/cells.tsv")
awk -F'\t' -v plots="$DIR/plots" -v specs="$specs" -v expects="$expects" -v figures="$figures" \
	-f "$EXP/../ab/stats.awk" -f "$EXP/table.awk" "$long" > "$DIR/report.txt" || exit 1
awk -F'\t' '$2 == "seed" && !s[$3]++ { l = l " " $3 }
	END { if (l != "") print "Seeds (QEMU -seed of each repeat, first_seed + r - 1):" l }' "$long" >> "$DIR/report.txt"
"$EXP/plots.sh" "$DIR" >> "$DIR/report.txt" || exit 1
cat "$DIR/report.txt"
echo "report: $DIR/results.csv, $DIR/results.json, $DIR/report.txt, plots in $DIR/plots/"
# A workload's expectation not met fails the run, once everything is out.
if grep -q '^checks: .* NOT met' "$DIR/report.txt"; then
	echo "report: $(grep '^checks: ' "$DIR/report.txt")" >&2
	exit 3
fi
