$BUILD/pidle-bench --help
