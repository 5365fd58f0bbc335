$BUILD/pidle-bench --as-is -e 0
