#!/bin/sh
# --dump-samples / --samples-from at the largest count -n allows
# (10000000 samples of one state and test, a 69 MB line): read back and
# written again byte for byte, every line kind in it; one sample more is
# refused with the line and the reason.
set -e
awk -v n=10000000 'BEGIN {
	printf "state POLL 0\nstate C6 100\ntimer 0"
	for (i = 0; i < n; i++) printf " %d", (i * 7919) % 1000003 + 1000
	printf "\nleft_out 0 4\nipi 1 5 6 7 9223372036854775807\novershoot 1 3 300 200\n" }' > $TMP/max.txt
$BUILD/pidle-bench --samples-from $TMP/max.txt --dump-samples $TMP/again.txt --csv > $TMP/max.csv
cmp $TMP/max.txt $TMP/again.txt
grep -q '^0,"POLL",0,timer,10000000,501.0,991.0,' $TMP/max.csv
sed -i '3s/$/ 1/' $TMP/max.txt
if $BUILD/pidle-bench --samples-from $TMP/max.txt > /dev/null 2> $TMP/err; then
	echo "10000001 samples accepted"; exit 1
fi
grep -qx "pidle-bench: $TMP/max.txt:3: more than 10000000 samples." $TMP/err
