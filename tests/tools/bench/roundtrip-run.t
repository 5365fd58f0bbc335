#!/bin/sh
# A real (tiny) run on a fake tree, dumped, then read back: the same
# report in every format, and the dump again the same file (sample order
# kept: the dump is written before the report sorts them).
set -e
r=$TMP/rt; sh $DATA/tree.sub $r
$BUILD/pidle-bench --sysfs-root $r -n 7 -I 50 --csv --dump-samples $TMP/d.txt > $TMP/run.csv
$BUILD/pidle-bench --samples-from $TMP/d.txt --csv --dump-samples $TMP/d2.txt > $TMP/back.csv
cmp $TMP/run.csv $TMP/back.csv
cmp $TMP/d.txt $TMP/d2.txt
test "$(grep -c '^timer\|^ipi' $TMP/d.txt)" = 4
for f in "" --json; do
	$BUILD/pidle-bench --samples-from $TMP/d.txt $f > $TMP/a
	$BUILD/pidle-bench --samples-from $TMP/d2.txt $f > $TMP/b
	cmp $TMP/a $TMP/b
done
