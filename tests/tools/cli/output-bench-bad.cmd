$BUILD/pidle-bench --samples-from $DATA/../bench/samples.txt -o $TMP/no/such/dir/r
