$BUILD/pidle-bench --version
