$BUILD/pidle-bench -I 5parsecs
