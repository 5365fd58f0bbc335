$BUILD/pidle-bench -j -1us
