$BUILD/pidle-bench extra
