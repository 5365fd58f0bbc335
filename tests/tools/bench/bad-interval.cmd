$BUILD/pidle-bench -I 5ms
