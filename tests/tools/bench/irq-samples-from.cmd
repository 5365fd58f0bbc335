$BUILD/pidle-bench --irq --samples-from $DATA/samples.txt
