$BUILD/pidle-bench -n
