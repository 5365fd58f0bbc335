$BUILD/pidle-bench --help >/dev/full
