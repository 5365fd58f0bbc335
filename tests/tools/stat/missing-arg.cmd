$BUILD/pidle-stat --interval
