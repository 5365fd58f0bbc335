$BUILD/pidle-bench --bogus
