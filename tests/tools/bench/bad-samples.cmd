$BUILD/pidle-bench --samples-from $DATA/bad-samples.txt
