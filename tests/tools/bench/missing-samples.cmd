$BUILD/pidle-bench --samples-from $DATA/none.txt
