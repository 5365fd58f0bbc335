$BUILD/pidle-bench -p 1 -s 0,1 --states 1 --samples 10 --samples-from $DATA/../bench/samples.txt --csv
