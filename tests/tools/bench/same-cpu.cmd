$BUILD/pidle-bench -c 1 -w 1
