$BUILD/pidle-bench --samples-from $DATA/samples.txt --json -o /dev/full
