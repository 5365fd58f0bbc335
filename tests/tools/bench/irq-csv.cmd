$BUILD/pidle-bench --samples-from $DATA/samples-irq.txt --csv
