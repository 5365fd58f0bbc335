$BUILD/pidle-bench -n 0
