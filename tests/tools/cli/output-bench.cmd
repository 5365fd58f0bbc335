$BUILD/pidle-bench --samples-from $DATA/../bench/samples.txt --json -o $TMP/r.json && jq -c '.results[0]' $TMP/r.json
