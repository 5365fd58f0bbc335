$BUILD/pidle-bench -t sleep
