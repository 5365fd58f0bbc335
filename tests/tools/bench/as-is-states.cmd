$BUILD/pidle-bench --as-is -s 0
