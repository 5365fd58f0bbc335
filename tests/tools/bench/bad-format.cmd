$BUILD/pidle-bench --csv --json
