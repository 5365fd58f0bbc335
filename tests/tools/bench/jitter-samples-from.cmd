$BUILD/pidle-bench -j 4000 --samples-from $DATA/samples.txt
