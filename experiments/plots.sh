#!/bin/bash
# plots.sh DIR: the experiment's plots, PNG and SVG from the same CSV,
# in DIR/plots/ (table.awk writes cases.csv and residency-*.csv there):
#   latency-WORKLOAD     response time distribution per case (CDF of the
#                        first repeat's samples), us
#   residency-WORKLOAD   residency per state of the workload's CPU and of
#                        the package domains, % of the run, per case
#   energy-latency-WORKLOAD  energy (J) against resp p50 per case, each
#                        point labelled with its case, when pidle-stat
#                        reported energy and the workload a response
#                        time (else a line says why not)
# Prints one line per plot written.
#
# Paths are data, never gnuplot code: gnuplot runs in DIR/plots on file
# names relative to it, so that a quote in DIR cannot end a string of the
# script; the names that do go into the script (cases, workloads: the
# experiment file's names, parse.awk's [A-Za-z0-9_.+-]) are checked for
# that alphabet first. A plot is written under a temporary name and
# renamed when gnuplot succeeded: a failed one leaves no empty file.
set -u
DIR=${1:?usage: plots.sh DIR}
P=$DIR/plots
command -v gnuplot > /dev/null || { echo "plots: no gnuplot (make deps installs gnuplot-nox)"; exit 0; }

# plot NAME SCRIPT: SCRIPT once per terminal, in $P; NAME.png and
# NAME.svg appear only when both were drawn
plot() {
	local t
	for t in png svg; do
		{
			if [ $t = png ]; then echo "set terminal pngcairo size 1000,600 noenhanced"
			else echo "set terminal svg size 1000,600 noenhanced"; fi
			echo "set output '$1.$t.tmp'"
			echo "$2"
		} | (cd "$P" && gnuplot) 2> "$P/$1.$t.err" && [ -s "$P/$1.$t.tmp" ] ||
			{ echo "plots: $1.$t failed: $(grep -m 1 . "$P/$1.$t.err")"; rm -f "$P/$1".*.tmp "$P/$1.$t.err"; return 1; }
		rm -f "$P/$1.$t.err"
	done
	mv -f "$P/$1.png.tmp" "$P/$1.png" && mv -f "$P/$1.svg.tmp" "$P/$1.svg" || return 1
	echo "plot: $P/$1.png (and .svg)"
}
# safe NAME...: each of the names written into a gnuplot script is of
# the experiment file's alphabet (no quote, no backslash)
safe() {
	local n
	for n; do
		case $n in *[!A-Za-z0-9_.+/-]*|'') echo "plots: '$n': not a case or workload name of an experiment file (letters, digits, _ . + - /): not plotted"; return 1 ;; esac
	done
}

st=0
for w in $(awk -F, 'NR > 1 && !s[$2]++ { print $2 }' "$P/cases.csv"); do
	safe "$w" || { st=1; continue; }
	# the CDF data: per case of this workload, sorted samples of repeat 1
	mkdir -p "$P/dist-$w"; rm -f "$P/dist-$w"/*.csv
	cmd=
	while IFS=, read -r c _; do
		f=$(ls "$DIR"/cells/*_"$(echo "$c" | sed 's|/|_|g')_${w}_r1.samples" 2>/dev/null | head -n 1)
		[ -s "$f" ] || continue
		safe "$c" || { st=1; continue; }
		out=dist-$w/$(echo "$c" | tr / _).csv
		sort -n "$f" | awk '{ v[NR] = $1 } END { print "resp_us,fraction"; for (i = 1; i <= NR; i++) print v[i] "," i / NR }' > "$P/$out"
		cmd="$cmd${cmd:+, }'$out' using 1:2 with lines lw 2 title '$c'"
	done < <(awk -F, -v w="$w" 'NR > 1 && $2 == w' "$P/cases.csv")
	if [ -n "$cmd" ]; then
		plot "latency-$w" "set datafile separator ','; set key bottom right; set grid
set title 'Response time, interrupt to work done: $w (first repeat)'
set xlabel 'response time (us)'; set ylabel 'fraction of interrupts'; set yrange [0:1]
plot $cmd" || st=1
	fi
	r=$P/residency-$w.csv
	if [ -s "$r" ]; then
		n=$(head -n 1 "$r" | awk -F, '{ print NF }')
		plot "residency-$w" "set datafile separator ','; set style data histograms; set style histogram rowstacked
set style fill solid 0.8 border -1; set key outside right; set grid ytics
set title 'Residency per state on the workload CPU, and package down: $w'
set ylabel 'residency (% of the run)'; set xtics rotate by -30 left
plot for [i=2:$((n - 1))] 'residency-$w.csv' using i:xtic(1) title columnheader, '' using (\$0 - 1):$n with points pt 7 ps 2 title 'package down %'" || st=1
	fi
	# energy against latency: this workload's cases that have energy
	e=$P/energy-$w.csv
	awk -F, -v w="$w" 'NR == 1 || ($2 == w && $9 != "" && $3 != "")' "$P/cases.csv" > "$e"
	if [ "$(wc -l < "$e")" -gt 1 ]; then
		plot "energy-latency-$w" "set datafile separator ','; set grid; set key off
set title 'Energy of the run against response time, per case: $w (lower left is better)'
set xlabel 'response time p50 (us)'; set ylabel 'energy of the machine over the run (J)'
set offsets graph 0.05, graph 0.3, graph 0.1, graph 0.1
plot 'energy-$w.csv' using 3:9 with points pt 7 ps 1.5, '' using 3:9:1 with labels offset 1,0.5 left font ',8'" || st=1
	elif awk -F, -v w="$w" '$2 == w && $9 != "" { f = 1 } END { exit !f }' "$P/cases.csv"; then
		# hackbench's time, the idle run: no response time to plot against
		echo "plot: energy-latency-$w not drawn: the workload reports no response time (resp p50)"
	else
		echo "plot: energy-latency-$w not drawn: pidle-stat reported no energy (the table has no powers)"
	fi
done
exit $st
