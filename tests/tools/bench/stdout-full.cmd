$BUILD/pidle-bench --samples-from $DATA/samples.txt >/dev/full
