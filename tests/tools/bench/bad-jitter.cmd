$BUILD/pidle-bench -j 5ms
