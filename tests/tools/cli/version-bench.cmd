$BUILD/pidle-bench -V
